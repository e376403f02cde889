//! A control group per program: its memory and its processes are limited there, the kernel
//! counts when a limit is hit (so a fault can name it), and everything the program started,
//! `setsid` daemons and double forks included, is found there and killed when it ends. Works
//! with cgroup v2 (`memory`, `pids`, `cgroup.kill`) and with the v1 `memory` and `pids`
//! hierarchies, whichever this process may write; each is found once, by [`Available::probe`].

use std::fs;
use std::io::Write;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long an ended program's group may take to empty after its kill.
const EMPTY_WAIT: Duration = Duration::from_secs(2);

/// One writable place in a cgroup hierarchy: the folder new groups are made in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hierarchy {
    base: PathBuf,
    v2: bool,
}

/// The hierarchies this process may use, each for what it can do.
#[derive(Clone, Debug, Default)]
pub struct Available {
    pub memory: Option<Hierarchy>,
    pub pids: Option<Hierarchy>,
    /// Where a group can be killed whole (`cgroup.kill`, v2); else the v1 groups are swept.
    pub kill: Option<Hierarchy>,
}

impl Available {
    /// Finds the mounted hierarchies and tries each: a group made and removed in each tells.
    pub fn probe() -> Available {
        let own = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        let mounts = fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
        let v1 = |controller: &str| -> Option<Hierarchy> {
            let mount = mounts.lines().find_map(|line| {
                let (left, right) = line.split_once(" - ")?;
                let mut right = right.split(' ');
                let (kind, options) = (right.next()?, right.nth(1)?);
                let is_it = kind == "cgroup" && options.split(',').any(|o| o == controller);
                is_it.then(|| left.split(' ').nth(4).map(PathBuf::from))?
            })?;
            let path = own.lines().find_map(|line| {
                let mut parts = line.splitn(3, ':');
                let (_, list, path) = (parts.next()?, parts.next()?, parts.next()?);
                list.split(',').any(|c| c == controller).then_some(path)
            })?;
            Some(Hierarchy {
                base: mount.join(path.trim_start_matches('/')),
                v2: false,
            })
        };
        let v2 = (|| {
            let mount = mounts.lines().find_map(|line| {
                let (left, right) = line.split_once(" - ")?;
                (right.split(' ').next()? == "cgroup2")
                    .then(|| left.split(' ').nth(4).map(PathBuf::from))?
            })?;
            let path = own.lines().find_map(|line| line.strip_prefix("0::"))?;
            Some(Hierarchy {
                base: mount.join(path.trim_start_matches('/')),
                v2: true,
            })
        })();
        let works = |hierarchy: &Hierarchy, file: &str| hierarchy.try_group(file);
        let v2_with = |controller: &str, file: &str| {
            v2.clone()
                .filter(|h| h.enable(controller) && works(h, file))
        };
        Available {
            memory: v2_with("memory", "memory.max")
                .or_else(|| v1("memory").filter(|h| works(h, "memory.limit_in_bytes"))),
            pids: v2_with("pids", "pids.max")
                .or_else(|| v1("pids").filter(|h| works(h, "pids.max"))),
            kill: v2.clone().filter(|h| works(h, "cgroup.kill")),
        }
    }
}

impl Hierarchy {
    /// `v1 /sys/fs/cgroup/memory/...`, for `tourney list`.
    pub fn describe(&self) -> String {
        let version = if self.v2 { "v2" } else { "v1" };
        format!("{version} {}", self.base.display())
    }

    /// Whether a group made here has `file`; the group is removed again.
    fn try_group(&self, file: &str) -> bool {
        let probe = self
            .base
            .join(format!("tourney-{}-probe", std::process::id()));
        if fs::create_dir(&probe).is_err() {
            return false;
        }
        let has = probe.join(file).exists();
        let _ = fs::remove_dir(&probe);
        has
    }

    /// Whether groups made here get `controller` (v2: it must be on in the parent's
    /// `cgroup.subtree_control`, which this turns on when it may).
    fn enable(&self, controller: &str) -> bool {
        let control = self.base.join("cgroup.subtree_control");
        let on = |text: String| text.split_whitespace().any(|c| c == controller);
        on(fs::read_to_string(&control).unwrap_or_default())
            || (fs::write(&control, format!("+{controller}")).is_ok()
                && on(fs::read_to_string(&control).unwrap_or_default()))
    }
}

/// Groups whose programs may still run, by the file that kills each (`cgroup.kill`) or the
/// list of processes to sweep (`cgroup.procs`), with their folders: for [`kill_all`].
static LIVE: Mutex<Vec<(PathBuf, Vec<PathBuf>)>> = Mutex::new(Vec::new());

fn live() -> std::sync::MutexGuard<'static, Vec<(PathBuf, Vec<PathBuf>)>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills every process of every group still live and removes the groups, for exit paths that
/// skip destructors.
pub fn kill_all() {
    let live = live();
    for (killer, _) in live.iter() {
        kill_now(killer);
    }
    for (killer, folders) in live.iter() {
        wait_empty(killer);
        remove(folders);
    }
}

/// One program's groups: one folder per hierarchy used.
pub struct Group {
    folders: Vec<PathBuf>,
    /// `cgroup.procs` of each folder, opened here so the child only writes to them.
    procs: Vec<OwnedFd>,
    memory: Option<PathBuf>,
    pids: Option<PathBuf>,
    /// `cgroup.kill`, or a `cgroup.procs` to sweep.
    killer: Option<PathBuf>,
}

impl Group {
    /// Makes the groups and sets their limits.
    pub fn create(
        available: &Available,
        name: &str,
        memory_bytes: u64,
        processes: u64,
    ) -> std::io::Result<Group> {
        let mut group = Group {
            folders: Vec::new(),
            procs: Vec::new(),
            memory: None,
            pids: None,
            killer: None,
        };
        // On an error, dropping `group` removes what was made.
        if let Some(h) = &available.memory {
            let folder = group.folder(h, name)?;
            let bytes = memory_bytes.to_string();
            if h.v2 {
                fs::write(folder.join("memory.max"), &bytes)?;
                let _ = fs::write(folder.join("memory.swap.max"), "0");
            } else {
                fs::write(folder.join("memory.limit_in_bytes"), &bytes)?;
                let _ = fs::write(folder.join("memory.memsw.limit_in_bytes"), &bytes);
            }
            group.memory = Some(folder.join(match h.v2 {
                true => "memory.events",
                false => "memory.oom_control",
            }));
        }
        if let Some(h) = &available.pids {
            let folder = group.folder(h, name)?;
            fs::write(folder.join("pids.max"), processes.to_string())?;
            group.pids = Some(folder.join("pids.events"));
        }
        group.killer = match &available.kill {
            Some(h) => Some(group.folder(h, name)?.join("cgroup.kill")),
            None => group.folders.first().map(|f| f.join("cgroup.procs")),
        };
        if let Some(killer) = &group.killer {
            live().push((killer.clone(), group.folders.clone()));
        }
        Ok(group)
    }

    /// The group's folder in `hierarchy`, made once.
    fn folder(&mut self, hierarchy: &Hierarchy, name: &str) -> std::io::Result<PathBuf> {
        let folder = hierarchy.base.join(name);
        if !self.folders.contains(&folder) {
            fs::create_dir(&folder)?;
            self.folders.push(folder.clone());
            let procs = fs::OpenOptions::new()
                .write(true)
                .open(folder.join("cgroup.procs"))?;
            self.procs.push(procs.into());
        }
        Ok(folder)
    }

    /// The descriptors the child writes `0` to, joining each group.
    pub fn join_fds(&self) -> Vec<RawFd> {
        self.procs.iter().map(AsRawFd::as_raw_fd).collect()
    }

    /// Whether the kernel killed a process of the group for lack of memory.
    pub fn memory_exceeded(&self) -> bool {
        self.memory
            .as_deref()
            .is_some_and(|events| counter(events, "oom_kill") > 0)
    }

    /// Whether a fork or a thread was refused for the process limit.
    pub fn processes_exceeded(&self) -> bool {
        self.pids
            .as_deref()
            .is_some_and(|events| counter(events, "max") > 0)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        if let Some(killer) = &self.killer {
            kill_now(killer);
            wait_empty(killer);
            live().retain(|(p, _)| p != killer);
        }
        self.procs.clear();
        remove(&self.folders);
    }
}

/// Kills the group of `killer` until none of its processes is left (a bounded time).
fn wait_empty(killer: &Path) {
    let procs = killer.with_file_name("cgroup.procs");
    let deadline = Instant::now() + EMPTY_WAIT;
    loop {
        let empty = fs::read_to_string(&procs).map_or(true, |p| p.trim().is_empty());
        if empty || Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
        kill_now(killer);
    }
}

/// Removes the emptied groups' folders; a process just killed may take a moment to leave.
fn remove(folders: &[PathBuf]) {
    for folder in folders {
        for _ in 0..100 {
            if fs::remove_dir(folder).is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Kills the group `killer` belongs to: `cgroup.kill`, or every process `cgroup.procs` lists.
fn kill_now(killer: &Path) {
    if killer.ends_with("cgroup.kill") {
        if let Ok(mut file) = fs::OpenOptions::new().write(true).open(killer) {
            let _ = file.write_all(b"1");
        }
        return;
    }
    for pid in fs::read_to_string(killer).unwrap_or_default().lines() {
        if let Some(pid) = pid
            .trim()
            .parse()
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
    }
}

/// The value of `key` in a `key value` lines file (`memory.events`, `pids.events`); 0 when
/// absent.
fn counter(file: &Path, key: &str) -> u64 {
    fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .find_map(|line| {
            let (k, v) = line.split_once(' ')?;
            (k == key).then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0)
}
