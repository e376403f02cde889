//! Removal of a scratch folder whatever its program left in it: a chain of folders deeper than
//! any path or than the descriptors the harness may hold, folders without permissions, files
//! and folders marked immutable or append-only (`chattr +i`, which a program run as root can
//! set). The walk holds one open folder at a time (down by `openat`, back up by `..`), gives
//! each folder `0700` before opening it, and clears the two flags of anything that cannot be
//! removed otherwise. It runs once the program's processes are killed, so nothing changes the
//! tree meanwhile. A folder that still cannot be removed is said on stderr, naming it: never
//! left silently.

use std::path::Path;
use std::sync::Mutex;

/// Held for every walk: at the end of a command the cleaner may still be emptying the folder
/// [`super::kill_all`] removes. Two walks of one deep chain, each finding parts the other took
/// away, could keep failing each other (a CI machine saw eight in a row); one at a time, the
/// second finds the folder empty or gone.
static WALKING: Mutex<()> = Mutex::new(());

fn one_walk_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    WALKING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes `folder` and everything in it; a folder already gone is removed.
fn remove(folder: &Path) -> std::io::Result<()> {
    let _walking = one_walk_at_a_time();
    if std::fs::symlink_metadata(folder).is_err() {
        return Ok(());
    }
    imp::empty(folder).and_then(|()| std::fs::remove_dir(folder))
}

/// Removes everything inside `folder`, keeping the folder.
pub fn empty(folder: &Path) -> std::io::Result<()> {
    let _walking = one_walk_at_a_time();
    imp::empty(folder)
}

/// Removes `folder` and everything in it; a failure is said on stderr, naming the folder. A
/// folder already gone (removed by an earlier walk) is no failure.
pub fn or_warn(folder: &Path) {
    if let Err(error) = remove(folder) {
        eprintln!(
            "tourney: cannot remove the scratch folder {}: {error}; remove it by hand",
            folder.display()
        );
    }
}

#[cfg(target_os = "linux")]
mod imp {
    use rustix::fs::{self, AtFlags, Dir, FileType, IFlags, Mode, OFlags};
    use rustix::io::Errno;
    use std::ffi::{CStr, CString};
    use std::os::fd::{AsFd, OwnedFd};
    use std::path::Path;

    const FOLDER: OFlags = OFlags::RDONLY
        .union(OFlags::DIRECTORY)
        .union(OFlags::NOFOLLOW)
        .union(OFlags::CLOEXEC);

    pub fn empty(root: &Path) -> std::io::Result<()> {
        fs::chmod(root, Mode::RWXU)?;
        let mut at = fs::open(root, FOLDER, Mode::empty())?;
        clear_flags(&at);
        // The names from `root` down to `at`.
        let mut names: Vec<CString> = Vec::new();
        loop {
            match first_folder(&at)? {
                Some(name) => {
                    let inner = fs::openat(&at, name.as_c_str(), FOLDER, Mode::empty())?;
                    clear_flags(&inner);
                    names.push(name);
                    at = inner;
                }
                None => {
                    let Some(name) = names.pop() else {
                        return Ok(());
                    };
                    let outer = fs::openat(&at, c"..", FOLDER, Mode::empty())?;
                    drop(at);
                    fs::unlinkat(&outer, name.as_c_str(), AtFlags::REMOVEDIR)?;
                    at = outer;
                }
            }
        }
    }

    /// Removes the files of folder `at` up to its first folder, which it returns (made
    /// `0700`); `None` when no folder is left in it.
    fn first_folder(at: &OwnedFd) -> std::io::Result<Option<CString>> {
        let mut dir = Dir::read_from(at)?;
        while let Some(entry) = dir.read() {
            let entry = entry?;
            let name = entry.file_name();
            if name == c"." || name == c".." {
                continue;
            }
            let kind = match entry.file_type() {
                FileType::Unknown => FileType::from_raw_mode(
                    fs::statat(at, name, AtFlags::SYMLINK_NOFOLLOW)?.st_mode,
                ),
                kind => kind,
            };
            if kind == FileType::Directory {
                fs::chmodat(at, name, Mode::RWXU, AtFlags::empty())?;
                return Ok(Some(name.to_owned()));
            }
            remove_file(at, name, kind)?;
        }
        Ok(None)
    }

    /// Unlinks `name` in `at`; a regular file that is immutable or append-only has the flags
    /// cleared first.
    fn remove_file(at: &OwnedFd, name: &CStr, kind: FileType) -> std::io::Result<()> {
        match fs::unlinkat(at, name, AtFlags::empty()) {
            Err(Errno::PERM) if kind == FileType::RegularFile => {
                let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NOCTTY;
                if let Ok(file) = fs::openat(at, name, flags, Mode::empty()) {
                    clear_flags(&file);
                }
                Ok(fs::unlinkat(at, name, AtFlags::empty())?)
            }
            other => Ok(other?),
        }
    }

    /// Takes the immutable and append-only flags off, where the file system has them.
    fn clear_flags(fd: impl AsFd) {
        let stuck = IFlags::IMMUTABLE | IFlags::APPEND;
        if let Ok(flags) = fs::ioctl_getflags(&fd)
            && flags.intersects(stuck)
        {
            let _ = fs::ioctl_setflags(&fd, flags - stuck);
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    use std::path::Path;

    pub fn empty(folder: &Path) -> std::io::Result<()> {
        for entry in std::fs::read_dir(folder)? {
            let entry = entry?;
            match entry.file_type()?.is_dir() {
                true => std::fs::remove_dir_all(entry.path())?,
                false => std::fs::remove_file(entry.path())?,
            }
        }
        Ok(())
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_deep_chain_and_a_folder_without_permissions_are_removed() {
        let temp = tempfile::tempdir().unwrap();
        let scratch = temp.path().join("scratch");
        std::fs::create_dir(&scratch).unwrap();
        let mut deep = scratch.clone();
        for _ in 0..1100 {
            deep.push("d");
        }
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(deep.join("f"), "x").unwrap();
        let closed = scratch.join("closed");
        std::fs::create_dir_all(closed.join("inner")).unwrap();
        std::fs::write(closed.join("inner/f"), "x").unwrap();
        std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o0)).unwrap();
        empty(&scratch).unwrap();
        assert_eq!(std::fs::read_dir(&scratch).unwrap().count(), 0);
        or_warn(&scratch);
        assert!(!scratch.exists());
    }

    #[test]
    fn walks_of_one_deep_chain_at_once_all_succeed() {
        let temp = tempfile::tempdir().unwrap();
        let scratch = temp.path().join("scratch");
        let mut deep = scratch.clone();
        for _ in 0..1100 {
            deep.push("d");
        }
        std::fs::create_dir_all(&deep).unwrap();
        let walks: Vec<_> = (0..4)
            .map(|_| {
                let scratch = scratch.clone();
                std::thread::spawn(move || remove(&scratch))
            })
            .collect();
        for walk in walks {
            walk.join().unwrap().unwrap();
        }
        assert!(!scratch.exists());
    }
}
