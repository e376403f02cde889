//! Cleans up after ended programs on a thread of its own, so the game that ran a program never
//! waits for it: what the program left running is killed, its control group waits until it is
//! empty, its scratch folder is emptied, and both are kept for a later start. Done on the
//! game's thread, this was a good part of what confinement costs a game (measured in
//! `docs/guide/untrusted-programs.md`). While a program's walls are being cleaned, the next
//! start takes other spare ones or makes new ones, so a run keeps about two per game played at
//! once. At the end of a command [`super::kill_all`] kills whatever is still queued here.

use super::cgroup::Group;
use super::walls::Walls;
use std::sync::OnceLock;
use std::sync::mpsc::{Sender, channel};

/// What an ended program leaves to clean: its groups and its walls.
pub struct Leftovers {
    pub group: Option<Group>,
    pub walls: Option<Walls>,
}

impl Leftovers {
    /// Kills what is left in the group and keeps it, then empties the scratch folder and keeps
    /// the walls; walls whose folder cannot be emptied are removed (or said to be left).
    fn clean(self) {
        // The processes first: none may still write into the folder being emptied.
        drop(self.group);
        if let Some(Err(scratch)) = self.walls.map(Walls::put_back) {
            super::remove::or_warn(&scratch);
            super::scratch_folders().retain(|s| s != &scratch);
        }
    }
}

/// The cleaner's queue; `None` when its thread could not be started (then the caller cleans).
static QUEUE: OnceLock<Option<Sender<Leftovers>>> = OnceLock::new();

/// Cleans `left` on the cleaner's thread (on this one if there is none).
pub fn later(left: Leftovers) {
    let queue = QUEUE.get_or_init(|| {
        let (send, receive) = channel::<Leftovers>();
        std::thread::Builder::new()
            .name("sandbox cleaner".to_string())
            .spawn(move || receive.into_iter().for_each(Leftovers::clean))
            .ok()
            .map(|_| send)
    });
    let left = match queue {
        Some(send) => match send.send(left) {
            Ok(()) => return,
            Err(unsent) => unsent.0,
        },
        None => left,
    };
    left.clean();
}
