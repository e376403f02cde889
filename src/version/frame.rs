//! The digest's framing: a SHA-256 over a domain line, then records of a kind, a name and a
//! content digest, each part length-prefixed. No two different sequences of records give the
//! same bytes, so the digest changes with any name, any byte of any content, or a record added,
//! dropped or moved.

use sha2::{Digest, Sha256};

/// What a record stands for: part of the bytes hashed, so a file and a symbolic link of the same
/// name and text, or a manifest and a script, never frame alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A built-in bot's field (the tool version, the game, the bot, its parameters).
    Field = 1,
    /// The manifest's own bytes, named by its file name.
    Manifest = 2,
    /// A program file of `command`, by its bytes.
    Command = 3,
    /// A system program of `command` (`python3`), by the path it resolves to.
    System = 4,
    /// A file an argument names.
    Argument = 5,
    /// A file of a `read` path, or of the `dir` tree.
    File = 6,
    /// A folder of a `read` path or of the `dir` tree (so an empty one counts too).
    Folder = 7,
    /// A symbolic link in a tree, by the text it points to (never followed).
    Link = 8,
    /// A `read` path that does not exist (creating it is a new version).
    Absent = 9,
}

/// A digest being built.
pub struct Frame(Sha256);

impl Frame {
    /// A frame for one domain (`"tourney program version 1"`): digests of different domains
    /// never meet.
    pub fn new(domain: &str) -> Frame {
        let mut frame = Frame(Sha256::new());
        frame.part(domain.as_bytes());
        frame
    }

    /// One record: `kind`, `name`, and the digest of its content (`None`: it has none).
    pub fn record(&mut self, kind: Kind, name: &[u8], content: Option<&[u8; 32]>) {
        self.0.update([kind as u8]);
        self.part(name);
        match content {
            Some(digest) => {
                self.0.update([1]);
                self.0.update(digest);
            }
            None => self.0.update([0]),
        }
    }

    /// A field without content (a built-in bot's).
    pub fn field(&mut self, text: &str) {
        self.record(Kind::Field, text.as_bytes(), None);
    }

    /// The digest, as 64 lowercase hex digits.
    pub fn finish(self) -> String {
        hex(&self.0.finalize())
    }

    /// Bytes preceded by their length, so where one part ends is never ambiguous.
    fn part(&mut self, bytes: &[u8]) {
        self.0.update((bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
    }
}

/// The SHA-256 of some bytes being read in pieces.
#[derive(Default)]
pub struct Content(Sha256);

impl Content {
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    pub fn finish(self) -> [u8; 32] {
        self.0.finalize().into()
    }
}

/// Bytes as lowercase hex digits.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The framing leaves no two readings: moving a byte from a name to the next record's name,
    /// or a record's kind, changes the digest.
    #[test]
    fn records_frame_unambiguously() {
        let digest = |records: &[(Kind, &str)]| {
            let mut frame = Frame::new("test");
            for (kind, name) in records {
                frame.record(*kind, name.as_bytes(), None);
            }
            frame.finish()
        };
        let base = digest(&[(Kind::File, "ab"), (Kind::File, "c")]);
        assert_eq!(base.len(), 64);
        assert_eq!(base, digest(&[(Kind::File, "ab"), (Kind::File, "c")]));
        assert_ne!(base, digest(&[(Kind::File, "a"), (Kind::File, "bc")]));
        assert_ne!(base, digest(&[(Kind::File, "abc")]));
        assert_ne!(base, digest(&[(Kind::Link, "ab"), (Kind::File, "c")]));
        let mut empty = Frame::new("test");
        empty.record(Kind::File, b"ab", Some(&Content::default().finish()));
        empty.record(Kind::File, b"c", None);
        assert_ne!(base, empty.finish());
    }
}
