//! What this machine offers to confine programs, probed once per run: each protection with
//! what gives it or what its lack leaves open, for `tourney list`, the one line `--sandbox on`
//! says and the refusal of `--sandbox require`, which names every protection missing.

use super::{Mode, cgroup, namespaces, privilege, settings, stale};
use std::sync::OnceLock;

/// What this machine offers, probed once.
pub(super) struct Support {
    /// Landlock ABI version, 0 without Landlock.
    pub(super) landlock: i32,
    pub(super) cgroups: cgroup::Available,
    /// Whether system calls can be filtered (seccomp, with `ERRNO` results).
    pub(super) seccomp: bool,
    pub(super) privilege: privilege::Available,
    /// The programs' mount namespace with a `/proc` of their own (root only).
    pub(super) private_proc: Option<namespaces::PrivateProc>,
}

pub(super) fn support() -> &'static Support {
    static SUPPORT: OnceLock<Support> = OnceLock::new();
    SUPPORT.get_or_init(|| {
        stale::sweep_scratch(&std::env::temp_dir());
        Support {
            landlock: landlock_abi(),
            cgroups: cgroup::Available::probe(),
            seccomp: seccomp_available(),
            privilege: privilege::Available::probe(),
            private_proc: namespaces::make(),
        }
    })
}

#[cfg(target_os = "linux")]
fn landlock_abi() -> i32 {
    const VERSION: libc::c_uint = 1; // LANDLOCK_CREATE_RULESET_VERSION
    // SAFETY: the version query passes no attribute (null, size 0); no memory is touched.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            VERSION,
        )
    };
    i32::try_from(abi).unwrap_or(0).max(0)
}

#[cfg(not(target_os = "linux"))]
fn landlock_abi() -> i32 {
    0
}

#[cfg(target_os = "linux")]
fn seccomp_available() -> bool {
    super::syscalls::available()
}

#[cfg(not(target_os = "linux"))]
fn seccomp_available() -> bool {
    false
}

impl Support {
    /// Each protection with whether this machine gives it, and what gives it or is missing.
    fn protections(&self) -> [(&'static str, Result<String, &'static str>); 12] {
        let abi = self.landlock;
        let landlock = |min: i32, what: &'static str| match abi >= min {
            true => Ok(format!("Landlock ABI {abi}")),
            false => Err(what),
        };
        let group = |hierarchy: &Option<cgroup::Hierarchy>, missing: &'static str| {
            hierarchy
                .as_ref()
                .map(|h| format!("control group ({})", h.describe()))
                .ok_or(missing)
        };
        let cg = &self.cgroups;
        let user_namespace = self.privilege.user_namespace;
        [
            (
                "files",
                landlock(1, "no Landlock: any file the harness may read or write"),
            ),
            (
                "network",
                landlock(4, "no Landlock ABI 4: TCP connections are not filtered"),
            ),
            (
                "signals",
                landlock(6, "no Landlock ABI 6: it can signal the harness and others"),
            ),
            (
                "memory",
                group(&cg.memory, "no memory control group: memory is unlimited"),
            ),
            (
                "processes",
                group(&cg.pids, "no pids control group: processes are unlimited"),
            ),
            (
                "cpu",
                match &cg.cpu {
                    Some(cpu) => Ok(format!(
                        "control group weighed by the turn (cpu {})",
                        cpu.describe()
                    )),
                    None => Err("no cpu control group: a program's processes can take CPU \
                         from its opponent"),
                },
            ),
            (
                "syscalls",
                match self.seccomp {
                    true => Ok("seccomp filter".to_string()),
                    false => Err(
                        "no seccomp: UDP, raw and packet sockets, ptrace and the like are not \
                         filtered",
                    ),
                },
            ),
            (
                "leftovers",
                match (&cg.kill, cg.any()) {
                    (Some(h), _) | (None, Some(h)) => {
                        Ok(format!("control group ({})", h.describe()))
                    }
                    (None, None) => Err("no control group: a daemon may outlive its game"),
                },
            ),
            (
                "privilege",
                match (user_namespace, self.privilege.root) {
                    (true, _) => Ok("a user namespace, no capability, no_new_privs".to_string()),
                    (false, true) => Err("no user namespace: programs run as root, without \
                         capabilities"),
                    (false, false) => Err("no user namespace: programs run as the harness's user"),
                },
            ),
            (
                "devices",
                landlock(1, "no Landlock: every device the harness may open"),
            ),
            (
                "ipc",
                match self.seccomp {
                    true => Ok("denied by the seccomp filter".to_string()),
                    false => {
                        Err("no seccomp: System V shared memory and message queues are shared")
                    }
                },
            ),
            (
                "proc",
                match (&self.private_proc, user_namespace) {
                    (Some(_), true) => Ok("a /proc of its own (hidepid=ptraceable)".to_string()),
                    _ => Err(
                        "no /proc of its own (needs root and a user namespace): other \
                         programs and the harness are listed in /proc",
                    ),
                },
            ),
        ]
    }

    /// The protections this machine lacks, one phrase each.
    fn missing(&self) -> Vec<&'static str> {
        self.protections()
            .into_iter()
            .filter_map(|(_, given)| given.err())
            .collect()
    }

    /// `Err` naming every protection this machine lacks: `--sandbox require`'s refusal.
    fn required(&self) -> Result<(), String> {
        let missing = self.missing();
        match missing.is_empty() {
            true => Ok(()),
            false => Err(format!(
                "--sandbox require: this machine cannot confine programs fully ({})",
                missing.join("; ")
            )),
        }
    }
}

/// What `tourney list` says about this machine: each protection and what gives it.
pub fn describe() -> Vec<String> {
    let mut lines: Vec<String> = support()
        .protections()
        .into_iter()
        .map(|(name, given)| match given {
            Ok(by) => format!("{name:<10} yes: {by}"),
            Err(missing) => format!("{name:<10} NO: {missing}"),
        })
        .collect();
    lines.push(format!(
        "{:<10} yes: file size and open files (setrlimit)",
        "limits"
    ));
    lines
}

/// Refuses, under `--sandbox require`, a run whose programs this machine cannot fully confine.
pub fn ensure_required() -> Result<(), String> {
    if settings().mode != Mode::Require {
        return Ok(());
    }
    support().required()
}

/// Says once per run which protections this machine lacks (`--sandbox on`).
pub(super) fn warn_once(support: &Support) {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        let missing = support.missing();
        if !missing.is_empty() {
            eprintln!(
                "sandbox: programs run without some protections on this machine: {} \
                 (see tourney list; --sandbox require refuses to run them)",
                missing.join("; ")
            );
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A machine with Landlock ABI `landlock`, seccomp or not, and these hierarchies, whose
    /// harness runs as root with user namespaces and a `/proc` of the programs' own.
    fn machine(landlock: i32, seccomp: bool, cgroups: cgroup::Available) -> Support {
        let open = |path: &str| std::fs::File::open(path).unwrap().into();
        Support {
            landlock,
            cgroups,
            seccomp,
            privilege: privilege::Available {
                user_namespace: true,
                root: true,
            },
            private_proc: Some(namespaces::PrivateProc {
                namespace: open("/proc/self/ns/mnt"),
                proc_root: open("/proc"),
            }),
        }
    }

    #[test]
    fn require_runs_where_every_protection_is_given_on_cgroup_v2_or_v1() {
        let v2 = cgroup::Hierarchy::described("/sys/fs/cgroup/user.slice/tourney", true);
        let every = cgroup::Available {
            memory: Some(v2.clone()),
            pids: Some(v2.clone()),
            cpu: Some(v2.clone()),
            harness: None,
            kill: Some(v2),
        };
        assert_eq!(machine(7, true, every).required(), Ok(()));
        let v1 = |name: &str| Some(cgroup::Hierarchy::described(name, false));
        let root_on_v1 = cgroup::Available {
            memory: v1("/sys/fs/cgroup/memory"),
            pids: v1("/sys/fs/cgroup/pids"),
            cpu: v1("/sys/fs/cgroup/cpu"),
            harness: None,
            kill: None,
        };
        assert_eq!(machine(6, true, root_on_v1).required(), Ok(()));
    }

    #[test]
    fn require_refuses_naming_each_protection_the_machine_lacks() {
        let v1 = |name: &str| Some(cgroup::Hierarchy::described(name, false));
        // As root on a cgroup v1 machine whose cpu hierarchy is not mounted, an
        // older kernel: Landlock ABI 3, no seccomp.
        let old = cgroup::Available {
            memory: v1("/sys/fs/cgroup/memory"),
            pids: v1("/sys/fs/cgroup/pids"),
            ..Default::default()
        };
        let refusal = machine(3, false, old).required().unwrap_err();
        for named in [
            "no Landlock ABI 4",
            "no Landlock ABI 6",
            "no cpu control group",
            "no seccomp: UDP",
            "no seccomp: System V shared memory",
        ] {
            assert!(refusal.contains(named), "{named}: {refusal}");
        }
        for given in ["no Landlock:", "memory control group", "pids control group"] {
            assert!(!refusal.contains(given), "{given}: {refusal}");
        }
        // A delegated cgroup v2 subtree with memory, pids and the kill file but not cpu.
        let v2 = cgroup::Hierarchy::described("/sys/fs/cgroup/user.slice/tourney", true);
        let delegated = cgroup::Available {
            memory: Some(v2.clone()),
            pids: Some(v2.clone()),
            cpu: None,
            harness: None,
            kill: Some(v2),
        };
        let refusal = machine(7, true, delegated).required().unwrap_err();
        assert_eq!(
            refusal,
            "--sandbox require: this machine cannot confine programs fully (no cpu control \
             group: a program's processes can take CPU from its opponent)"
        );
        // Nothing at all: every protection is named.
        let mut bare = machine(0, false, cgroup::Available::default());
        bare.privilege = privilege::Available::default();
        bare.private_proc = None;
        assert_eq!(bare.missing().len(), bare.protections().len());
    }

    #[test]
    fn require_names_privilege_and_proc_where_user_namespaces_are_refused() {
        let v1 = |name: &str| Some(cgroup::Hierarchy::described(name, false));
        let root_on_v1 = || cgroup::Available {
            memory: v1("/sys/fs/cgroup/memory"),
            pids: v1("/sys/fs/cgroup/pids"),
            cpu: v1("/sys/fs/cgroup/cpu"),
            harness: None,
            kill: None,
        };
        // A root harness in a container that refuses user namespaces.
        let mut container = machine(6, true, root_on_v1());
        container.privilege = privilege::Available {
            user_namespace: false,
            root: true,
        };
        assert_eq!(
            container.required().unwrap_err(),
            "--sandbox require: this machine cannot confine programs fully (no user namespace: \
             programs run as root, without capabilities; no /proc of its own (needs root and a \
             user namespace): other programs and the harness are listed in /proc)"
        );
        // An ordinary user's harness where user namespaces are off: no procfs of its own either.
        let mut user = machine(6, true, root_on_v1());
        user.privilege = privilege::Available::default();
        user.private_proc = None;
        let refusal = user.required().unwrap_err();
        for named in ["programs run as the harness's user", "no /proc of its own"] {
            assert!(refusal.contains(named), "{named}: {refusal}");
        }
    }
}
