//! `tourney ladder DIR --final FORMAT`: after the freeze, the final between every entry's
//! version at the freeze, in `run`'s formats, recorded into the ladder's store under its own
//! tag, reproducible from the ladder's seed, refused before a freeze and over a completed
//! final, and published as pages/final.html (linked from the standings, laid out by Chromium).

use super::chromium;
use super::ladder::{entry, ladder_args, log};
use super::support::{refused, tourney};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// A copy of a ladder's store and output folder, to play another final from the same ladder.
fn copy_ladder(from: &Path, to: &Path) {
    let status = std::process::Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .unwrap();
    assert!(status.success());
}

/// `tourney rate --tag TAG` over `store`, as JSON.
fn rate(store: &Path, tag: &str) -> Value {
    let output = tourney()
        .args(["rate", "--tag", tag, "--json", "--db"])
        .arg(store)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn a_final_after_the_freeze_plays_the_frozen_versions_once() {
    let scratch = tempfile::tempdir().unwrap();
    let ladder = scratch.path().join("ladder");
    let (dir, out, store) = (
        ladder.join("entries"),
        ladder.join("out"),
        ladder.join("ladder.db"),
    );
    for (folder, name) in [("a", "first"), ("b", "second"), ("c", "third")] {
        entry(&dir, folder, name, "random.py", &[]);
    }
    let ladder_cmd = |extra: &[&str]| {
        let mut command = tourney();
        command.args(ladder_args(&dir, &out, &store, extra));
        command
    };
    let played = ladder_cmd(&["--games", "6"]).output().unwrap();
    assert_eq!(played.status.code(), Some(0), "{}", log(&out));
    // Before a freeze, and before a freeze that is still to come, there is no final.
    refused(
        &mut ladder_cmd(&["--final", "round-robin"]),
        "the ladder term has no freeze",
    );
    let later = scratch.path().join("later");
    copy_ladder(&ladder, &later);
    refused(
        tourney().args(ladder_args(
            &later.join("entries"),
            &later.join("out"),
            &later.join("ladder.db"),
            &[
                "--final",
                "swiss",
                "--rounds",
                "2",
                "--freeze",
                "2999-01-01",
            ],
        )),
        "the ladder term freezes at 2999-01-01T23:59:59Z: its final can be played after that",
    );
    // A format's setting of another format is refused.
    refused(
        &mut ladder_cmd(&["--final", "round-robin", "--rounds", "2"]),
        "--rounds is a Swiss setting: give --final swiss",
    );
    // Two copies of the frozen ladder: one plays a Swiss final, one the round robin again.
    ladder_cmd(&["--games", "6", "--freeze", "0s"])
        .assert()
        .code(0);
    let (swiss, again) = (scratch.path().join("swiss"), scratch.path().join("again"));
    copy_ladder(&ladder, &swiss);
    copy_ladder(&ladder, &again);
    ladder_cmd(&["--final", "round-robin", "--games", "2"])
        .assert()
        .code(0);
    // The final's run: every pairing's 2 games, the ladder's versions by their digests.
    let joint = rate(&store, "ladder-final:term");
    assert_eq!(joint["games"], 6, "{joint}");
    let status: Value =
        serde_json::from_str(&fs::read_to_string(out.join("status.json")).unwrap()).unwrap();
    for ladder_entry in status["entries"].as_array().unwrap() {
        let played = (joint["players"].as_array().unwrap().iter())
            .any(|p| p["label"] == ladder_entry["entry"] && p["digest"] == ladder_entry["version"]);
        assert!(played, "{ladder_entry} in {joint}");
    }
    let ladder_games = &rate(&store, "ladder:term")["games"];
    assert_eq!(
        ladder_games, &status["games"],
        "the final's games are not the ladder's"
    );
    // A second final over the completed one is refused.
    refused(
        &mut ladder_cmd(&["--final", "knockout"]),
        "the ladder term has played its final",
    );
    // The same ladder plays the same final.
    let (again_dir, again_out) = (again.join("entries"), again.join("out"));
    tourney()
        .args(ladder_args(
            &again_dir,
            &again_out,
            &again.join("ladder.db"),
            &["--final", "round-robin", "--games", "2"],
        ))
        .assert()
        .code(0);
    let games = |out: &Path| fs::read_to_string(out.join("final/games.csv")).unwrap();
    assert_eq!(games(&out), games(&again_out));
    // The page: linked from the standings, the format's standings with the crosstable.
    let page = fs::read_to_string(out.join("pages/final.html")).unwrap();
    for shown in [
        "the final of the ladder term",
        "<a href=\"index.html\">The ladder's standings</a>",
        "6 games, 3 programs",
        "id=\"crosstable\"",
        "<td>first</td>",
        "<td>second</td>",
        "<td>third</td>",
    ] {
        assert!(page.contains(shown), "{shown}: {page}");
    }
    assert!(!page.contains("id=\"losses\""), "no lost games: {page}");
    let index = fs::read_to_string(out.join("pages/index.html")).unwrap();
    assert!(index.contains("<a href=\"final.html\">"), "{index}");
    // A Swiss final of the same field: the points, the rounds, its own games.
    tourney()
        .args(ladder_args(
            &swiss.join("entries"),
            &swiss.join("out"),
            &swiss.join("ladder.db"),
            &["--final", "swiss", "--rounds", "2", "--games", "2"],
        ))
        .assert()
        .code(0);
    let swiss_page = fs::read_to_string(swiss.join("out/pages/final.html")).unwrap();
    for shown in ["id=\"swiss\"", "<th>finish</th>", " point"] {
        assert!(swiss_page.contains(shown), "{shown}: {swiss_page}");
    }
    let swiss_joint = rate(&swiss.join("ladder.db"), "ladder-final:term");
    assert_eq!(swiss_joint["games"], 4, "two rounds of one match and a bye");
    if chromium::available("the final's page renders") {
        for page in [
            out.join("pages/final.html"),
            swiss.join("out/pages/final.html"),
        ] {
            let (_, texts, problems) = chromium::layout_problems(&page, "");
            assert!(texts > 0, "{}", page.display());
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    }
}
