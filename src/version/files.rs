//! Reading what a program runs into its digest, safely: a named file is followed through
//! symbolic links but must be a regular file; a tree is walked in sorted order without ever
//! following a link (its text is hashed instead, so a loop cannot make the walk go round and a
//! link out of the tree is never read); FIFOs, sockets and device files are refused before they
//! are opened, so nothing blocks; and the whole is bounded by [`MAX_ENTRIES`] and [`MAX_BYTES`].

use super::VersionError;
use super::frame::{Content, Frame, Kind};
use std::fs::{File, FileType};
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};

/// Most files, folders and links one version reads: far more than a program's folder holds,
/// far fewer than a home folder given as `dir` by mistake.
pub const MAX_ENTRIES: usize = 10_000;

/// Most bytes one version reads (256 MiB).
pub const MAX_BYTES: u64 = 256 << 20;

/// Folders a walk skips: git's own data (the commit is the label's business) and the byte code
/// Python writes next to the modules it imports, which follows from the modules hashed and
/// would otherwise make a program's first run change its version.
const SKIPPED: [&str; 2] = [".git", "__pycache__"];

/// Reads files into a [`Frame`], counting against the bounds.
pub struct Reader<'a> {
    frame: &'a mut Frame,
    /// The manifest, for messages.
    manifest: &'a Path,
    entries: usize,
    bytes: u64,
}

impl<'a> Reader<'a> {
    pub fn new(frame: &'a mut Frame, manifest: &'a Path) -> Reader<'a> {
        Reader {
            frame,
            manifest,
            entries: 0,
            bytes: 0,
        }
    }

    /// A record without content (a system program's resolved path).
    pub fn record(&mut self, kind: Kind, name: &[u8]) {
        self.frame.record(kind, name, None);
    }

    /// A file the manifest names, through any symbolic link: its name and bytes.
    pub fn file(&mut self, kind: Kind, name: &[u8], path: &Path) -> Result<(), VersionError> {
        let metadata = path.metadata().map_err(|e| self.unreadable(path, e))?;
        if !metadata.is_file() {
            return Err(self.not_a_file(path, metadata.file_type()));
        }
        self.count(path)?;
        let content = self.content(path)?;
        self.frame.record(kind, name, Some(&content));
        Ok(())
    }

    /// A path of `read`: a file, a tree, or nothing yet (recorded as absent, so creating it is
    /// a new version).
    pub fn entry(&mut self, name: &[u8], path: &Path) -> Result<(), VersionError> {
        match path.metadata() {
            Err(e) if e.kind() == ErrorKind::NotFound => {
                self.frame.record(Kind::Absent, name, None);
                Ok(())
            }
            Err(e) => Err(self.unreadable(path, e)),
            Ok(metadata) if metadata.is_dir() => self.tree(name, path),
            Ok(_) => self.file(Kind::File, name, path),
        }
    }

    /// Every folder, file and link under `root` (itself a folder, through any link), in sorted
    /// order, named `name/relative/path`.
    pub fn tree(&mut self, name: &[u8], root: &Path) -> Result<(), VersionError> {
        let metadata = root.metadata().map_err(|e| self.unreadable(root, e))?;
        if !metadata.is_dir() {
            return Err(self.not_a_file(root, metadata.file_type()));
        }
        self.frame.record(Kind::Folder, name, None);
        self.walk(root, root, name)
    }

    fn walk(&mut self, root: &Path, folder: &Path, name: &[u8]) -> Result<(), VersionError> {
        let mut children: Vec<PathBuf> = std::fs::read_dir(folder)
            .map_err(|e| self.unreadable(folder, e))?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(|e| self.unreadable(folder, e))?;
        children.sort();
        for path in children {
            let file_name = path.file_name().unwrap_or_default();
            let kind = std::fs::symlink_metadata(&path)
                .map_err(|e| self.unreadable(&path, e))?
                .file_type();
            if kind.is_dir() && SKIPPED.iter().any(|s| file_name == *s) {
                continue;
            }
            self.count(root)?;
            let mut child = name.to_vec();
            child.push(b'/');
            child.extend_from_slice(file_name.as_encoded_bytes());
            if kind.is_symlink() {
                let target = std::fs::read_link(&path).map_err(|e| self.unreadable(&path, e))?;
                child.push(0);
                child.extend_from_slice(target.as_os_str().as_encoded_bytes());
                self.frame.record(Kind::Link, &child, None);
            } else if kind.is_dir() {
                self.frame.record(Kind::Folder, &child, None);
                self.walk(root, &path, &child)?;
            } else if kind.is_file() {
                let content = self.content(&path)?;
                self.frame.record(Kind::File, &child, Some(&content));
            } else {
                return Err(self.not_a_file(&path, kind));
            }
        }
        Ok(())
    }

    /// One more entry, refused past [`MAX_ENTRIES`].
    fn count(&mut self, root: &Path) -> Result<(), VersionError> {
        self.entries += 1;
        if self.entries > MAX_ENTRIES {
            return Err(VersionError::TooManyFiles {
                manifest: self.manifest.to_path_buf(),
                root: root.to_path_buf(),
            });
        }
        Ok(())
    }

    /// The SHA-256 of a regular file's bytes, opened without blocking (it may have become a
    /// FIFO since it was looked at) and read no further than the bytes left to [`MAX_BYTES`].
    fn content(&mut self, path: &Path) -> Result<[u8; 32], VersionError> {
        let file = open(path).map_err(|e| self.unreadable(path, e))?;
        let metadata = file.metadata().map_err(|e| self.unreadable(path, e))?;
        if !metadata.is_file() {
            return Err(self.not_a_file(path, metadata.file_type()));
        }
        let left = MAX_BYTES - self.bytes;
        if metadata.len() > left {
            return Err(self.too_large(path));
        }
        let mut content = Content::default();
        let mut buffer = vec![0; 64 << 10];
        let mut reader = file.take(left + 1);
        loop {
            let read = match reader.read(&mut buffer) {
                Ok(0) => break,
                Ok(read) => read,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.unreadable(path, e)),
            };
            self.bytes += read as u64;
            if self.bytes > MAX_BYTES {
                return Err(self.too_large(path));
            }
            content.update(&buffer[..read]);
        }
        Ok(content.finish())
    }

    fn too_large(&self, path: &Path) -> VersionError {
        VersionError::TooLarge {
            manifest: self.manifest.to_path_buf(),
            path: path.to_path_buf(),
        }
    }

    fn unreadable(&self, path: &Path, source: std::io::Error) -> VersionError {
        VersionError::Read {
            manifest: self.manifest.to_path_buf(),
            path: path.to_path_buf(),
            source,
        }
    }

    fn not_a_file(&self, path: &Path, kind: FileType) -> VersionError {
        VersionError::NotAFile {
            manifest: self.manifest.to_path_buf(),
            path: path.to_path_buf(),
            what: what(kind),
        }
    }
}

/// What a file that is not a regular file is, in words.
fn what(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_block_device() || kind.is_char_device() {
            return "a device file";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

/// Opens `path` for reading without waiting for a writer, should it be a FIFO.
fn open(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}
