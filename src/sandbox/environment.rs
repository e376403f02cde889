//! A program's environment, built before its start and handed to `execve`. A confined
//! program's is built once for its walls: `PATH` and `LANG` as the harness has them, `HOME`
//! and `TMPDIR` pointing at its scratch folder, and the harness's variables its manifest names
//! (`env`), nothing else: the harness's own variables (a token in CI, a database address) are
//! not a program's to read. An unconfined program gets the harness's, as it is at the start.

use std::ffi::{CString, OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// The harness's variables every confined program gets.
const PASSED: [&str; 2] = ["PATH", "LANG"];

/// `NAME=value` strings and the null-terminated array of pointers to them that `exec` reads.
pub struct Environment {
    /// Owned here, never changed: the pointers point into them.
    _strings: Vec<CString>,
    pointers: Vec<*const libc::c_char>,
}

// SAFETY: the pointers point into `strings`, owned alongside and never changed: sharing or
// moving the whole between threads is as safe as sharing the strings.
unsafe impl Send for Environment {}
// SAFETY: as above; nothing is ever written through a shared reference.
unsafe impl Sync for Environment {}

impl Environment {
    /// `PATH`, `LANG` and the variables named in `named` as the harness has them now, and
    /// `HOME` and `TMPDIR` set to `scratch`.
    pub fn for_scratch(scratch: &Path, named: &[String]) -> Environment {
        let passed = PASSED
            .iter()
            .copied()
            .chain(named.iter().map(String::as_str));
        let mut variables: Vec<(OsString, OsString)> = Vec::new();
        for name in passed.filter(|&name| name != "HOME" && name != "TMPDIR") {
            if let Some(value) = std::env::var_os(name)
                && !variables.iter().any(|(seen, _)| seen == name)
            {
                variables.push((name.into(), value));
            }
        }
        for name in ["HOME", "TMPDIR"] {
            variables.push((name.into(), scratch.as_os_str().to_os_string()));
        }
        Environment::of(variables)
    }

    /// The harness's own environment, for an unconfined program.
    pub fn of_harness() -> Environment {
        Environment::of(std::env::vars_os())
    }

    fn of(variables: impl IntoIterator<Item = (OsString, OsString)>) -> Environment {
        let strings: Vec<CString> = variables
            .into_iter()
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

    /// The null-terminated array of pointers `execve` takes.
    pub fn pointers(&self) -> &[*const libc::c_char] {
        &self.pointers
    }
}

/// `NAME=value`; `None` for a name or value with a NUL byte, which no environment can hold.
fn line(name: &OsStr, value: &OsStr) -> Option<CString> {
    let mut bytes = name.as_bytes().to_vec();
    bytes.push(b'=');
    bytes.extend_from_slice(value.as_bytes());
    CString::new(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn it_is_path_lang_the_named_variables_and_home_and_tmpdir_in_the_scratch_folder() {
        // Set by cargo for the test, so in this process's environment.
        let named = [
            "CARGO_MANIFEST_DIR".to_string(),
            "NOT_SET_ANYWHERE_X".to_string(),
        ];
        let environment = Environment::for_scratch(Path::new("/tmp/scratch"), &named);
        let lines: Vec<String> = environment
            .pointers()
            .iter()
            .take_while(|p| !p.is_null())
            // SAFETY: each pointer is one of the environment's own strings.
            .map(|&p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
            .collect();
        assert_eq!(environment.pointers().last(), Some(&std::ptr::null()));
        let mut names: Vec<&str> = lines.iter().filter_map(|l| l.split('=').next()).collect();
        let mut expected = vec!["CARGO_MANIFEST_DIR", "HOME", "TMPDIR"];
        expected.extend(
            PASSED
                .iter()
                .filter(|name| std::env::var_os(name).is_some()),
        );
        names.sort_unstable();
        expected.sort_unstable();
        assert_eq!(names, expected, "{lines:?}");
        assert!(lines.contains(&"HOME=/tmp/scratch".to_string()));
        assert!(lines.contains(&"TMPDIR=/tmp/scratch".to_string()));
    }
}
