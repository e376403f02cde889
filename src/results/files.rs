//! Files of a results folder hashed as the manifest records them (written whole by
//! [`crate::input::write_atomically`]).

use anyhow::Context;
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

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
