//! A confined program's environment, built once for its walls: the harness's own with `HOME`
//! and `TMPDIR` pointing at its scratch folder. Set through `Command::env`, the whole
//! environment would be copied into new strings at every start and freed just after `fork`,
//! while the child still shares the harness's memory: each page those writes touch is then
//! copied, with a flush of every core's TLB (measured in `docs/guide/untrusted-programs.md`).
//! The child instead points `environ` at this one (a pointer store, safe between `fork` and
//! `exec`), and `exec` hands it on.

use std::ffi::{CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// `NAME=value` strings and the null-terminated array of pointers to them that `exec` reads.
pub struct Environment {
    _strings: Vec<CString>,
    pointers: Vec<*const libc::c_char>,
}

// SAFETY: the pointers point into `_strings`, owned alongside and never changed: sharing or
// moving the whole between threads is as safe as sharing the strings.
unsafe impl Send for Environment {}
// SAFETY: as above; nothing is ever written through a shared reference.
unsafe impl Sync for Environment {}

impl Environment {
    /// The harness's environment now, `HOME` and `TMPDIR` set to `scratch`.
    pub fn for_scratch(scratch: &Path) -> Environment {
        let own = std::env::vars_os().filter(|(name, _)| name != "HOME" && name != "TMPDIR");
        let scratch = scratch.as_os_str().to_os_string();
        let set = [("HOME", &scratch), ("TMPDIR", &scratch)];
        let strings: Vec<CString> = own
            .chain(set.map(|(name, value)| (name.into(), value.clone())))
            .filter_map(|(name, value)| line(&name, &value))
            .collect();
        let pointers = strings
            .iter()
            .map(|s| s.as_ptr())
            .chain([std::ptr::null()])
            .collect();
        Environment {
            _strings: strings,
            pointers,
        }
    }

    /// The array for `environ`, as a number the child's steps (plain data) can carry.
    pub fn address(&self) -> usize {
        self.pointers.as_ptr() as usize
    }
}

/// `NAME=value`; `None` for a name or value with a NUL byte, which no environment can hold.
fn line(name: &OsStr, value: &OsStr) -> Option<CString> {
    let mut bytes = name.as_bytes().to_vec();
    bytes.push(b'=');
    bytes.extend_from_slice(value.as_bytes());
    CString::new(bytes).ok()
}

/// Makes the array at `address` (from [`Environment::address`], still alive) the process's
/// environment: in the child, for `exec`.
///
/// # Safety
/// Only in the child between `fork` and `exec`, while the [`Environment`] is alive.
pub unsafe fn install(address: usize) {
    unsafe extern "C" {
        static mut environ: *const *const libc::c_char;
    }
    // SAFETY: the caller's promise; the child has one thread, and nothing else reads
    // `environ` until `exec`.
    unsafe {
        environ = address as *const *const libc::c_char;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn it_is_the_harness_environment_with_home_and_tmpdir_in_the_scratch_folder() {
        let environment = Environment::for_scratch(Path::new("/tmp/scratch"));
        let lines: Vec<String> = environment
            .pointers
            .iter()
            .take_while(|p| !p.is_null())
            // SAFETY: each pointer is one of the environment's own strings.
            .map(|&p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
            .collect();
        assert_eq!(environment.pointers.last(), Some(&std::ptr::null()));
        let home: Vec<&String> = lines.iter().filter(|l| l.starts_with("HOME=")).collect();
        assert_eq!(home, ["HOME=/tmp/scratch"]);
        assert!(lines.contains(&"TMPDIR=/tmp/scratch".to_string()));
        if let Some(path) = std::env::var_os("PATH") {
            let path = format!("PATH={}", path.to_string_lossy());
            assert!(lines.contains(&path), "the rest is the harness's");
        }
    }
}
