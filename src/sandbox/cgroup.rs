//! A control group per program: its memory and its processes are limited there, the kernel
//! counts when a limit is hit (so a fault can name it), and everything the program started,
//! `setsid` daemons and double forks included, is found there and killed when it ends; its
//! `cpu` group, weighed by the turn, keeps it from taking CPU from others ([`super::cpu`]).
//! Works with cgroup v2 (`memory`, `pids`, `cpu`, `cgroup.kill`) and with the v1 hierarchies
//! of the same controllers, whichever this process may write; each is found once, by
//! [`Available::probe`].

use super::emptying::{kill_now, remove, wait_empty};
use std::fs;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
    /// Where a program's weight is set ([`super::cpu`]).
    pub cpu: Option<Hierarchy>,
    /// The harness's own `cpu` group, which it moved into where it could not raise its
    /// threads' priority instead ([`super::cpu::harness_weight`]).
    pub harness: Option<PathBuf>,
    /// Where a group can be killed whole (`cgroup.kill`, v2); else the v1 groups are swept.
    /// Only when no other hierarchy is used, or v2 is already: joining one more hierarchy
    /// costs each start a migration, slow enough to show in games per second.
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
                base: mount.join(outside_own_group(path).trim_start_matches('/')),
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
                base: mount.join(outside_own_group(path).trim_start_matches('/')),
                v2: true,
            })
        })();
        let works = |hierarchy: &Hierarchy, file: &str| hierarchy.try_group(file);
        let v2_with = |controller: &str, file: &str| {
            v2.clone()
                .filter(|h| h.enable(controller) && works(h, file))
        };
        let memory = v2_with("memory", "memory.max")
            .or_else(|| v1("memory").filter(|h| works(h, "memory.limit_in_bytes")));
        let pids =
            v2_with("pids", "pids.max").or_else(|| v1("pids").filter(|h| works(h, "pids.max")));
        let cpu =
            v2_with("cpu", "cpu.weight").or_else(|| v1("cpu").filter(|h| works(h, "cpu.shares")));
        let v1_only = [&memory, &pids, &cpu]
            .iter()
            .any(|h| h.as_ref().is_some_and(|h| !h.v2));
        let kill = v2.filter(|h| !v1_only && works(h, "cgroup.kill"));
        for hierarchy in [&memory, &pids, &cpu, &kill].into_iter().flatten() {
            super::stale::sweep_groups(&hierarchy.base);
        }
        let harness = cpu
            .as_ref()
            .and_then(|h| super::cpu::harness_weight(&h.base, h.v2));
        Available {
            memory,
            pids,
            cpu,
            harness,
            kill,
        }
    }

    /// A hierarchy a program's group is made in, if any: the first of memory, pids and cpu.
    pub fn any(&self) -> Option<&Hierarchy> {
        [&self.memory, &self.pids, &self.cpu]
            .into_iter()
            .find_map(Option::as_ref)
    }

    /// Whether a program's join of its groups may wait for the kernel (see [`join_file`]): only
    /// where one of them is a v2 group.
    fn joins_may_wait(&self) -> bool {
        [&self.memory, &self.pids, &self.cpu, &self.kill]
            .into_iter()
            .any(|h| h.as_ref().is_some_and(|h| h.v2))
    }
}

/// The group path `path` (of `/proc/self/cgroup`) without the harness's own `cpu` group at
/// its end ([`super::cpu::harness_weight`]): a probe after the harness moved into it makes the
/// programs' groups beside it, as the first probe did, not inside it, where they would be left
/// behind in a group that cannot be removed (a test process probes many times and never
/// leaves its group).
fn outside_own_group(path: &str) -> &str {
    let own = format!("/tourney-{}-harness", std::process::id());
    path.trim_end().strip_suffix(own.as_str()).unwrap_or(path)
}

/// The file a program's child writes `0` to, joining a group of `hierarchy`. In v1 it is
/// `tasks`, which moves the writing thread only: the kernel then takes no global lock, where a
/// write to `cgroup.procs` (the whole process) waits for an RCU grace period, 4 to 30 ms,
/// unless another move happened moments before ([`super::joins`]). The child is the one
/// thread `fork` copied, so moving it moves the whole program, and whatever it starts later
/// is born in the group. v2 has no such file for a group of its own (`cgroup.threads` moves
/// threads only within a threaded subtree).
fn join_file(hierarchy: &Hierarchy) -> &'static str {
    match hierarchy.v2 {
        true => "cgroup.procs",
        false => "tasks",
    }
}

impl Hierarchy {
    /// `v1 /sys/fs/cgroup/memory/...`, for `tourney list`.
    pub fn describe(&self) -> String {
        let version = if self.v2 { "v2" } else { "v1" };
        format!("{version} {}", self.base.display())
    }

    /// A hierarchy at `base`, as a test describes a machine.
    #[cfg(test)]
    pub fn described(base: &str, v2: bool) -> Hierarchy {
        Hierarchy {
            base: PathBuf::from(base),
            v2,
        }
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

/// Every group made and not removed, by the file that kills it (`cgroup.kill`) or the list
/// of processes to sweep (`cgroup.procs`), with its folders: for [`kill_all`].
static LIVE: Mutex<Vec<(PathBuf, Vec<PathBuf>)>> = Mutex::new(Vec::new());

/// Groups emptied after their program ended, ready for the next program: making and removing
/// a group for every start costs more than the start itself.
static SPARE: Mutex<Vec<Group>> = Mutex::new(Vec::new());

fn live() -> std::sync::MutexGuard<'static, Vec<(PathBuf, Vec<PathBuf>)>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

fn spare() -> std::sync::MutexGuard<'static, Vec<Group>> {
    SPARE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills every process of every group and removes the groups, spare ones included: at the
/// end of a command, and for exit paths that skip destructors.
pub fn kill_all() {
    std::mem::forget(std::mem::take(&mut *spare()));
    super::cpu::leave_harness_weight();
    let mut live = live();
    for (killer, _) in live.iter() {
        kill_now(killer);
    }
    for (killer, folders) in live.drain(..) {
        wait_empty(&killer);
        remove(&folders);
    }
}

/// One program's groups: one folder per hierarchy used.
pub struct Group {
    folders: Vec<PathBuf>,
    /// The file of each folder the child joins it by ([`join_file`]), opened here so the child
    /// only writes to them.
    joins: Vec<OwnedFd>,
    /// The counters of the limits' hits.
    memory: Option<Counter>,
    pids: Option<Counter>,
    /// `cgroup.kill`, or a `cgroup.procs` to sweep.
    killer: Option<PathBuf>,
    /// The files its limits are written to.
    memory_limits: Vec<PathBuf>,
    pids_limit: Option<PathBuf>,
    /// The memory (bytes) and process limits last written: a reused group is given the
    /// same ones nearly always, and is then ready without a write.
    written: Option<(u64, u64)>,
    /// Its `cpu` group's weight, which follows the turn.
    scale: Option<super::cpu::Scale>,
}

impl Group {
    /// A group with these limits: a spare one, or one made now. A spare one already has its
    /// counters' baselines, and its limits when they are the same.
    pub fn create(
        available: &Available,
        name: &str,
        memory_bytes: u64,
        processes: u64,
    ) -> std::io::Result<Group> {
        let first = available.any();
        if let Some(first) = first.filter(|_| available.joins_may_wait()) {
            // Into the group the harness is in: its own `cpu` group where it has one there.
            let own = match &available.harness {
                Some(group) if group.starts_with(&first.base) => group.clone(),
                _ => first.base.clone(),
            };
            super::joins::starting(&own.join("cgroup.procs"));
        }
        let reused = spare().pop();
        let mut group = match reused {
            Some(group) => group,
            None => Group::make(available, name)?,
        };
        group.ready(memory_bytes, processes)?;
        Ok(group)
    }

    /// Makes a new or reused group ready for its program: the weight of a starting program,
    /// these limits (no write when they are the ones it has).
    fn ready(&mut self, memory_bytes: u64, processes: u64) -> std::io::Result<()> {
        // A reused group weighs what it weighed when its last program waited.
        if let Some(scale) = &mut self.scale {
            scale.set(super::cpu::Weight::Thinking)?;
        }
        if self.written == Some((memory_bytes, processes)) {
            return Ok(());
        }
        // Unknown until every write is done: a failed one leaves the group's limits unsure.
        self.written = None;
        if let Some((limit, swap)) = self.memory_limits.split_first() {
            // v1 wants memory+swap (`memsw`, when swap is counted at all) never below memory:
            // raised before, lowered after.
            let bytes = memory_bytes.to_string();
            let write_swap = || swap.iter().for_each(|f| drop(fs::write(f, &bytes)));
            write_swap();
            fs::write(limit, &bytes)?;
            write_swap();
        }
        if let Some(file) = &self.pids_limit {
            fs::write(file, processes.to_string())?;
        }
        self.written = Some((memory_bytes, processes));
        Ok(())
    }

    /// Notes each counter's value now, the baseline a later hit is counted from.
    fn set_baselines(&mut self) {
        for counter in [&mut self.memory, &mut self.pids].into_iter().flatten() {
            counter.start = counter.now();
        }
    }

    /// A group in no hierarchy: what is left of one handed back for reuse.
    fn empty() -> Group {
        Group {
            folders: Vec::new(),
            joins: Vec::new(),
            memory: None,
            pids: None,
            killer: None,
            memory_limits: Vec::new(),
            pids_limit: None,
            written: None,
            scale: None,
        }
    }

    /// Makes the group's folders (`name` in each hierarchy used).
    fn make(available: &Available, name: &str) -> std::io::Result<Group> {
        let mut group = Group::empty();
        // On an error, dropping `group` removes what was made.
        if let Some(h) = &available.memory {
            let folder = group.folder(h, name)?;
            let (limits, events): (&[&str], _) = match h.v2 {
                true => (&["memory.max"], "memory.events"),
                false => (
                    &["memory.limit_in_bytes", "memory.memsw.limit_in_bytes"],
                    "memory.oom_control",
                ),
            };
            group.memory_limits = limits.iter().map(|f| folder.join(f)).collect();
            if h.v2 {
                let _ = fs::write(folder.join("memory.swap.max"), "0");
            }
            group.memory = Counter::open(&folder.join(events)).ok();
        }
        if let Some(h) = &available.pids {
            let folder = group.folder(h, name)?;
            group.pids_limit = Some(folder.join("pids.max"));
            group.pids = Counter::open(&folder.join("pids.events")).ok();
        }
        if let Some(h) = &available.cpu {
            let folder = group.folder(h, name)?;
            group.scale = Some(super::cpu::Scale::open(&folder, h.v2)?);
        }
        group.killer = match &available.kill {
            Some(h) => Some(group.folder(h, name)?.join("cgroup.kill")),
            None => group.folders.first().map(|f| f.join("cgroup.procs")),
        };
        if let Some(killer) = &group.killer {
            live().push((killer.clone(), group.folders.clone()));
        }
        group.set_baselines();
        Ok(group)
    }

    /// The group's folder in `hierarchy`, made once.
    fn folder(&mut self, hierarchy: &Hierarchy, name: &str) -> std::io::Result<PathBuf> {
        let folder = hierarchy.base.join(name);
        if !self.folders.contains(&folder) {
            fs::create_dir(&folder)?;
            self.folders.push(folder.clone());
            let join = fs::OpenOptions::new()
                .write(true)
                .open(folder.join(join_file(hierarchy)))?;
            self.joins.push(join.into());
        }
        Ok(folder)
    }

    /// The name of the group's folders (the same in each hierarchy).
    pub fn name(&self) -> Option<String> {
        Some(self.folders.first()?.file_name()?.to_str()?.to_string())
    }

    /// The descriptors the child writes `0` to, joining each group.
    pub fn join_fds(&self) -> Vec<RawFd> {
        self.joins.iter().map(AsRawFd::as_raw_fd).collect()
    }

    /// Gives the group the weight of a program that thinks (or starts, or ends) or of one
    /// that waits for its turn.
    pub fn weigh(&mut self, weight: super::cpu::Weight) -> std::io::Result<()> {
        self.scale
            .as_mut()
            .map_or(Ok(()), |scale| scale.set(weight))
    }

    /// Whether the kernel killed a process of the group for lack of memory.
    pub fn memory_exceeded(&self) -> bool {
        self.memory.as_ref().is_some_and(Counter::grew)
    }

    /// Whether a fork or a thread was refused for the process limit.
    pub fn processes_exceeded(&self) -> bool {
        self.pids.as_ref().is_some_and(Counter::grew)
    }
}

impl Drop for Group {
    /// Kills what is left of the program; an emptied group is kept for the next program.
    /// Waits until the group is empty: [`super::cleaner`] does it off the game's thread.
    fn drop(&mut self) {
        let Some(killer) = self.killer.clone() else {
            return;
        };
        if wait_empty(&killer) {
            let mut group = std::mem::replace(self, Group::empty());
            group.set_baselines();
            spare().push(group);
        } else {
            live().retain(|(p, _)| p != &killer);
            self.joins.clear();
            remove(&self.folders);
        }
    }
}

/// The key of the counter a limit hit raises, in `file`.
fn counter_key(file: &Path) -> &'static str {
    match file.ends_with("pids.events") {
        true => "max",
        false => "oom_kill",
    }
}

/// A counter the kernel raises when a limit is hit, in its file kept open (read again from
/// its start each time: opening a group's file costs more than reading it), with its value
/// when the group was last emptied: the kernel's counters only grow, and nothing can raise
/// them while the group is empty.
struct Counter {
    file: fs::File,
    key: &'static str,
    start: u64,
}

impl Counter {
    fn open(path: &Path) -> std::io::Result<Counter> {
        Ok(Counter {
            file: fs::File::open(path)?,
            key: counter_key(path),
            start: 0,
        })
    }

    /// Whether the counter grew since the group was (re)used.
    fn grew(&self) -> bool {
        self.now() > self.start
    }

    /// The value of the key in the file's `key value` lines (`memory.events`, `pids.events`,
    /// `memory.oom_control`); 0 when absent or unreadable.
    fn now(&self) -> u64 {
        use std::os::unix::fs::FileExt;
        let mut text = Vec::new();
        let mut buffer = [0u8; 512];
        while let Ok(read @ 1..) = self.file.read_at(&mut buffer, text.len() as u64) {
            text.extend_from_slice(&buffer[..read]);
        }
        String::from_utf8_lossy(&text)
            .lines()
            .find_map(|line| {
                let (k, v) = line.split_once(' ')?;
                (k == self.key).then(|| v.trim().parse().ok())?
            })
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Held by the tests that probe: each probe sweeps the groups of dead harnesses, the
    /// group the first test leaves for one included, so they take turns.
    static PROBING: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn probing() -> std::sync::MutexGuard<'static, ()> {
        PROBING.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[test]
    fn a_group_left_by_a_dead_harness_is_emptied_and_removed_at_the_next_probe() {
        let _turn = probing();
        let available = Available::probe();
        let Some(hierarchy) = available.memory.or(available.pids) else {
            eprintln!("skipped: no control group hierarchy may be used here");
            return;
        };
        let left = hierarchy
            .base
            .join(format!("tourney-{}-0", super::super::stale::never_alive()));
        let mut sleeper = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        // The harness's own first probe, if another test starts a program now, may sweep the
        // group away between its making and the move into it: it is made again until the
        // sleeper is in.
        // The sleeper in a group below it, as a harness that died in its own `cpu` group
        // left its programs' groups.
        let inner = left.join(format!("tourney-{}-1", super::super::stale::never_alive()));
        let placed = (0..100).any(|_| {
            let _ = fs::create_dir(&left);
            let _ = fs::create_dir(&inner);
            fs::write(inner.join("cgroup.procs"), sleeper.id().to_string()).is_ok()
        });
        assert!(
            placed,
            "the sleeper could not be moved into {}",
            left.display()
        );
        Available::probe();
        assert!(!left.exists(), "the group is removed");
        let status = sleeper.wait().unwrap();
        assert!(!status.success(), "its process was killed: {status}");
    }

    /// A group of 1 GiB and 8 processes named for the test `label`, with the hierarchies it
    /// was made in; `None` (said) where this machine lets no hierarchy be used.
    fn test_group(label: &str) -> Option<(Available, Group)> {
        let available = {
            let _turn = probing();
            Available::probe()
        };
        if available.memory.is_none() && available.pids.is_none() {
            eprintln!("skipped: no control group hierarchy may be used here");
            return None;
        }
        let name = format!("tourney-{}-{label}-test", std::process::id());
        let group = Group::create(&available, &name, 1 << 30, 8).unwrap();
        Some((available, group))
    }

    /// The weight the kernel reads back from a program's `cpu` group: a thinking program's when
    /// it starts, the least while it waits, a thinking one's again when it is made ready for
    /// the next program (a reused group must not start a program at the least weight).
    #[test]
    fn a_programs_weight_follows_its_turn_and_a_reused_group_starts_at_a_thinkers() {
        use super::super::cpu::Weight;
        let Some((available, mut group)) = test_group("weight") else {
            return;
        };
        let Some(cpu) = available.cpu.clone() else {
            eprintln!("skipped: no cpu control group may be used here");
            return;
        };
        let folder = group.folders.iter().find(|f| f.starts_with(&cpu.base));
        let file = folder
            .unwrap()
            .join(if cpu.v2 { "cpu.weight" } else { "cpu.shares" });
        let read = || {
            fs::read_to_string(&file)
                .unwrap()
                .trim()
                .parse::<u64>()
                .unwrap()
        };
        let (thinking, waiting) = if cpu.v2 { (6400, 1) } else { (65536, 2) };
        assert_eq!(read(), thinking, "a new group");
        group.weigh(Weight::Waiting).unwrap();
        assert_eq!(read(), waiting, "waiting for its turn");
        group.weigh(Weight::Thinking).unwrap();
        assert_eq!(read(), thinking, "its turn");
        group.weigh(Weight::Waiting).unwrap();
        group.ready(1 << 30, 8).unwrap();
        assert_eq!(read(), thinking, "made ready for the next program");
    }

    #[test]
    fn the_cleaner_kills_what_a_program_left_and_keeps_its_group() {
        let Some((_, group)) = test_group("cleaner") else {
            return;
        };
        let folders = group.folders.clone();
        let mut left = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        for folder in &folders {
            fs::write(folder.join("cgroup.procs"), left.id().to_string()).unwrap();
        }
        super::super::cleaner::later(super::super::cleaner::Leftovers {
            group: Some(group),
            walls: None,
        });
        // Waits for the kill, on a thread the test does not control: no clock involved.
        let status = left.wait().unwrap();
        assert!(!status.success(), "the process left was killed: {status}");
        for folder in &folders {
            assert!(folder.exists(), "the emptied group is kept for reuse");
        }
    }

    #[test]
    fn a_v1_group_is_joined_through_tasks_and_the_child_lands_in_it_whole() {
        use std::os::unix::process::CommandExt;
        let Some((available, group)) = test_group("join") else {
            return;
        };
        let hierarchies = [&available.memory, &available.pids, &available.kill];
        for (fd, folder) in group.join_fds().into_iter().zip(&group.folders) {
            let file = fs::read_link(format!("/proc/self/fd/{fd}")).unwrap();
            let v2 = hierarchies
                .iter()
                .flat_map(|h| h.iter())
                .any(|h| h.v2 && folder.starts_with(&h.base));
            // `tasks` moves the writing thread only: no global lock, no wait for the kernel.
            let expected = if v2 { "cgroup.procs" } else { "tasks" };
            assert_eq!(file, folder.join(expected));
        }
        let fds = group.join_fds();
        let mut command = std::process::Command::new("sleep");
        command.arg("30");
        // SAFETY: raw writes to descriptors `group` keeps open until the spawn returns.
        unsafe {
            command.pre_exec(move || {
                for &fd in &fds {
                    let fd = std::os::fd::BorrowedFd::borrow_raw(fd);
                    rustix::io::write(fd, b"0")?;
                }
                Ok(())
            });
        }
        let mut child = command.spawn().unwrap();
        let listed = |folder: &PathBuf| {
            fs::read_to_string(folder.join("cgroup.procs"))
                .unwrap()
                .lines()
                .any(|pid| pid == child.id().to_string())
        };
        let joined: Vec<bool> = group.folders.iter().map(listed).collect();
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(joined.iter().all(|&j| j), "the program is in every group");
        drop(group);
    }

    #[test]
    fn groups_are_made_beside_the_harnesss_own_group_not_in_it() {
        let own = format!("tourney-{}-harness", std::process::id());
        assert_eq!(
            outside_own_group(&format!("/user.slice/{own}\n")),
            "/user.slice"
        );
        assert_eq!(outside_own_group(&format!("/{own}")), "");
        assert_eq!(outside_own_group("/user.slice"), "/user.slice");
        let other = format!("/tourney-{}-harness", super::super::stale::never_alive());
        assert_eq!(outside_own_group(&other), other, "another harness's group");
    }

    #[test]
    fn a_reused_group_counts_only_the_hits_since_its_reuse() {
        let dir = tempfile::tempdir().unwrap();
        let events = dir.path().join("pids.events");
        fs::write(&events, "max 3\n").unwrap();
        let mut counted = Counter::open(&events).unwrap();
        assert!(counted.grew(), "a hit before any baseline counts");
        counted.start = counted.now();
        assert!(!counted.grew(), "the previous program's hits do not");
        fs::write(&events, "max 4\n").unwrap();
        assert!(counted.grew(), "read again from the file kept open");
        let oom = dir.path().join("memory.oom_control");
        fs::write(&oom, "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n").unwrap();
        assert_eq!(Counter::open(&oom).unwrap().now(), 2);
    }
}
