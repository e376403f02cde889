//! Files a results folder is made of, written so that a crash leaves the old file or the
//! new one, never half of one, and hashed as the manifest records them.

use anyhow::Context;
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Writes `path` through a temporary file in the same folder, synced, then renamed over it.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut temp = path.as_os_str().to_owned();
    temp.push(".tmp");
    let temp = PathBuf::from(temp);
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Makes the rename itself durable; not every system can open a folder.
            if let Ok(dir) = std::fs::File::open(dir) {
                let _ = dir.sync_all();
            }
        }
        Ok(())
    };
    write().with_context(|| format!("cannot write {}", path.display()))
}

/// SHA-256 of a file, streamed.
pub fn file_sha256(path: &Path) -> anyhow::Result<String> {
    let mut file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        let n = file
            .read(&mut buffer)
            .with_context(|| format!("cannot read {}", path.display()))?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    Ok(hex(&hasher.finalize()))
}

/// SHA-256 of a JSON value as compact JSON (its keys sorted, so the hash is canonical).
pub fn value_sha256(value: &serde_json::Value) -> String {
    hex(&Sha256::digest(
        serde_json::to_vec(value).expect("a value always encodes"),
    ))
}

use crate::version::hex;
