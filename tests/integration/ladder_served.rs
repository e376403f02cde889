//! The pages `tourney ladder --live` makes on demand: the replay page of any stored game (an
//! old one no entry page lists, made from its record; a pruned one, its result and why there
//! is no replay; an unknown one, not found) and each entry's list of all its games, a hundred
//! a page. Laid out by headless Chromium where it is installed.

use super::chromium;
use super::ladder::{entry, ladder_args, ladder_folders, wait_for};
use super::live::{Served, request};
use std::fs;
use std::path::Path;

/// The first ladder plays 110 games under a budget that prunes its oldest records; the
/// second, on the same store and folder with the default budget (which prunes nothing
/// more), serves them. So which games are pruned (the deals below `records/pruned-below`)
/// and which old ones keep their record is settled before any page is asked for.
#[test]
fn the_live_ladder_serves_the_page_of_every_stored_game_and_all_of_an_entrys_games() {
    let (scratch, dir, out, store) = ladder_folders();
    entry(&dir, "a", "first", "random.py", &[]);
    entry(&dir, "b", "second", "random.py", &[]);
    let budget = ["--games", "110", "--disk-budget", "60kB"];
    let output = (super::support::tourney())
        .args(ladder_args(&dir, &out, &store, &budget))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let pruned: u64 = (fs::read_to_string(out.join("records/pruned-below")).unwrap())
        .trim()
        .parse()
        .unwrap();
    // Each deal's record takes about 1.5 kB: 60 kB keeps some 36 of the 55 deals.
    assert!((1..40).contains(&pruned), "pruned below deal {pruned}");
    let (old, gone) = (pruned * 2, pruned * 2 - 1);
    let args = ladder_args(&dir, &out, &store, &["--live", "127.0.0.1:0"]);
    let args: Vec<&Path> = args.iter().map(Path::new).collect();
    let served = Served::start("", &args);
    let entry_page = out.join("pages/entries/first.html");
    wait_for("the entry page of the served ladder", || {
        fs::read_to_string(&entry_page).is_ok_and(|page| page.contains("id=\"all-games\""))
    });
    let (status, page) = request(&served.url, "GET", "entries/first.html");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("href=\"../games/first/1.html\""), "{page}");
    // An old game, listed on no entry page: no replay file was written, and its page is made
    // from its record on demand, by the replay renderer.
    assert!(!page.contains(&format!("<tr><td>{old}</td>")), "{page}");
    assert!(!out.join(format!("pages/replays/game-{old}.html")).exists());
    let (status, replay) = request(&served.url, "GET", &format!("replays/game-{old}.html"));
    assert_eq!(status, 200, "{replay:.2000}");
    assert!(
        replay.contains(&format!("t2r game {old} ")),
        "{replay:.2000}"
    );
    assert!(replay.contains("const REPLAY = "), "{replay:.2000}");
    // It links back to the standings, which answer at that address.
    assert!(
        replay.contains("<a id=\"home\" href=\"../index.html\">"),
        "{replay:.2000}"
    );
    let (status, standings) = request(&served.url, "GET", "index.html");
    assert_eq!(status, 200, "{standings:.500}");
    // A pruned game: its result from the store, and why there is no replay.
    let (status, result) = request(&served.url, "GET", &format!("replays/game-{gone}.html"));
    assert_eq!(status, 200, "{result}");
    for shown in [
        format!("game {gone} of the ladder term"),
        "Its record was pruned to keep the disk budget".into(),
        "<a href=\"../entries/first.html\">first</a>".into(),
        "<a href=\"../entries/second.html\">second</a>".into(),
        "<a href=\"../index.html\">Standings</a>".into(),
    ] {
        assert!(result.contains(&shown), "{shown}: {result}");
    }
    assert!(!result.contains("const REPLAY"), "{result}");
    // Not stored, not a game, not an entry, past the last page: not found.
    for unknown in [
        "replays/game-99999999.html",
        "replays/game-x.html",
        "replays/game-01.html",
        "games/nobody/1.html",
        "games/first/0.html",
        "games/first/9.html",
        "games/first/1",
    ] {
        let (status, body) = request(&served.url, "GET", unknown);
        assert_eq!(status, 404, "{unknown}: {body}");
    }
    // All of an entry's games, newest first, a hundred a page: the ladder holds 110 or more,
    // every one of which is first's (two entries play every game).
    let (status, first_page) = request(&served.url, "GET", "games/first/1.html");
    assert_eq!(status, 200, "{first_page}");
    let (status, second_page) = request(&served.url, "GET", "games/first/2.html");
    assert_eq!(status, 200, "{second_page}");
    let numbers = |page: &str| -> Vec<u64> {
        (page.split("<tr><td>").skip(1))
            .map(|row| row.split("</td>").next().unwrap().parse().unwrap())
            .collect()
    };
    let (newest, older) = (numbers(&first_page), numbers(&second_page));
    assert_eq!(newest.len(), 100, "{first_page}");
    assert!(!older.is_empty(), "{second_page}");
    assert!(newest.windows(2).all(|w| w[0] > w[1]), "{newest:?}");
    assert!(newest.last() > older.first(), "{newest:?} {older:?}");
    assert_eq!(older.last(), Some(&0), "the oldest game ends the list");
    assert!(
        first_page.contains("<a href=\"2.html\">older games</a>"),
        "{first_page}"
    );
    assert!(
        second_page.contains("<a href=\"1.html\">newer games</a>"),
        "{second_page}"
    );
    assert!(
        second_page.contains(&format!("<td>{old}</td>"))
            || first_page.contains(&format!("<td>{old}</td>"))
    );
    let link = |game: u64| format!("<a href=\"../../replays/game-{game}.html\">replay</a>");
    let all = format!("{first_page}{second_page}");
    assert!(all.contains(&link(old)), "{all}");
    assert!(!all.contains(&link(gone)), "{all}");
    assert!(
        second_page.contains("<td>record pruned</td>"),
        "{second_page}"
    );
    // Chromium lays the list and the pruned game's page out without a problem, each saved
    // where it is served from so its links hold.
    if chromium::available("the ladder's pages made on demand render") {
        for (path, html) in [
            ("games/first/2.html", &second_page),
            (&format!("replays/game-{gone}.html") as &str, &result),
        ] {
            let file = scratch.path().join("served").join(path);
            fs::create_dir_all(file.parent().unwrap()).unwrap();
            fs::write(&file, html).unwrap();
            let (_, texts, problems) = chromium::layout_problems(&file, "");
            assert!(texts > 0, "{path}");
            assert!(problems.is_empty(), "{path}:\n{}", problems.join("\n"));
        }
    }
    assert_eq!(served.end(), 130);
}
