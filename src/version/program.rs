//! The digest of a launched program: which of its files are read, in which order, under which
//! names (the rule is written out in this module's parent).

use super::VersionError;
use super::files::Reader;
use super::frame::{Frame, Kind};
use crate::external::Manifest;
use crate::sandbox::on_path;
use std::path::Path;

/// Changing it changes every program's digest: only when what is hashed changes.
const DOMAIN: &str = "tourney program version 1";

/// The SHA-256 over the manifest, its command, the files its arguments name, its `read` paths
/// and, when it sets `dir`, that whole tree.
pub fn digest(manifest: &Manifest) -> Result<String, VersionError> {
    let path = &manifest.path;
    let folder = std::path::absolute(path)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    // Names relative to the manifest's folder where they are inside it, so a program's digest
    // does not depend on where its folder was copied.
    let name = |p: &Path| {
        p.strip_prefix(&folder)
            .unwrap_or(p)
            .as_os_str()
            .as_encoded_bytes()
            .to_vec()
    };
    let mut frame = Frame::new(DOMAIN);
    let mut reader = Reader::new(&mut frame, path);
    let file_name = path.file_name().unwrap_or_default().as_encoded_bytes();
    reader.file(Kind::Manifest, file_name, path)?;
    let command = &manifest.command;
    if command.components().count() > 1 && command.starts_with(&folder) {
        reader.file(Kind::Command, &name(command), command)?;
    } else {
        let resolved = match command.components().count() {
            1 => on_path(command).find(|candidate| candidate.is_file()),
            _ => Some(command.clone()),
        }
        .ok_or_else(|| VersionError::NotOnPath {
            manifest: path.clone(),
            command: command.clone(),
        })?;
        let resolved = resolved.canonicalize().unwrap_or(resolved);
        reader.record(Kind::System, resolved.as_os_str().as_encoded_bytes());
    }
    for arg in &manifest.args {
        let file = manifest.dir.join(arg);
        if file.is_file() {
            reader.file(Kind::Argument, arg.as_bytes(), &file)?;
        }
    }
    for read in &manifest.read {
        reader.entry(&name(read), read)?;
    }
    if manifest.dir_set {
        reader.tree(&name(&manifest.dir), &manifest.dir)?;
    }
    Ok(frame.finish())
}
