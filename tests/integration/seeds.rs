//! `run --seeds FILE`: the games' seeds from a file. A file of 0, 1, 2, … plays the run without
//! one; the manifest keeps the file's hash and seeds, so resume and merge need no file and
//! another file is refused; shards split its seeds; a bad file exits 2 and writes nothing.

use super::support::{
    assert_same_files, line_ends, quietly_into, refused, run, stderr_of, tourney, words, write_file,
};
use std::fs;
use std::path::Path;

/// Three nice-vs-greedy-vs-random pairings on the small map: every seed is 6 games.
const BOTS: &str = "nice,greedy,random";

/// `tourney run` of [`BOTS`] on the small map, master seed 4, with the seeds of `file`.
fn seeds_run(file: &Path) -> assert_cmd::Command {
    let mut command = run_from(BOTS);
    command.args(["--seeds"]).arg(file);
    command
}

/// [`BOTS`] on the small map, master seed 4, for the test to add its seeds or games.
fn run_from(bots: &str) -> assert_cmd::Command {
    let mut command = tourney();
    command
        .args(["run", "--bots", bots])
        .args(words("--map small --seed 4"));
    command
}

/// [`seeds_run`] quietly into `out`.
fn with_seeds(file: &Path, out: &Path) -> assert_cmd::assert::Assert {
    quietly_into(&mut seeds_run(file), out)
}

#[test]
fn seeds_zero_to_n_play_the_run_without_a_file_and_others_change_the_seed_column() {
    let root = tempfile::tempdir().unwrap();
    let counted = write_file(
        root.path(),
        "counted.txt",
        "# the first three\n0\n1\n\n2  # last\n",
    );
    with_seeds(&counted, &root.path().join("file")).success();
    quietly_into(
        run(BOTS, "6").args(["--map", "small", "--seed", "4"]),
        &root.path().join("plain"),
    )
    .success();
    let csv = |name: &str| fs::read_to_string(root.path().join(name).join("games.csv")).unwrap();
    assert_eq!(csv("file"), csv("plain"));

    let picked = write_file(root.path(), "picked.txt", "91\n5\n");
    seeds_run(&picked)
        .arg("--out")
        .arg(root.path().join("picked"))
        .assert()
        .success()
        .stderr(predicates::str::contains("seeds: 2 from a file (sha256 "));
    let seeds: Vec<String> = csv("picked")
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(
        seeds.len(),
        2 * 3 * 2 * 2,
        "2 seeds x 3 pairings x 2 games x 2 seat rows"
    );
    assert!(seeds[..12].iter().all(|s| s == "91") && seeds[12..].iter().all(|s| s == "5"));
    let manifest = fs::read_to_string(root.path().join("picked/manifest.json")).unwrap();
    assert!(
        manifest.contains("\"file_sha256\": \"") && manifest.contains("\"games_per_pairing\": 4")
    );
}

#[test]
fn resume_needs_no_file_and_refuses_another_one() {
    let root = tempfile::tempdir().unwrap();
    let file = write_file(root.path(), "deals.txt", "3\n1\n4\n15\n9\n");
    let whole = root.path().join("whole");
    with_seeds(&file, &whole).success();
    let csv = fs::read(whole.join("games.csv")).unwrap();
    let cut_at = line_ends(&csv)[20];
    for (i, with_file) in [false, true].into_iter().enumerate() {
        let dir = root.path().join(format!("cut{i}"));
        fs::create_dir(&dir).unwrap();
        fs::copy(whole.join("manifest.json"), dir.join("manifest.json")).unwrap();
        fs::write(dir.join("games.csv"), &csv[..cut_at]).unwrap();
        let mut resume = tourney();
        resume.args(["run", "--quiet", "--resume"]).arg(&dir);
        if with_file {
            resume.arg("--seeds").arg(&file);
        }
        resume.assert().success();
        assert_same_files(&whole, &dir);
    }
    let other = write_file(root.path(), "other.txt", "3\n1\n4\n15\n8\n");
    let stderr = stderr_of(
        tourney()
            .args(["run", "--quiet", "--resume"])
            .arg(&whole)
            .arg("--seeds")
            .arg(&other)
            .assert()
            .code(2),
    );
    assert!(stderr.contains("--seeds: file sha256 "), "{stderr}");
}

#[test]
fn shards_take_their_slice_of_the_file_and_merge_to_the_whole_run() {
    let root = tempfile::tempdir().unwrap();
    let file = write_file(root.path(), "deals.txt", "10\n20\n30\n40\n50\n");
    let whole = root.path().join("whole");
    with_seeds(&file, &whole).success();
    let shards: Vec<_> = ["1/2", "2/2"]
        .iter()
        .map(|shard| {
            let dir = root.path().join(shard.replace('/', "of"));
            quietly_into(
                tourney()
                    .args(["run", "--bots", BOTS, "--map", "small", "--seed", "4"])
                    .args(["--shard", shard, "--seeds"])
                    .arg(&file),
                &dir,
            )
            .success();
            dir
        })
        .collect();
    let first = fs::read_to_string(shards[0].join("games.csv")).unwrap();
    assert!(
        first
            .lines()
            .skip(1)
            .all(|l| ["10", "20", "30"].contains(&l.split(',').nth(1).unwrap()))
    );
    let merged = root.path().join("merged");
    quietly_into(tourney().arg("merge").args(&shards), &merged).success();
    assert_same_files(&whole, &merged);
}

#[test]
fn a_bad_seeds_file_exits_2_naming_the_line_and_writes_nothing() {
    let root = tempfile::tempdir().unwrap();
    for (name, text, message) in [
        (
            "word.txt",
            "1\n2\nthree\n",
            "word.txt:3: 'three' is not a seed",
        ),
        (
            "twice.txt",
            "7\n# again:\n7\n",
            "twice.txt:3: seed 7 is already on line 1",
        ),
        ("empty.txt", "# nothing yet\n", "has no seed"),
    ] {
        let file = write_file(root.path(), name, text);
        let out = root.path().join(format!("out-{name}"));
        refused(
            tourney()
                .args(["run", "--bots", BOTS, "--seeds"])
                .arg(&file)
                .arg("--out")
                .arg(&out),
            message,
        );
        assert!(!out.exists(), "{name}: nothing written");
    }
    let out = root.path().join("out-missing");
    refused(
        tourney()
            .args([
                "run",
                "--bots",
                BOTS,
                "--seeds",
                "/nonexistent/deals.txt",
                "--out",
            ])
            .arg(&out),
        "cannot read the seeds file /nonexistent/deals.txt",
    );
    assert!(!out.exists());
    let good = write_file(root.path(), "good.txt", "1\n");
    refused(
        tourney()
            .args(["run", "--bots", BOTS, "--games", "4", "--seeds"])
            .arg(&good),
        "cannot be used with",
    );
    refused(
        tourney()
            .args([
                "run", "--bots", BOTS, "--format", "swiss", "--rounds", "1", "--seeds",
            ])
            .arg(&good),
        "--seeds cannot be combined with a Swiss system yet",
    );
}
