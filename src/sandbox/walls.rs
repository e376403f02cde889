//! A program's scratch folder with the Landlock ruleset that lets it write there, kept for the
//! next start of the same program. Making them costs more than anything else the harness does
//! to confine a start (a folder made and removed on disk, the system's folders opened one by
//! one for the ruleset), and a run starts the same few programs thousands of times. A folder
//! is emptied before it is handed on, so no start sees what an earlier one left.

use super::environment::Environment;
use super::remove::empty;
use super::{Network, files};
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What a program's walls are made from: starts with the same key get the same walls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub command: PathBuf,
    pub readable: Vec<PathBuf>,
    pub network: Network,
    /// Landlock ABI to build the ruleset for; 0: no ruleset.
    pub abi: i32,
    /// The harness's variables it is given besides the usual ones (its manifest's `env`).
    pub env: Vec<String>,
}

/// A scratch folder with the ruleset and the environment made for it.
pub struct Walls {
    key: Key,
    pub scratch: PathBuf,
    ruleset: Option<OwnedFd>,
    pub environment: Environment,
}

/// Walls of ended programs, emptied, waiting for the next start with their key.
static SPARE: Mutex<Vec<Walls>> = Mutex::new(Vec::new());

fn spare() -> std::sync::MutexGuard<'static, Vec<Walls>> {
    SPARE.lock().unwrap_or_else(|e| e.into_inner())
}

impl Walls {
    /// Spare walls made for `key`, or new ones with a scratch folder at `scratch` (made by
    /// `make_scratch`) and a ruleset that also lets the program read `proc_root` (the
    /// programs' own `/proc`, if they have one); `Err` says what could not be made.
    pub fn for_key(
        key: Key,
        scratch: PathBuf,
        proc_root: Option<BorrowedFd<'_>>,
        make_scratch: impl FnOnce(&Path) -> Result<(), String>,
    ) -> Result<Walls, String> {
        let mut spare = spare();
        if let Some(at) = spare.iter().position(|w| w.key == key) {
            return Ok(spare.swap_remove(at));
        }
        drop(spare);
        make_scratch(&scratch)?;
        let ruleset = match key.abi {
            0 => None,
            abi => {
                let readable = files::readable(&key.command, &key.readable);
                Some(files::ruleset(
                    abi,
                    &readable,
                    proc_root,
                    &scratch,
                    key.network,
                )?)
            }
        };
        Ok(Walls {
            environment: Environment::for_scratch(&scratch, &key.env),
            key,
            scratch,
            ruleset,
        })
    }

    /// The ruleset's descriptor, for the child to enforce.
    pub fn ruleset(&self) -> Option<RawFd> {
        self.ruleset.as_ref().map(AsRawFd::as_raw_fd)
    }

    /// Empties the scratch folder and keeps the walls for the next start; walls whose folder
    /// cannot be emptied are dropped, and their folder is handed back to be removed.
    pub fn put_back(self) -> Result<(), PathBuf> {
        match empty(&self.scratch) {
            Ok(()) => {
                spare().push(self);
                Ok(())
            }
            Err(_) => Err(self.scratch),
        }
    }
}

/// Forgets every spare wall (their folders are removed by the caller).
pub fn forget_all() {
    spare().clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_come_back_emptied_and_only_to_the_same_program() {
        let temp = tempfile::tempdir().unwrap();
        let key = |command: &str| Key {
            command: PathBuf::from(command),
            readable: vec![temp.path().to_path_buf()],
            network: Network::None,
            abi: 0,
            env: Vec::new(),
        };
        let make = |path: &Path| std::fs::create_dir(path).map_err(|e| e.to_string());
        let first = Walls::for_key(key("/bin/a"), temp.path().join("one"), None, make).unwrap();
        std::fs::create_dir(first.scratch.join("kept")).unwrap();
        std::fs::write(first.scratch.join("kept/file"), "x").unwrap();
        std::fs::write(first.scratch.join("note"), "x").unwrap();
        assert!(first.put_back().is_ok());
        let other = Walls::for_key(key("/bin/b"), temp.path().join("two"), None, make).unwrap();
        assert_eq!(other.scratch, temp.path().join("two"), "another program");
        let again = Walls::for_key(key("/bin/a"), temp.path().join("three"), None, make).unwrap();
        assert_eq!(again.scratch, temp.path().join("one"), "the same program's");
        assert_eq!(std::fs::read_dir(&again.scratch).unwrap().count(), 0);
    }
}
