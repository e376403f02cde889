//! `tourney check`'s history gate against a real SQLite file (and PostgreSQL where
//! `TOURNEY_TEST_POSTGRES` names a server; SKIPPED otherwise): a bot's versions are the entry
//! `mybot` played by different built-in bots against nice (each a version of its own, labelled
//! v1, v2, ... with --version-label; on the small map random wins 18% of its games against
//! nice, greedy 45% and expert 78%), so a stronger version passes against the previous one and
//! a weaker one fails, the reference may be the previous, the best or a named version, the decision
//! takes the stored games as well as the check's own, and what cannot be decided is refused
//! with exit 2.

use super::store::{postgres, sqlite};
use super::support::{assert_says, refused, stdout_of, tourney, write_file};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// A scenario on the small map: `mybot` played by `bot` against nice, `games` games a
/// pairing, then `gates`. Nice never plays as `mybot`, so no version of it shares the
/// opponent's digest (a digest keeps the version label it was first recorded with).
fn scenario(dir: &TempDir, name: &str, bot: &str, games: u64, gates: &str) -> PathBuf {
    write_file(
        dir.path(),
        &format!("{name}.toml"),
        &format!(
            "game = \"t2r\"\noptions = {{ map = \"small\" }}\n\
             bots = [{{ bot = \"{bot}\", name = \"mybot\" }}, \"nice\"]\n\
             games = {games}\nseed = 5\n{gates}"
        ),
    )
}

/// A history gate of `mybot` against `against`.
fn gate(against: &str) -> String {
    format!("[[gates]]\nkind = \"history\"\ncandidate = \"mybot\"\nagainst = \"{against}\"\n")
}

/// Records `mybot` played by `bot` as version `label`, `games` games against nice, by
/// `tourney run` of a scenario (whose gates a run does not judge).
fn record(db: &str, dir: &TempDir, label: &str, bot: &str, games: u64) {
    let path = scenario(dir, &format!("run-{label}"), bot, games, &gate("previous"));
    // A folder of its own: by default two tests at once could pick the same one in results/.
    let out = dir.path().join(format!("run-{label}-games"));
    tourney()
        .arg("run")
        .arg(&path)
        .args(["--quiet", "--no-plots", "--db", db, "--version-label"])
        .arg(format!("mybot={label}"))
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
}

/// `tourney check` of `path` with `mybot` labelled `label`, recorded into `db`.
fn check(db: &str, path: &Path, label: &str) -> assert_cmd::Command {
    let mut command = tourney();
    command
        .arg("check")
        .arg(path)
        .args(["--quiet", "--db", db, "--version-label"])
        .arg(format!("mybot={label}"));
    command
}

/// [`check`] exits with `code` and prints each of `parts`; hands back what it printed.
fn checked(db: &str, path: &Path, label: &str, code: i32, parts: &[&str]) -> String {
    let out = stdout_of(check(db, path, label).assert().code(code));
    assert_says("the check", &out, parts);
    out
}

/// v1 is greedy; v2, expert, passes against it, and passes alike when checked again (the
/// repeated run's games are the same games, counted once); v3, random, fails against v2, which
/// is by then the previous version (v2's check recorded its games first).
fn stronger_passes_and_weaker_fails(db: &str, dir: &TempDir) {
    record(db, dir, "v1", "greedy", 40);
    let v2 = scenario(dir, "v2", "expert", 40, &gate("previous"));
    let passed = checked(
        db,
        &v2,
        "v2",
        0,
        &[
            "PASS         history mybot vs previous: mybot@v2 +",
            " Elo over mybot@v1 against 0 - 0 = +0.0; joint fit of 80 games",
        ],
    );
    assert!(passed.ends_with("verdict: pass\n"), "{passed}");
    let again = stdout_of(check(db, &v2, "v2").assert().code(0));
    assert_eq!(again, passed);
    let v3 = scenario(dir, "v3", "random", 40, &gate("previous"));
    let failed = checked(
        db,
        &v3,
        "v3",
        1,
        &[
            "FAIL         history mybot vs previous: mybot@v3 -",
            " Elo over mybot@v2 against",
        ],
    );
    assert!(failed.ends_with("verdict: fail\n"), "{failed}");
}

#[test]
fn a_stronger_version_passes_and_a_weaker_one_fails_in_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    stronger_passes_and_weaker_fails(&sqlite(&dir), &dir);
}

#[test]
fn a_stronger_version_passes_and_a_weaker_one_fails_in_postgres() {
    let Some(url) = postgres("history_gate") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    stronger_passes_and_weaker_fails(&url, &dir);
}

/// The check's own 4 games cannot tell greedy from random, but v2's stored games can: the
/// same check is inconclusive (exit 2) in a store without them and passes in one with them.
#[test]
fn the_stored_games_decide_what_the_new_ones_cannot() {
    let (bare, full) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (bare_db, full_db) = (sqlite(&bare), sqlite(&full));
    record(&bare_db, &bare, "v1", "random", 40);
    record(&full_db, &full, "v1", "random", 40);
    record(&full_db, &full, "v2", "greedy", 60);
    let few = |dir: &TempDir| scenario(dir, "few", "greedy", 4, &gate("v1"));
    let alone = checked(
        &bare_db,
        &few(&bare),
        "v2",
        2,
        &[
            "INCONCLUSIVE history mybot vs v1: mybot@v2",
            "joint fit of 44 games",
        ],
    );
    assert!(alone.ends_with("verdict: inconclusive\n"), "{alone}");
    checked(
        &full_db,
        &few(&full),
        "v2",
        0,
        &[
            "PASS         history mybot vs v1: mybot@v2 +",
            "joint fit of 104 games of t2r official from 3 stored runs",
        ],
    );
}

/// `previous` is the version that played last, `best` the best rated: after expert (v2) and
/// then random (v1) were recorded, greedy passes against the previous and fails against the
/// best; a digest prefix names a version as its label does.
#[test]
fn previous_best_and_named_references_are_found_in_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    record(&db, &dir, "v2", "expert", 40);
    record(&db, &dir, "v1", "random", 40);
    let gates = gate("previous") + &gate("best");
    let v3 = scenario(&dir, "v3", "greedy", 40, &gates);
    checked(
        &db,
        &v3,
        "v3",
        1,
        &[
            "PASS         history mybot vs previous: mybot@v3 +",
            " Elo over mybot@v1 against",
            "FAIL         history mybot vs best: mybot@v3 -",
            " Elo over mybot@v2 against",
        ],
    );
    let history = stdout_of(
        tourney()
            .args(["history", "mybot", "--json", "--db", &db])
            .assert()
            .success(),
    );
    let versions: serde_json::Value = serde_json::from_str(&history).unwrap();
    let expert = versions["versions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["version_label"] == "v2")
        .unwrap_or_else(|| panic!("{history}"));
    let prefix = &expert["digest"].as_str().unwrap()[..10];
    let named = scenario(&dir, "named", "greedy", 40, &gate(prefix));
    let failed = format!("FAIL         history mybot vs {prefix}: mybot@v3 -");
    checked(
        &db,
        &named,
        "v3",
        1,
        &[&failed, " Elo over mybot@v2 against"],
    );
}

/// What a history gate cannot decide is refused with exit 2, naming why: no store, no other
/// version, a name that matches none, the version under test itself.
#[test]
fn a_history_gate_without_its_reference_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir);
    let first = scenario(&dir, "first", "random", 4, &gate("previous"));
    refused(
        tourney().arg("check").arg(&first).arg("--no-db"),
        "1 history gate decides from the results store, and --no-db records and reads none: \
         drop --no-db (the store is --db, else TOURNEY_DB, else",
    );
    refused(
        &mut check(&db, &first, "v1"),
        "history gate of mybot: the results store",
    )
    .stderr(predicates::str::contains(
        "holds no previous version of mybot to compare this one with",
    ));
    let unknown = scenario(&dir, "unknown", "greedy", 4, &gate("v9"));
    refused(
        &mut check(&db, &unknown, "v2"),
        "history gate of mybot: no stored version of mybot is 'v9'",
    );
    let same = scenario(&dir, "same", "greedy", 4, &gate("v2"));
    refused(
        &mut check(&db, &same, "v2"),
        "history gate of mybot: against = 'v2' is the version under test",
    );
}
