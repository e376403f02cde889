//! Starting a program inside its [`Confinement`], confined or not, as `posix_spawn` would
//! ([`super::vfork`]): its command line, environment, folder and pipes made here, its steps
//! taken in the child.

use super::Confinement;
use std::ffi::CString;
use std::fs::File;
use std::io::{Error, ErrorKind, Result};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// A started program: its pid (it is this process's child) and the harness's ends of its
/// pipes (stdin only when asked for).
pub struct Started {
    pub pid: u32,
    pub stdin: Option<File>,
    pub stdout: File,
    pub stderr: File,
}

impl Confinement {
    /// Starts `command` (a path, or a name looked up on `PATH`) with `args` in `dir`, its
    /// stdout and stderr piped, its stdin piped or `/dev/null`, confined.
    pub fn spawn(
        &self,
        command: &Path,
        args: &[String],
        dir: &Path,
        stdin_piped: bool,
    ) -> Result<Started> {
        let c_string = |bytes: &[u8]| {
            CString::new(bytes).map_err(|_| Error::new(ErrorKind::InvalidInput, "a NUL byte"))
        };
        let program =
            super::files::executable(command).ok_or_else(|| Error::from(ErrorKind::NotFound))?;
        let program = c_string(program.as_os_str().as_bytes())?;
        let args = std::iter::once(command.as_os_str().as_bytes())
            .chain(args.iter().map(|a| a.as_bytes()))
            .map(c_string)
            .collect::<Result<Vec<_>>>()?;
        // A confined program's own environment; an unconfined one gets the harness's.
        let harness;
        let env = match &self.walls {
            Some(walls) => &walls.environment,
            None => {
                harness = super::environment::Environment::of_harness();
                &harness
            }
        };
        let cwd = std::env::current_dir()?.join(dir);
        let cwd = c_string(cwd.as_os_str().as_bytes())?;
        let (stdout, stdout_end) = super::vfork::pipe()?;
        let (stderr, stderr_end) = super::vfork::pipe()?;
        let (stdin, stdin_end) = match stdin_piped {
            true => {
                let (end, stdin) = super::vfork::pipe()?;
                (Some(stdin), end)
            }
            false => (None, OwnedFd::from(File::open("/dev/null")?)),
        };
        let pointers = |strings: &[CString]| -> Vec<*const libc::c_char> {
            strings
                .iter()
                .map(|s| s.as_ptr())
                .chain([std::ptr::null()])
                .collect()
        };
        let argv = pointers(&args);
        let pid = super::vfork::start(&super::vfork::Launch {
            program: &program,
            argv: &argv,
            envp: env.pointers(),
            cwd: &cwd,
            stdio: [&stdin_end, &stdout_end, &stderr_end].map(|fd| fd.as_raw_fd()),
            steps: self.steps,
        })?;
        Ok(Started {
            pid,
            stdin: stdin.map(File::from),
            stdout: File::from(stdout),
            stderr: File::from(stderr),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Network, walls};
    use super::*;
    use std::io::{Read, Write};

    /// Starts `sh -c script` (with `args` after it) in `dir` with a line on its stdin, and
    /// returns what it printed once it ended.
    fn run_sh(confinement: &Confinement, script: &str, args: &[&str], dir: &Path) -> String {
        let mut all = vec!["-c".to_string(), script.to_string(), "sh".to_string()];
        all.extend(args.iter().map(|a| a.to_string()));
        let mut started = confinement.spawn(Path::new("sh"), &all, dir, true).unwrap();
        let mut stdin = started.stdin.take().unwrap();
        // A program that never reads its stdin may have ended already.
        let _ = stdin.write_all(b"from stdin\n");
        drop(stdin);
        let mut out = String::new();
        started.stdout.read_to_string(&mut out).unwrap();
        let mut status = 0;
        // SAFETY: waits for the child just started.
        unsafe { libc::waitpid(started.pid as libc::pid_t, &mut status, 0) };
        out.trim().to_string()
    }

    #[test]
    fn a_program_gets_its_arguments_its_folder_its_stdin_and_the_harnesss_environment() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().canonicalize().unwrap();
        // Set by cargo for the test, so in this process's environment.
        let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap();
        let script = "read line; echo \"$1|$2|$(pwd -P)|$line|$CARGO_MANIFEST_DIR\"";
        let seen = run_sh(&Confinement::none(), script, &["one", "two words"], &folder);
        assert_eq!(
            seen,
            format!("one|two words|{}|from stdin|{manifest}", folder.display())
        );
    }

    /// A confined program's environment is its walls' (`HOME` its scratch folder, no other
    /// variable of the harness's), and the harness's own stays what it was: the child shares
    /// the harness's memory until `exec`, and must not have installed its environment there.
    #[test]
    fn a_confined_program_gets_its_own_environment_and_the_harness_keeps_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let scratch = dir.path().join("home");
        let key = walls::Key {
            command: dir.path().join("program"),
            readable: Vec::new(),
            network: Network::None,
            abi: 0,
            env: Vec::new(),
        };
        let walls = walls::Walls::for_key(key, scratch.clone(), None, |folder| {
            std::fs::create_dir(folder).map_err(|e| e.to_string())
        })
        .unwrap();
        let mut confinement = Confinement::none();
        confinement.walls = Some(walls);
        let home_before = std::env::var_os("HOME");
        let script = "echo \"$HOME|$TMPDIR|${CARGO_MANIFEST_DIR:-unset}\"";
        let seen = run_sh(&confinement, script, &[], dir.path());
        let home = scratch.display();
        assert_eq!(seen, format!("{home}|{home}|unset"));
        assert_eq!(std::env::var_os("HOME"), home_before);
        assert!(std::env::var_os("CARGO_MANIFEST_DIR").is_some());
        // Not handed to the cleaner: these walls are this test's alone.
        confinement.walls.take();
    }

    /// No signal blocked, whatever the harness blocks around the start, and SIGPIPE at its
    /// default though Rust's runtime ignores it in the harness (a signal the harness was
    /// started ignoring, as under `nohup`, stays ignored, as `Command` leaves it).
    #[test]
    fn a_program_starts_with_no_signal_blocked_and_sigpipe_at_its_default() {
        let dir = tempfile::tempdir().unwrap();
        let seen = run_sh(
            &Confinement::none(),
            "grep -E '^Sig(Ign|Blk)' /proc/self/status | tr -s '\\t\\n' ' '",
            &[],
            dir.path(),
        );
        let mask = |name: &str| {
            let hex = seen
                .split(name)
                .nth(1)
                .and_then(|s| s.split_whitespace().next());
            u64::from_str_radix(hex.unwrap_or("-"), 16).expect(&seen)
        };
        assert_eq!(mask("SigBlk:"), 0, "{seen}");
        assert_eq!(mask("SigIgn:") & (1 << (libc::SIGPIPE - 1)), 0, "{seen}");
    }

    #[test]
    fn a_program_that_cannot_be_started_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let missing =
            Confinement::none().spawn(&dir.path().join("missing"), &[], dir.path(), false);
        assert_eq!(missing.err().map(|e| e.kind()), Some(ErrorKind::NotFound));
        // Found and executable, but `execve` fails in the child: its interpreter is missing.
        let script = dir.path().join("script");
        std::fs::write(&script, "#!/no/such/interpreter\n").unwrap();
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let failed = Confinement::none().spawn(&script, &[], dir.path(), false);
        assert_eq!(failed.err().map(|e| e.kind()), Some(ErrorKind::NotFound));
    }
}
