//! A system-call filter (seccomp) for what Landlock does not close: sockets other than a
//! contest program's one TCP connection (UDP, raw and packet sockets, netlink, vsock), leaving
//! the program's control group (`clone3` with `CLONE_INTO_CGROUP`, and new namespaces), and
//! the usual ways out of a sandbox (tracing, reading another process's memory, kernel keys,
//! BPF, performance counters, mounts, modules, `io_uring`, which makes sockets past any
//! filter), and System V IPC and POSIX message queues, in place of an IPC namespace of its own
//! ([`super::privilege`]). A denied call fails with `EPERM`, never a kill, so a program can carry on without
//! it. The filters are compiled by `seccompiler` (rust-vmm's pure-Rust compiler, kept for
//! Firecracker): a fresh machine has only the Rust toolchain, not libseccomp's C library.
//!
//! `clone3` passes its flags in a structure a filter cannot read, so it fails with `ENOSYS`
//! instead: the C library then falls back to `clone`, whose flags the filter reads. The
//! filter is compiled once per kind of program and installed by the child, last before
//! `exec`, with one raw system call ([`install`]).
//!
//! One filter, and a short one: the kernel converts and compiles every filter a program
//! installs to machine code, and runs each on every call. Two filters (one per action, as
//! seccompiler makes them) and 30 seccompiler rules for the socket types (676 instructions)
//! cost a confined start more than the rest of the filter's work; `clone3` and `socket` are
//! now decided by a few instructions written here ([`unavailable_clone3`], [`sockets`]), and
//! the calls denied whatever their arguments by a search over their numbers ([`search`]);
//! seccompiler compiles the rules of the calls denied by their flags (`clone`, `mknod`),
//! which the search sends on to it. The whole filter is about 190 instructions.

use super::Network;
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen as Len, SeccompCmpOp as Op, SeccompCondition,
    SeccompFilter, SeccompRule, sock_filter,
};
use std::collections::BTreeMap;

/// What building a rule may end in.
type Built<T> = Result<T, seccompiler::BackendError>;
use std::sync::OnceLock;

/// The compiled filter of one kind of program: `clone3` made to fail with `ENOSYS`, and every
/// other denied call with `EPERM`.
pub struct Filter {
    program: BpfProgram,
}

/// A filter as the child installs it: the address and length of its instructions.
pub type Installable = (usize, u16);

/// Whether this kernel filters system calls and can make a call fail with an error number
/// (`SECCOMP_GET_ACTION_AVAIL`, Linux 4.14).
pub fn available() -> bool {
    const GET_ACTION_AVAIL: libc::c_uint = 2;
    let action: u32 = libc::SECCOMP_RET_ERRNO;
    // SAFETY: the kernel reads the 4 bytes of `action`, which lives across the call.
    let done = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            GET_ACTION_AVAIL,
            0u32,
            &action as *const u32,
        )
    };
    done == 0
}

impl Filter {
    /// The filters for a program that connects as `network` says, compiled once.
    pub fn for_network(network: Network) -> Result<&'static Filter, String> {
        static NONE: OnceLock<Result<Filter, String>> = OnceLock::new();
        static LOOPBACK: OnceLock<Result<Filter, String>> = OnceLock::new();
        let cell = match network {
            Network::None => &NONE,
            Network::Loopback(_) => &LOOPBACK,
        };
        cell.get_or_init(|| Filter::compile(network))
            .as_ref()
            .map_err(|e| format!("cannot compile its system-call filter: {e}"))
    }

    fn compile(network: Network) -> Result<Filter, String> {
        let arch = std::env::consts::ARCH
            .try_into()
            .map_err(|e| format!("{e:?}"))?;
        let rules = by_arguments().map_err(|e| e.to_string())?;
        let mut named: Vec<(u32, Leaf)> = DENIED
            .iter()
            .map(|&call| (call, Leaf::Deny))
            .chain(rules.keys().map(|&call| (call, Leaf::Rules)))
            .filter_map(|(call, leaf)| Some((u32::try_from(call).ok()?, leaf)))
            .collect();
        named.sort_unstable_by_key(|&(call, _)| call);
        let eperm = SeccompAction::Errno(libc::EPERM as u32);
        let mut program = SeccompFilter::new(rules, SeccompAction::Allow, eperm, arch)
            .and_then(BpfProgram::try_from)
            .map_err(|e| e.to_string())?;
        let dispatch = search(&named)
            .ok_or("the search over the filter's calls does not fit cBPF's jumps".to_string())?;
        // After seccompiler's three instructions checking the architecture.
        let at = 3.min(program.len());
        let before = guard_x32()
            .into_iter()
            .chain(unavailable_clone3())
            .chain(sockets(network))
            .chain(dispatch);
        program.splice(at..at, before);
        Ok(Filter { program })
    }

    /// The filter, for [`install`] in the child.
    pub fn installable(&self) -> Installable {
        (self.program.as_ptr() as usize, self.program.len() as u16)
    }
}

/// Calls denied to every program, whatever their arguments.
const DENIED: &[libc::c_long] = &[
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_pidfd_getfd,
    libc::SYS_process_madvise,
    libc::SYS_kcmp,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_chroot,
    libc::SYS_setns,
    libc::SYS_unshare,
    libc::SYS_name_to_handle_at,
    libc::SYS_open_by_handle_at,
    libc::SYS_fanotify_init,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_acct,
    libc::SYS_quotactl,
    libc::SYS_syslog,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
    libc::SYS_adjtimex,
    libc::SYS_clock_adjtime,
    libc::SYS_sethostname,
    libc::SYS_setdomainname,
    libc::SYS_vhangup,
    libc::SYS_sched_setscheduler,
    libc::SYS_sched_setattr,
    // System V shared memory, semaphores and message queues, and POSIX message queues: with
    // none of them a program needs no IPC namespace of its own to keep it from its opponent's.
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmdt,
    libc::SYS_shmctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_mq_open,
    libc::SYS_mq_unlink,
    libc::SYS_mq_timedsend,
    libc::SYS_mq_timedreceive,
    libc::SYS_mq_notify,
    libc::SYS_mq_getsetattr,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_iopl,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_ioperm,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_uselib,
];

/// `clone` flags that make a namespace: a program stays in the harness's.
const NAMESPACES: &[libc::c_int] = &[
    libc::CLONE_NEWNS,
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWCGROUP,
];

/// The calls denied under some arguments only, each with the rules under which it is: the
/// part of the filter seccompiler compiles.
fn by_arguments() -> Built<BTreeMap<i64, Vec<SeccompRule>>> {
    let arg = |index, op, value: u64| SeccompCondition::new(index, Len::Dword, op, value);
    let mut rules = BTreeMap::new();
    rules.insert(
        libc::SYS_clone,
        NAMESPACES
            .iter()
            .map(|&flag| {
                let flag = flag as u64;
                SeccompRule::new(vec![arg(0, Op::MaskedEq(flag), flag)?])
            })
            .collect::<Built<_>>()?,
    );
    // Device nodes: a character or block special file made and opened.
    let device = |mode_arg: u8| -> Built<Vec<SeccompRule>> {
        [libc::S_IFCHR, libc::S_IFBLK]
            .iter()
            .map(|&kind| {
                let mask = u64::from(libc::S_IFMT);
                SeccompRule::new(vec![arg(mode_arg, Op::MaskedEq(mask), u64::from(kind))?])
            })
            .collect()
    };
    rules.insert(libc::SYS_mknodat, device(2)?);
    #[cfg(target_arch = "x86_64")]
    rules.insert(libc::SYS_mknod, device(1)?);
    Ok(rules)
}

/// `clone3` fails with `ENOSYS` (its flags are out of the filter's reach). Loads the call's
/// number, which the next steps compare.
fn unavailable_clone3() -> Vec<sock_filter> {
    use libc::{BPF_JEQ, BPF_JMP, BPF_K};
    vec![
        load_number(),
        step(BPF_JMP | BPF_JEQ | BPF_K, libc::SYS_clone3 as u32, 0, 1),
        fail_with(libc::ENOSYS),
    ]
}

/// What `socket` may make, decided here (the call's number loaded): a line-protocol bot Unix
/// sockets only (a runtime may talk to a local service, `nscd`, at start); a contest program
/// also TCP over IPv4 and IPv6, never datagrams, raw sockets or any other type. Any other call
/// goes on past these steps.
fn sockets(network: Network) -> Vec<sock_filter> {
    use libc::{BPF_ABS, BPF_ALU, BPF_AND, BPF_JEQ, BPF_JMP, BPF_K, BPF_LD, BPF_RET, BPF_W};
    let family = step(BPF_LD | BPF_W | BPF_ABS, argument(0), 0, 0);
    let is = |value: libc::c_int, jt, jf| step(BPF_JMP | BPF_JEQ | BPF_K, value as u32, jt, jf);
    let allow = step(BPF_RET | BPF_K, libc::SECCOMP_RET_ALLOW, 0, 0);
    let deny = fail_with(libc::EPERM);
    let decide = match network {
        Network::None => vec![family, is(libc::AF_UNIX, 0, 1), allow, deny],
        Network::Loopback(_) => vec![
            family,
            is(libc::AF_UNIX, 5, 0),
            is(libc::AF_INET, 1, 0),
            is(libc::AF_INET6, 0, 4),
            step(BPF_LD | BPF_W | BPF_ABS, argument(1), 0, 0),
            // The type's low four bits (`SOCK_TYPE_MASK`); the rest are `SOCK_NONBLOCK` and
            // `SOCK_CLOEXEC`.
            step(BPF_ALU | BPF_AND | BPF_K, 0xf, 0, 0),
            is(libc::SOCK_STREAM, 0, 1),
            allow,
            deny,
        ],
    };
    let past = u8::try_from(decide.len()).expect("a few steps");
    let mut steps = vec![step(
        BPF_JMP | BPF_JEQ | BPF_K,
        libc::SYS_socket as u32,
        0,
        past,
    )];
    steps.extend(decide);
    steps
}

/// Where the low 32 bits of the call's argument `index` are in `seccomp_data` (after the
/// number, the architecture and the instruction pointer, eight bytes an argument).
fn argument(index: u32) -> u32 {
    let low = if cfg!(target_endian = "big") { 4 } else { 0 };
    16 + 8 * index + low
}

/// On x86-64, calls of the x32 ABI carry the same architecture with bit 30 set in their
/// number, which no rule above names: they are denied before the filter's own rules (after
/// its check of the architecture, which kills a program calling by another one).
fn guard_x32() -> Vec<sock_filter> {
    #[cfg(target_arch = "x86_64")]
    {
        use libc::{BPF_JGE, BPF_JMP, BPF_K};
        const X32: u32 = 0x4000_0000;
        vec![
            load_number(),
            step(BPF_JMP | BPF_JGE | BPF_K, X32, 0, 1),
            fail_with(libc::EPERM),
        ]
    }
    #[cfg(not(target_arch = "x86_64"))]
    Vec::new()
}

/// How many calls a leaf of [`search`] tries one after another.
const LEAF: usize = 4;

/// What the search does with a call it names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Leaf {
    /// Denied whatever its arguments: the call fails with `EPERM` at once.
    Deny,
    /// Decided by its arguments: on to seccompiler's program, which holds its rules.
    Rules,
}

/// Decides every call by its number in a few steps: a binary search over the `named` calls
/// (sorted by number, each once) ends in a leaf that denies a call denied whatever its
/// arguments, sends one decided by its arguments on to seccompiler's program (put after the
/// search), and allows any other call. Why: the kernel translates and compiles every
/// instruction of a filter for each program it confines, and runs the filter over every call
/// number when it is installed (its cache of the calls always allowed), with interrupts off.
/// seccompiler's program tries its calls one after another, three or more instructions each;
/// given only the calls it must decide by their arguments, it stays short, and the search
/// walks a handful (`perf`, docs/guide/untrusted-programs.md). `None` when a jump would be
/// longer than cBPF's 255 instructions.
fn search(named: &[(u32, Leaf)]) -> Option<Vec<sock_filter>> {
    use libc::{BPF_JEQ, BPF_JGE, BPF_JMP, BPF_K, BPF_RET};
    /// Where a comparison goes: on, to the allowing return, to the denying one, to
    /// seccompiler's program, or to an instruction of the search.
    #[derive(Clone, Copy)]
    enum To {
        Next,
        Allow,
        Deny,
        Rules,
        At(usize),
    }
    fn tree(keys: &[(u32, Leaf)], steps: &mut Vec<(u32, u32, To, To)>) {
        if keys.len() <= LEAF {
            for (i, &(key, leaf)) in keys.iter().enumerate() {
                let miss = if i + 1 == keys.len() {
                    To::Allow
                } else {
                    To::Next
                };
                let hit = match leaf {
                    Leaf::Deny => To::Deny,
                    Leaf::Rules => To::Rules,
                };
                steps.push((BPF_JMP | BPF_JEQ | BPF_K, key, hit, miss));
            }
            return;
        }
        let (below, above) = keys.split_at(keys.len() / 2);
        let at = steps.len();
        steps.push((BPF_JMP | BPF_JGE | BPF_K, above[0].0, To::Next, To::Next));
        tree(below, steps);
        steps[at].2 = To::At(steps.len());
        tree(above, steps);
    }
    if named.is_empty() {
        return None;
    }
    let mut steps = Vec::new();
    tree(named, &mut steps);
    // The number's load, the search (step `i` at `i + 1`), the allowing return, the denying
    // one, then seccompiler's program; a jump counts from the instruction after its own.
    let allow = steps.len() + 1;
    let offset = |i: usize, to: To| -> Option<u8> {
        let target = match to {
            To::Next => i + 2,
            To::Allow => allow,
            To::Deny => allow + 1,
            To::Rules => allow + 2,
            To::At(at) => at + 1,
        };
        (target - (i + 2)).try_into().ok()
    };
    let mut program = vec![load_number()];
    for (i, &(code, k, jt, jf)) in steps.iter().enumerate() {
        let (jt, jf) = (offset(i, jt)?, offset(i, jf)?);
        program.push(step(code, k, jt, jf));
    }
    program.push(step(BPF_RET | BPF_K, libc::SECCOMP_RET_ALLOW, 0, 0));
    program.push(fail_with(libc::EPERM));
    Some(program)
}

/// Ends the filter: the call fails with `errno`.
fn fail_with(errno: libc::c_int) -> sock_filter {
    use libc::{BPF_K, BPF_RET};
    step(
        BPF_RET | BPF_K,
        libc::SECCOMP_RET_ERRNO | errno as u32,
        0,
        0,
    )
}

/// Loads the call's number (offset 0 of `seccomp_data`) into the accumulator.
fn load_number() -> sock_filter {
    use libc::{BPF_ABS, BPF_LD, BPF_W};
    step(BPF_LD | BPF_W | BPF_ABS, 0, 0, 0)
}

fn step(code: u32, k: u32, jt: u8, jf: u8) -> sock_filter {
    sock_filter {
        code: code as u16,
        jt,
        jf,
        k,
    }
}

/// Installs the filter in the child, after `no_new_privs`: one `seccomp` call.
pub fn install(&(address, len): &Installable) -> std::io::Result<()> {
    let program = libc::sock_fprog {
        len,
        filter: address as *mut libc::sock_filter,
    };
    // SAFETY: the kernel copies `len` instructions from `address`, a filter compiled once and
    // kept for the whole run ([`Filter::for_network`]); nothing is allocated.
    let done = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            0u32,
            &program as *const libc::sock_fprog,
        )
    };
    match done {
        0 => Ok(()),
        _ => Err(std::io::Error::last_os_error()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libc::{BPF_ABS, BPF_ALU, BPF_AND, BPF_JA, BPF_JEQ, BPF_JGE, BPF_JGT, BPF_JMP};
    use libc::{BPF_JSET, BPF_K, BPF_LD, BPF_RET, BPF_W};

    /// What the kernel learns of a call `number` when it installs `program` (its check of
    /// the calls always allowed): the filter run on the call's number and the architecture
    /// alone, `Some((returned, instructions walked))`, or `None` at the first instruction
    /// that needs more (an argument), as the kernel's own check gives up there.
    fn constant(program: &[sock_filter], number: u32) -> Option<(u32, usize)> {
        run(program, number, None)
    }

    /// The filter run on a call: `number` with `args` (`None`: the arguments are unknown, and
    /// the run ends at an instruction that reads one), as `Some((returned, walked))`.
    fn run(program: &[sock_filter], number: u32, args: Option<[u64; 6]>) -> Option<(u32, usize)> {
        // `AUDIT_ARCH_X86_64` and `AUDIT_ARCH_AARCH64` of linux/audit.h.
        let arch = match std::env::consts::ARCH {
            "x86_64" => 0xc000_003e,
            "aarch64" => 0xc000_00b7,
            _ => return None,
        };
        let (mut at, mut walked, mut a) = (0, 0, 0);
        loop {
            let f = program.get(at)?;
            walked += 1;
            let code = u32::from(f.code);
            let jump = |taken: bool| at + 1 + usize::from(if taken { f.jt } else { f.jf });
            at = match code {
                c if c == BPF_LD | BPF_W | BPF_ABS => {
                    a = match f.k {
                        0 => number,
                        4 => arch,
                        k if k >= 16 && (k - 16) % 4 == 0 => {
                            let word = (k - 16) / 4;
                            let arg = args?[word as usize / 2];
                            let high = (word % 2 == 1) != cfg!(target_endian = "big");
                            (if high { arg >> 32 } else { arg }) as u32
                        }
                        _ => return None,
                    };
                    at + 1
                }
                c if c == BPF_JMP | BPF_JA => at + 1 + f.k as usize,
                c if c == BPF_JMP | BPF_JEQ | BPF_K => jump(a == f.k),
                c if c == BPF_JMP | BPF_JGE | BPF_K => jump(a >= f.k),
                c if c == BPF_JMP | BPF_JGT | BPF_K => jump(a > f.k),
                c if c == BPF_JMP | BPF_JSET | BPF_K => jump(a & f.k != 0),
                c if c == BPF_ALU | BPF_AND | BPF_K => {
                    a &= f.k;
                    at + 1
                }
                c if c == BPF_RET | BPF_K => return Some((f.k, walked)),
                _ => return None,
            };
        }
    }

    fn denying(network: Network) -> Vec<sock_filter> {
        Filter::for_network(network).unwrap().program.clone()
    }

    /// Every call the filter names, and whether its arguments decide it.
    fn named() -> BTreeMap<i64, bool> {
        let by_arguments = by_arguments().unwrap();
        let always = DENIED.iter().map(|&call| (call, false));
        always
            .chain(by_arguments.into_keys().map(|call| (call, true)))
            .collect()
    }

    #[test]
    fn a_call_no_rule_names_is_allowed_within_a_few_instructions() {
        for network in [Network::None, Network::Loopback(0)] {
            let named = named();
            let program = denying(network);
            let decided_here = [libc::SYS_clone3, libc::SYS_socket].map(|call| call as u32);
            for number in (0..1024).filter(|n| !named.contains_key(&i64::from(*n))) {
                if decided_here.contains(&number) {
                    continue;
                }
                let (returned, walked) = constant(&program, number).unwrap();
                assert_eq!(returned, libc::SECCOMP_RET_ALLOW, "call {number}");
                // The architecture's check, the x32 guard, the two calls decided first, the
                // number's load, a search of 60 calls: 4 levels and a leaf of 4 calls, and
                // the return.
                assert!(walked <= 20, "call {number} walks {walked} instructions");
            }
        }
    }

    #[test]
    fn every_named_call_reaches_its_rules() {
        for network in [Network::None, Network::Loopback(0)] {
            let named = named();
            let program = denying(network);
            let eperm = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
            for (&call, &by_arguments) in &named {
                // A call denied whatever its arguments is denied on its number alone; one
                // denied by its arguments needs them, which the check cannot read.
                let expected = (!by_arguments).then_some(eperm);
                let got = constant(&program, call as u32).map(|(returned, _)| returned);
                assert_eq!(got, expected, "call {call}");
            }
            #[cfg(target_arch = "x86_64")]
            assert_eq!(
                constant(&program, 0x4000_0000 | libc::SYS_read as u32).map(|(r, _)| r),
                Some(eperm),
                "an x32 call"
            );
        }
    }

    #[test]
    fn the_search_denies_or_sends_on_exactly_its_calls() {
        let eperm = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
        // What the search alone does with a call: allows or denies it (`Some`), or sends it
        // past its end, where an instruction the walk cannot run stands (`None`).
        let decided = |program: &[sock_filter], number| {
            let mut program = program.to_vec();
            program.push(step(BPF_LD | BPF_W | BPF_ABS, 8, 0, 0));
            constant(&program, number).map(|(returned, _)| returned)
        };
        for count in [1, 2, 4, 5, 9, 17, 60, 100] {
            let leaf = |i: u32| {
                if i.is_multiple_of(3) {
                    Leaf::Rules
                } else {
                    Leaf::Deny
                }
            };
            let named: Vec<(u32, Leaf)> = (0..count).map(|i| (3 * i + 7, leaf(i))).collect();
            let program = search(&named).unwrap();
            for number in 0..400 {
                let expected = match named.iter().find(|&&(call, _)| call == number) {
                    None => Some(libc::SECCOMP_RET_ALLOW),
                    Some((_, Leaf::Deny)) => Some(eperm),
                    Some((_, Leaf::Rules)) => None,
                };
                assert_eq!(
                    decided(&program, number),
                    expected,
                    "call {number} of {count} named"
                );
            }
        }
        assert!(search(&[]).is_none());
    }

    /// The filter's decision on the calls it decides by their arguments, against the rules
    /// written out plainly: `socket` by family and type, `clone` by namespace flags, `mknodat`
    /// by the kind of node, `clone3` always.
    #[test]
    fn calls_decided_by_their_arguments_are_decided_as_the_rules_say() {
        let eperm = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
        let enosys = libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32;
        let allow = libc::SECCOMP_RET_ALLOW;
        let families = [
            libc::AF_UNIX,
            libc::AF_INET,
            libc::AF_INET6,
            libc::AF_PACKET,
            libc::AF_NETLINK,
            libc::AF_VSOCK,
        ];
        let flags = [0, libc::SOCK_NONBLOCK, libc::SOCK_CLOEXEC];
        for network in [Network::None, Network::Loopback(0)] {
            let program = denying(network);
            let call = |number: libc::c_long, args: [u64; 6]| {
                run(&program, number as u32, Some(args)).map(|(returned, _)| returned)
            };
            for family in families {
                for kind in 1..=10 {
                    for flag in flags {
                        let inet = family == libc::AF_INET || family == libc::AF_INET6;
                        let allowed = family == libc::AF_UNIX
                            || (matches!(network, Network::Loopback(_))
                                && inet
                                && kind == libc::SOCK_STREAM);
                        // A high half the kernel drops (the arguments are `int`s).
                        let args = [family as u64 | 1 << 32, (kind | flag) as u64, 0, 0, 0, 0];
                        let expected = if allowed { allow } else { eperm };
                        assert_eq!(
                            call(libc::SYS_socket, args),
                            Some(expected),
                            "socket({family}, {kind} | {flag:#x}) under {network:?}"
                        );
                    }
                }
            }
            assert_eq!(call(libc::SYS_clone3, [0; 6]), Some(enosys));
            let sigchld = libc::SIGCHLD as u64;
            assert_eq!(call(libc::SYS_clone, [sigchld, 0, 0, 0, 0, 0]), Some(allow));
            for &namespace in NAMESPACES {
                let flags = sigchld | namespace as u64;
                assert_eq!(call(libc::SYS_clone, [flags, 0, 0, 0, 0, 0]), Some(eperm));
            }
            let node = |kind: libc::mode_t| [0, 0, u64::from(kind | 0o600), 0, 0, 0];
            assert_eq!(call(libc::SYS_mknodat, node(libc::S_IFCHR)), Some(eperm));
            assert_eq!(call(libc::SYS_mknodat, node(libc::S_IFBLK)), Some(eperm));
            assert_eq!(call(libc::SYS_mknodat, node(libc::S_IFIFO)), Some(allow));
            assert_eq!(call(libc::SYS_read, [0; 6]), Some(allow));
            assert_eq!(call(libc::SYS_ptrace, [0; 6]), Some(eperm));
        }
    }

    #[test]
    fn the_filter_is_one_short_program() {
        for network in [Network::None, Network::Loopback(0)] {
            let length = denying(network).len();
            assert!(length < 200, "{length} instructions under {network:?}");
        }
    }
}
