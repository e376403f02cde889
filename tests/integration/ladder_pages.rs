//! The ladder's pages (`tourney ladder --live`, and the same pages as files in OUT/pages): the
//! standings with every entry and what was turned away, a page per entry, and a program's own
//! log only on its entry's private page, behind the token in OUT/private/ENTRY.url. The pages
//! are laid out by headless Chromium where it is installed. Every wait polls for a condition.

use super::chromium;
use super::ladder::{entry, ladder_args, ladder_folders, log, status_games, wait_for};
use super::live::{Served, request};
use super::programs::examples;
use std::fs;
use std::path::Path;

/// What the loud entry's program writes to stderr: private to its entry's page.
const SECRET: &str = "loud-program-private-line-7f3e";

/// An entry whose program says [`SECRET`] on stderr, then plays at random.
fn loud_entry(dir: &Path) {
    let path = dir.join("loud");
    fs::create_dir_all(&path).unwrap();
    fs::copy(examples().join("random.py"), path.join("random.py")).unwrap();
    fs::write(
        path.join("loud.py"),
        format!(
            "import os, runpy, sys\nsys.stderr.write('{SECRET}\\n')\nsys.stderr.flush()\n\
             runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), \
             'random.py'), run_name='__main__')\n"
        ),
    )
    .unwrap();
    fs::write(
        path.join("bot.toml"),
        "name = \"loud\"\ngame = \"t2r\"\ncommand = \"python3\"\nargs = [\"loud.py\"]\n\
         move_ms = 5000\nstartup_ms = 20000\n",
    )
    .unwrap();
}

/// Every file under `dir`, read as text. The ladder still runs meanwhile: a file it replaces or
/// removes between the listing and the reading (a page written anew, a replay page no page
/// lists any more) is no longer a page anyone can see, and is passed over.
fn texts(dir: &Path) -> Vec<(String, String)> {
    let gone = |e: &std::io::Error| e.kind() == std::io::ErrorKind::NotFound;
    let mut found = Vec::new();
    let items = match fs::read_dir(dir) {
        Err(e) if gone(&e) => return found,
        items => items.unwrap(),
    };
    for item in items {
        let path = item.unwrap().path();
        if path.is_dir() {
            found.extend(texts(&path));
            continue;
        }
        match fs::read(&path) {
            Err(e) if gone(&e) => {}
            read => {
                let text = String::from_utf8_lossy(&read.unwrap()).into_owned();
                found.push((path.display().to_string(), text));
            }
        }
    }
    found
}

#[test]
fn a_ladders_pages_show_standings_and_entries_and_a_log_only_behind_its_token() {
    let (_scratch, dir, out, store) = ladder_folders();
    loud_entry(&dir);
    entry(&dir, "b", "steady", "random.py", &[]);
    entry(&dir, "c", "refused", "doubles/fault.py", &["tickets"]);
    fs::create_dir_all(dir.join("d-empty")).unwrap();
    let args = ladder_args(&dir, &out, &store, &["--live", "127.0.0.1:0"]);
    // The arguments hold paths: each is handed over whole, none split at white space.
    let args: Vec<&Path> = args.iter().map(Path::new).collect();
    let served = Served::start("", &args);
    let private_link = out.join("private/loud.url");
    wait_for("games and the private page", || {
        status_games(&out) >= 8
            && private_link.is_file()
            && (fs::read_to_string(out.join("private/loud.html")))
                .is_ok_and(|page| page.contains(SECRET))
            && log(&out).contains("entry refused: version")
    });
    // Wait for the pages of a refresh after the refused version's verdict.
    wait_for("the turned-away version on the standings", || {
        (fs::read_to_string(out.join("pages/index.html")))
            .is_ok_and(|page| page.contains("a ticket choice"))
    });
    let (status, standings) = request(&served.url, "GET", "");
    assert_eq!(status, 200, "{standings}");
    for shown in [
        "<a href=\"entries/loud.html\">loud</a>",
        "<a href=\"entries/steady.html\">steady</a>",
        "id=\"turned-away\"",
        "folder d-empty",
        "no manifest",
    ] {
        assert!(standings.contains(shown), "{shown}: {standings}");
    }
    let (status, entry_page) = request(&served.url, "GET", "entries/loud.html");
    assert_eq!(status, 200, "{entry_page}");
    assert!(entry_page.contains("passed, plays"), "{entry_page}");
    // Its ratings over time: the points kept in OUT/ratings.jsonl, drawn and listed.
    let points = fs::read_to_string(out.join("ratings.jsonl")).unwrap();
    let first = (points.lines())
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|point| point["entry"] == "loud")
        .expect("a point of loud");
    assert!(entry_page.contains("id=\"ratings-chart\""), "{entry_page}");
    let row = format!(
        "<td>{}</td><td>{}</td><td>{}</td>",
        first["at"].as_str().unwrap(),
        first["games"],
        (first["rating"].as_str().unwrap())
            .replace('>', "&gt;")
            .replace('<', "&lt;")
    );
    assert!(entry_page.contains(&row), "{row}: {entry_page}");
    // Each recent game links to its replay page, made from the deal's record in OUT/records
    // and served with the pages.
    let replay = (entry_page.split("<a href=\"../replays/").nth(1))
        .and_then(|rest| rest.split('"').next())
        .expect("a replay link")
        .to_string();
    let game = (replay
        .strip_prefix("game-")
        .and_then(|r| r.strip_suffix(".html")))
    .and_then(|n| n.parse::<u64>().ok())
    .expect("a game's page");
    assert!(out.join("pages/replays").join(&replay).is_file());
    let record = out.join(format!("records/00000/deal-{}.jsonl.gz", game / 2));
    assert!(record.is_file(), "{}", record.display());
    let (status, page) = request(&served.url, "GET", &format!("replays/{replay}"));
    assert_eq!(status, 200, "{page}");
    assert!(page.contains(&format!("t2r game {game} ")), "{page:.2000}");
    assert!(
        entry_page.contains("class=\"message\">steady "),
        "an opponent: {entry_page}"
    );
    // The log: on no public page, served or written; on the private page behind the token.
    for (path, text) in texts(&out.join("pages")) {
        assert!(!text.contains(SECRET), "{path} shows the private log");
    }
    assert!(!standings.contains(SECRET) && !entry_page.contains(SECRET));
    let link = fs::read_to_string(&private_link).unwrap();
    let token = link.trim().strip_prefix("/private/").unwrap();
    assert_eq!(token.len(), 32, "{link}");
    let (status, private) = request(&served.url, "GET", link.trim().trim_start_matches('/'));
    assert_eq!(status, 200, "{private}");
    assert!(private.contains(SECRET), "{private}");
    assert!(private.contains("id=\"program-log\""), "{private}");
    let other = format!("private/{}", "0".repeat(32));
    for unknown in [
        other.as_str(),
        "private/loud",
        "private/",
        "../private/loud.url",
    ] {
        let (status, body) = request(&served.url, "GET", unknown);
        assert_eq!(status, 404, "{unknown}: {body}");
    }
    let (status, _) = request(&served.url, "GET", "private/loud.url");
    assert_eq!(status, 404);
    // Chromium lays the standings and an entry page out without a problem, with their rows.
    if chromium::available("the ladder's pages render") {
        for page in ["pages/index.html", "pages/entries/steady.html"] {
            let (_, texts, problems) = chromium::layout_problems(&out.join(page), "");
            assert!(texts > 0, "{page}");
            assert!(problems.is_empty(), "{page}:\n{}", problems.join("\n"));
        }
        let dom = chromium::run(&served.url, &["--dump-dom"]);
        let dom = String::from_utf8_lossy(&dom.stdout);
        assert!(dom.contains("<td>1</td>"), "a ranked row: {dom:.2000}");
    }
    assert_eq!(served.end(), 130);
}

/// The bytes of every file under `dir` (none when it does not exist).
fn size_of(dir: &Path) -> u64 {
    let Ok(items) = fs::read_dir(dir) else {
        return 0;
    };
    (items.map(|item| item.unwrap().path()))
        .map(|path| match path.is_dir() {
            true => size_of(&path),
            false => fs::metadata(&path).unwrap().len(),
        })
        .sum()
}

/// A budget far below what the ladder's records take: the oldest records go (every game's
/// result stays in the store), the records and logs end within the budget, and the entry
/// pages say "record pruned" for the recent games whose records went, and link the others.
#[test]
fn a_tiny_disk_budget_prunes_the_oldest_records_and_the_pages_say_so() {
    let (_scratch, dir, out, store) = ladder_folders();
    entry(&dir, "a", "first", "random.py", &[]);
    entry(&dir, "b", "second", "random.py", &[]);
    let args = ladder_args(
        &dir,
        &out,
        &store,
        &["--games", "40", "--disk-budget", "10kB"],
    );
    let output = super::support::tourney().args(&args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(status_games(&out), 40);
    let pruned: u64 = (fs::read_to_string(out.join("records/pruned-below")).unwrap())
        .trim()
        .parse()
        .unwrap();
    assert!(pruned > 0);
    let kept = size_of(&out.join("records")) + size_of(&out.join("logs"));
    assert!(kept <= 10_000, "records and logs take {kept} bytes");
    assert!(
        log(&out).contains("disk budget 10 kB: removed"),
        "{}",
        log(&out)
    );
    // What each listed game shows follows from the records alone, whatever the refreshes'
    // cadence: a game of a deal below pruned-below says "record pruned" (even when its page
    // was made before the pruning), any other links to its replay page, which exists.
    let page = fs::read_to_string(out.join("pages/entries/first.html")).unwrap();
    let rows = games_table(&page);
    assert_eq!(rows.len(), 20, "{page}");
    for (game, replay) in &rows {
        match game / 2 < pruned {
            true => assert_eq!(replay, "record pruned", "game {game}: {page}"),
            false => {
                let link = format!("<a href=\"../replays/game-{game}.html\">replay</a>");
                assert_eq!(replay, &link, "game {game}: {page}");
                assert!(
                    out.join(format!("pages/replays/game-{game}.html"))
                        .is_file()
                );
            }
        }
    }
    // The 40 games' deals take about 20 kB: the oldest listed (games 20 and 21, deal 10) are
    // pruned, the newest (deal 19) kept.
    assert!(rows.iter().any(|(_, r)| r == "record pruned"), "{page}");
    assert!(rows.iter().any(|(_, r)| r.starts_with("<a ")), "{page}");
    for (path, text) in texts(&out.join("pages/entries")) {
        for (game, replay) in games_table(&text) {
            let pruned_here = game / 2 < pruned;
            assert_eq!(
                replay == "record pruned",
                pruned_here,
                "{path}: game {game}"
            );
        }
    }
}

/// The game number and the replay cell of each row of a page's table of games.
fn games_table(page: &str) -> Vec<(u64, String)> {
    let Some(table) =
        (page.split("<table id=\"games\">").nth(1)).and_then(|t| t.split("</table>").next())
    else {
        return Vec::new();
    };
    (table.split("<tr><td>").skip(1))
        .map(|row| {
            let cells: Vec<&str> = row.split("</td>").collect();
            let game = cells[0].parse().expect("a game number");
            let replay = cells[7].trim_start_matches("<td>").to_string();
            (game, replay)
        })
        .collect()
}
