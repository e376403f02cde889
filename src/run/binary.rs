//! The SHA-256 of tourney's own binary, which every manifest.json keeps (`binary_sha256`: a
//! resume or a merge refuses another build). Hashing the ~50 MB binary took 0.06 s a run, a
//! tenth of a 20,000-game random run, so the hash is kept in a file beside the binary
//! (`.tourney.sha256`), keyed by what any change of the binary changes: its device, inode,
//! size, modification time and change time. The change time cannot be set back by a user and
//! moves on every write, and a replaced binary is a new inode; a key is stored only when the
//! binary was the same before and after hashing and had not changed for a while (a write
//! within the file system's clock tick of the hash would otherwise keep its time). A folder
//! where the file cannot be written (an installed binary) hashes every run, as before.

use crate::input::{self, FileBound};
use crate::results::files::file_sha256;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

/// How long the binary must have been unchanged (its change time, which a user cannot set
/// back) for its hash to be kept.
const QUIET: Duration = Duration::from_secs(2);

/// The cache file: one line, the key and the hash.
const CACHE: FileBound = FileBound::new("binary hash cache", 4096);

/// SHA-256 of the running executable (through `/proc/self/exe` where there is one, so a binary
/// rebuilt during the run is not the one hashed); "unknown" if it cannot be read.
pub fn binary_sha256() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let running = Path::new("/proc/self/exe");
        let (path, cache) = if running.exists() {
            (running.to_path_buf(), cache_beside(running))
        } else {
            let path = std::env::current_exe().ok();
            let cache = path.as_deref().and_then(cache_beside);
            match path {
                Some(path) => (path, cache),
                None => return "unknown".to_string(),
            }
        };
        sha256_cached(&path, cache.as_deref(), QUIET).unwrap_or_else(|| "unknown".to_string())
    })
}

/// `.NAME.sha256` beside the binary `running` names, when its path resolves to the very file
/// running (not one put in its place since, which `/proc/self/exe` would call "(deleted)").
fn cache_beside(running: &Path) -> Option<PathBuf> {
    let real = std::fs::canonicalize(running).ok()?;
    let same = key(&std::fs::metadata(&real).ok()?)
        .split(' ')
        .take(2)
        .eq(key(&std::fs::metadata(running).ok()?).split(' ').take(2));
    let name = real.file_name()?.to_str()?;
    same.then(|| real.with_file_name(format!(".{name}.sha256")))
}

/// What any change of a file changes: device, inode, size, modification and change times.
fn key(meta: &std::fs::Metadata) -> String {
    use std::os::unix::fs::MetadataExt;
    format!(
        "{} {} {} {}.{:09} {}.{:09}",
        meta.dev(),
        meta.ino(),
        meta.size(),
        meta.mtime(),
        meta.mtime_nsec(),
        meta.ctime(),
        meta.ctime_nsec()
    )
}

/// The SHA-256 of `file`: read from `cache` when it holds `file`'s key, else hashed (and the
/// cache written, when the file had been unchanged for `quiet` and stayed so while hashed).
fn sha256_cached(file: &Path, cache: Option<&Path>, quiet: Duration) -> Option<String> {
    let before = std::fs::metadata(file).ok()?;
    let wanted = key(&before);
    if let Some(cache) = cache
        && let Ok(text) = input::read_text(cache, CACHE)
        && let Some((stored, hash)) = text.trim_end().rsplit_once(' ')
        && stored == wanted
        && hash.len() == 64
        && hash.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return Some(hash.to_string());
    }
    let hash = file_sha256(file).ok()?;
    let unchanged = std::fs::metadata(file).is_ok_and(|after| key(&after) == wanted);
    let changed = {
        use std::os::unix::fs::MetadataExt;
        let seconds = u64::try_from(before.ctime()).unwrap_or(0);
        let nanos = u32::try_from(before.ctime_nsec()).unwrap_or(0);
        SystemTime::UNIX_EPOCH + Duration::new(seconds, nanos)
    };
    let settled = SystemTime::now()
        .duration_since(changed)
        .is_ok_and(|age| age >= quiet);
    if let Some(cache) = cache
        && unchanged
        && settled
    {
        // A cache that cannot be written costs the next run a hash, nothing more.
        let _ = store(cache, &format!("{wanted} {hash}\n"));
    }
    Some(hash)
}

/// Writes `cache` whole or not at all: a temporary file of this process, renamed over it.
fn store(cache: &Path, line: &str) -> std::io::Result<()> {
    let name = cache.file_name().unwrap_or_default().to_string_lossy();
    let temporary = cache.with_file_name(format!("{name}.{}", std::process::id()));
    let written = std::fs::File::create(&temporary).and_then(|mut f| f.write_all(line.as_bytes()));
    match written.and_then(|()| std::fs::rename(&temporary, cache)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_hash_is_used_only_for_the_same_file_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("tourney");
        let cache = dir.path().join(".tourney.sha256");
        std::fs::write(&file, b"first build").unwrap();
        let first = file_sha256(&file).unwrap();
        // Too fresh to keep: hashed, nothing stored.
        assert_eq!(
            sha256_cached(&file, Some(&cache), Duration::from_secs(3600)),
            Some(first.clone())
        );
        assert!(!cache.exists());
        assert_eq!(
            sha256_cached(&file, Some(&cache), Duration::ZERO),
            Some(first.clone())
        );
        let kept = std::fs::read_to_string(&cache).unwrap();
        assert!(kept.ends_with(&format!(" {first}\n")), "{kept}");
        // A lying cache for the same key is what is returned: the key, not the bytes, is
        // trusted, so a changed file must change its key.
        let stored = kept.trim_end().rsplit_once(' ').unwrap().0.to_string();
        std::fs::write(&cache, format!("{stored} {}\n", "a".repeat(64))).unwrap();
        assert_eq!(
            sha256_cached(&file, Some(&cache), Duration::ZERO),
            Some("a".repeat(64))
        );
        // Rewritten in place (same inode): the key moves, the hash is new. (Of another size
        // here: a rewrite within one tick of the file system's clock keeps its times, which
        // is why a hash is kept only for a file unchanged for a while.)
        std::fs::write(&file, b"another build").unwrap();
        let other = file_sha256(&file).unwrap();
        assert_ne!(other, first);
        assert_eq!(
            sha256_cached(&file, Some(&cache), Duration::ZERO),
            Some(other.clone())
        );
        assert!(
            std::fs::read_to_string(&cache)
                .unwrap()
                .ends_with(&format!(" {other}\n"))
        );
        // Replaced by another file: a new inode.
        let moved = dir.path().join("new");
        std::fs::write(&moved, b"third build, replaced").unwrap();
        std::fs::rename(&moved, &file).unwrap();
        assert_eq!(
            sha256_cached(&file, Some(&cache), Duration::ZERO),
            Some(file_sha256(&file).unwrap())
        );
        // No cache where none can be written.
        let nowhere = dir.path().join("missing/.tourney.sha256");
        assert_eq!(
            sha256_cached(&file, Some(&nowhere), Duration::ZERO),
            Some(file_sha256(&file).unwrap())
        );
    }

    #[test]
    fn the_running_binary_is_hashed_as_its_file_is() {
        let exe = std::env::current_exe().unwrap();
        assert_eq!(binary_sha256(), file_sha256(&exe).unwrap());
    }
}
