//! `tourney run --shard I/N` and `tourney merge`: shards joined are the single-machine run,
//! byte for byte, and a set of shards that misses, repeats or mixes games is refused.

use super::support::{
    assert_file_contains, assert_same_files, files, quietly_into, stderr_of, tourney,
};
use std::fs;
use std::path::{Path, PathBuf};

/// Faults included: the merged summary quotes test-illegal's first illegal moves.
const RUN: [&str; 7] = [
    "--bots",
    "random,nice,test-illegal",
    "--map",
    "small",
    "--games",
    "40",
    "--quiet",
];

fn shard(root: &Path, shard: &str, seed: &str) -> PathBuf {
    let dir = root.join(format!("shard{}-seed{seed}", shard.replace('/', "of")));
    tourney()
        .arg("run")
        .args(RUN)
        .args(["--seed", seed, "--shard", shard, "--threads", "1", "--out"])
        .arg(&dir)
        .assert()
        .success();
    dir
}

fn merge(dirs: &[&PathBuf], out: &Path) -> assert_cmd::assert::Assert {
    quietly_into(tourney().arg("merge").args(dirs), out)
}

fn refused(dirs: &[&PathBuf], out: &Path, phrase: &str) {
    let stderr = stderr_of(merge(dirs, out).code(2));
    assert!(stderr.contains(phrase), "expected '{phrase}' in: {stderr}");
}

#[test]
fn three_shards_merged_are_the_single_run_byte_for_byte() {
    let root = tempfile::tempdir().unwrap();
    let single = root.path().join("single");
    tourney()
        .arg("run")
        .args(RUN)
        .args(["--seed", "5", "--threads", "2", "--out"])
        .arg(&single)
        .assert()
        .success();
    let shards: Vec<PathBuf> = ["1/3", "2/3", "3/3"]
        .iter()
        .map(|s| shard(root.path(), s, "5"))
        .collect();
    for dir in &shards {
        let names: Vec<String> = files(dir).into_keys().collect();
        assert_eq!(names, ["games.csv", "manifest.json"], "a shard is a part");
    }
    let merged = root.path().join("merged");
    merge(&[&shards[2], &shards[0], &shards[1]], &merged).success();
    assert!(
        files(&single).len() > 10,
        "games, manifest, summary, reports, plots"
    );
    assert_same_files(&single, &merged);
    assert_file_contains(
        &merged.join("summary.json"),
        "\"game 2: illegal claims ",
        "fault messages are replayed",
    );
}

#[test]
fn merge_refuses_a_gap_an_overlap_another_run_and_an_unfinished_or_changed_shard() {
    let root = tempfile::tempdir().unwrap();
    let [one, two, three] = ["1/3", "2/3", "3/3"].map(|s| shard(root.path(), s, "5"));
    let out = root.path().join("out");
    refused(
        &[&one, &three],
        &out,
        "no folder holds games 36..78 (missing shard 2/3)",
    );
    refused(
        &[&one, &two],
        &out,
        "no folder holds games 78..120 (missing shard 3/3)",
    );
    let copy = root.path().join("copy-of-two");
    fs::create_dir(&copy).unwrap();
    for (name, bytes) in files(&two) {
        fs::write(copy.join(name), bytes).unwrap();
    }
    refused(&[&one, &two, &copy, &three], &out, "both hold games 36..78");
    let other = shard(root.path(), "2/3", "6");
    refused(&[&one, &other, &three], &out, "master seed: 5 in");
    refused(&[&one, &two, &three], &two, "is one of the shards");

    let manifest = copy.join("manifest.json");
    let text = fs::read_to_string(&manifest).unwrap();
    fs::write(
        &manifest,
        text.replace("\"complete\": true", "\"complete\": false"),
    )
    .unwrap();
    refused(&[&one, &copy, &three], &out, "is not finished");
    fs::write(&manifest, text).unwrap();
    let mut rows = fs::read(copy.join("games.csv")).unwrap();
    rows.truncate(rows.len() - 40);
    fs::write(copy.join("games.csv"), rows).unwrap();
    refused(
        &[&one, &copy, &three],
        &out,
        "changed since shard 2/3 finished",
    );
    assert!(!out.join("summary.json").exists(), "nothing merged");
}
