//! What the harness asks the starter for: a program to start, as bytes on a socket, with its
//! descriptors beside them. The child's steps ([`Steps`]) hold descriptors and addresses that
//! mean nothing in another process; they travel as their numbers and contents, and the
//! starter makes steps of its own from them ([`Request::steps`]).

use super::super::child::{MAX_GROUPS, Steps};
use super::super::privilege::{self, Map};
use std::ffi::{CStr, CString};
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd, RawFd};

/// Most descriptors one request carries: stdio, the mount namespace, the ruleset, the groups.
pub const MAX_FDS: usize = 5 + MAX_GROUPS;

/// A program to start: what `exec` gets, where it starts, and the steps before it.
pub struct Request {
    pub program: CString,
    pub args: Vec<CString>,
    pub env: Vec<CString>,
    pub cwd: CString,
    /// Stdin, stdout and stderr, then the mount namespace, the ruleset and the groups the
    /// steps name, in that order.
    pub fds: Vec<OwnedFd>,
    numbers: Numbers,
    filter: Vec<libc::sock_filter>,
}

/// The steps' plain numbers.
#[derive(Clone, Copy)]
struct Numbers {
    groups: usize,
    confined: bool,
    file_size: Option<u64>,
    open_files: Option<u64>,
    open_files_soft: Option<u64>,
    ruleset: bool,
    mount_namespace: bool,
    namespace: Option<(Map, Map)>,
    ipc_only: bool,
    drop_groups: bool,
    may_drop_bounding: bool,
}

/// Encodes a request for `steps` (made by the harness for its own `fork`), starting `program`
/// with `args` (the first is the program's name) and `env` in `cwd` with `stdio`; the
/// descriptors to send go into `fds`.
pub fn encode<'a>(
    (program, args, env, cwd): (&CStr, &[CString], &[CString], &CStr),
    steps: &Steps,
    stdio: [BorrowedFd<'a>; 3],
    fds: &mut Vec<BorrowedFd<'a>>,
) -> Vec<u8> {
    let mut out = Writer::default();
    out.bytes(program.to_bytes());
    out.list(args);
    out.list(env);
    out.bytes(cwd.to_bytes());
    fds.extend(stdio);
    let privilege = &steps.privilege;
    let mount_namespace = privilege.mount_namespace >= 0;
    if mount_namespace {
        // SAFETY: the confinement keeps the namespace open until the start returns.
        fds.push(unsafe { BorrowedFd::borrow_raw(privilege.mount_namespace) });
    }
    if let Some(ruleset) = steps.ruleset {
        // SAFETY: as above, for the walls' ruleset.
        fds.push(unsafe { BorrowedFd::borrow_raw(ruleset) });
    }
    for &group in &steps.group_fds[..steps.groups] {
        // SAFETY: as above, for the group's file.
        fds.push(unsafe { BorrowedFd::borrow_raw(group) });
    }
    out.number(steps.groups as u64);
    for flag in [
        steps.confined,
        steps.ruleset.is_some(),
        mount_namespace,
        privilege.ipc_only,
        privilege.drop_groups,
        privilege.may_drop_bounding,
    ] {
        out.number(u64::from(flag));
    }
    for limit in [steps.file_size, steps.open_files, steps.open_files_soft] {
        out.optional(limit);
    }
    match &privilege.namespace {
        Some((uid, gid)) => {
            out.number(1);
            out.bytes(uid.as_bytes());
            out.bytes(gid.as_bytes());
        }
        None => out.number(0),
    }
    let (address, len) = steps.filter;
    // SAFETY: the filter is compiled once and kept for the run ([`super::super::syscalls`]);
    // `len` instructions start at `address` (none when `len` is 0).
    let filter: &[libc::sock_filter] = match len {
        0 => &[],
        len => unsafe { std::slice::from_raw_parts(address as *const _, len.into()) },
    };
    out.number(filter.len() as u64);
    for instruction in filter {
        out.number(u64::from(instruction.code));
        out.number(u64::from(instruction.jt) << 8 | u64::from(instruction.jf));
        out.number(u64::from(instruction.k));
    }
    out.0
}

impl Request {
    /// The request in `bytes`, with the descriptors that came with it; `None` when they do not
    /// fit together.
    pub fn decode(bytes: &[u8], fds: Vec<OwnedFd>) -> Option<Request> {
        let mut input = Reader(bytes);
        let program = input.string()?;
        let args = input.strings()?;
        let env = input.strings()?;
        let cwd = input.string()?;
        let groups = usize::try_from(input.number()?).ok()?;
        let mut flags = [false; 6];
        for flag in &mut flags {
            *flag = input.number()? == 1;
        }
        let [
            confined,
            ruleset,
            mount_namespace,
            ipc_only,
            drop_groups,
            may_drop_bounding,
        ] = flags;
        let file_size = input.optional()?;
        let open_files = input.optional()?;
        let open_files_soft = input.optional()?;
        let namespace = match input.number()? {
            1 => Some((
                Map::from_bytes(input.take()?)?,
                Map::from_bytes(input.take()?)?,
            )),
            _ => None,
        };
        let instructions = usize::try_from(input.number()?).ok()?;
        let mut filter = Vec::with_capacity(instructions.min(u16::MAX.into()));
        for _ in 0..instructions {
            let code = u16::try_from(input.number()?).ok()?;
            let jumps = input.number()?;
            filter.push(libc::sock_filter {
                code,
                jt: (jumps >> 8) as u8,
                jf: jumps as u8,
                k: u32::try_from(input.number()?).ok()?,
            });
        }
        let expected = 3 + usize::from(mount_namespace) + usize::from(ruleset) + groups;
        (input.0.is_empty() && groups <= MAX_GROUPS && fds.len() == expected).then_some(Request {
            program,
            args,
            env,
            cwd,
            fds,
            numbers: Numbers {
                groups,
                confined,
                file_size,
                open_files,
                open_files_soft,
                ruleset,
                mount_namespace,
                namespace,
                ipc_only,
                drop_groups,
                may_drop_bounding,
            },
            filter,
        })
    }

    /// The child's steps in this process: the descriptors received, the folder and the filter
    /// held here. Valid while the request lives.
    pub fn steps(&self) -> Steps {
        let n = self.numbers;
        let mut next = self.fds.iter().skip(3).map(AsRawFd::as_raw_fd);
        let mut take = |present: bool| -> RawFd {
            match present {
                true => next.next().unwrap_or(-1),
                false => -1,
            }
        };
        let mount_namespace = take(n.mount_namespace);
        let ruleset = take(n.ruleset);
        let mut group_fds = [-1; MAX_GROUPS];
        for slot in &mut group_fds[..n.groups] {
            *slot = take(true);
        }
        Steps {
            group_fds,
            groups: n.groups,
            confined: n.confined,
            file_size: n.file_size,
            open_files: n.open_files,
            open_files_soft: n.open_files_soft,
            ruleset: n.ruleset.then_some(ruleset),
            environment: None,
            privilege: privilege::Steps {
                mount_namespace,
                cwd: self.cwd.as_ptr() as usize,
                namespace: n.namespace,
                ipc_only: n.ipc_only,
                drop_groups: n.drop_groups,
                may_drop_bounding: n.may_drop_bounding,
            },
            filter: (self.filter.as_ptr() as usize, self.filter.len() as u16),
        }
    }
}

/// Numbers as 8 bytes each, byte strings after their length.
#[derive(Default)]
struct Writer(Vec<u8>);

impl Writer {
    fn number(&mut self, value: u64) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    fn optional(&mut self, value: Option<u64>) {
        self.number(u64::from(value.is_some()));
        self.number(value.unwrap_or(0));
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.number(bytes.len() as u64);
        self.0.extend_from_slice(bytes);
    }

    fn list(&mut self, strings: &[CString]) {
        self.number(strings.len() as u64);
        for string in strings {
            self.bytes(string.to_bytes());
        }
    }
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn number(&mut self) -> Option<u64> {
        let (head, rest) = self.0.split_first_chunk::<8>()?;
        self.0 = rest;
        Some(u64::from_le_bytes(*head))
    }

    fn optional(&mut self) -> Option<Option<u64>> {
        let present = self.number()? == 1;
        let value = self.number()?;
        Some(present.then_some(value))
    }

    fn take(&mut self) -> Option<&'a [u8]> {
        let len = usize::try_from(self.number()?).ok()?;
        let (bytes, rest) = self.0.split_at_checked(len)?;
        self.0 = rest;
        Some(bytes)
    }

    fn string(&mut self) -> Option<CString> {
        CString::new(self.take()?).ok()
    }

    fn strings(&mut self) -> Option<Vec<CString>> {
        let count = usize::try_from(self.number()?).ok()?;
        (0..count).map(|_| self.string()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsFd;

    /// Everything the harness's steps say arrives in the starter's, each descriptor where the
    /// steps name it, the filter instruction by instruction.
    #[test]
    fn a_request_carries_the_childs_steps_and_descriptors_to_the_starter() {
        let files: Vec<OwnedFd> = (0..7)
            .map(|_| OwnedFd::from(std::fs::File::open("/dev/null").unwrap()))
            .collect();
        let raw = |i: usize| files[i].as_raw_fd();
        let filter = [
            libc::sock_filter {
                code: 0x20,
                jt: 0,
                jf: 0,
                k: 4,
            },
            libc::sock_filter {
                code: 0x15,
                jt: 3,
                jf: 250,
                k: 0xC000_003E,
            },
        ];
        let mut steps = Steps::NONE;
        steps.group_fds[..2].copy_from_slice(&[raw(5), raw(6)]);
        steps.groups = 2;
        steps.confined = true;
        steps.file_size = Some(1 << 30);
        steps.open_files = Some(64);
        steps.ruleset = Some(raw(4));
        steps.privilege.mount_namespace = raw(3);
        steps.privilege.namespace =
            Map::from_bytes(b"65534 0 1\n").zip(Map::from_bytes(b"7 7 1\n"));
        steps.privilege.may_drop_bounding = true;
        steps.filter = (filter.as_ptr() as usize, 2);
        let strings = |items: &[&str]| -> Vec<CString> {
            items.iter().map(|s| CString::new(*s).unwrap()).collect()
        };
        let (args, env) = (strings(&["bot", "--fast", ""]), strings(&["HOME=/tmp/h"]));
        let mut fds = Vec::new();
        let stdio = [files[0].as_fd(), files[1].as_fd(), files[2].as_fd()];
        let bytes = encode(
            (c"/bin/bot", &args, &env, c"/srv/bot"),
            &steps,
            stdio,
            &mut fds,
        );
        let order: Vec<RawFd> = fds.iter().map(AsRawFd::as_raw_fd).collect();
        assert_eq!(order, [0, 1, 2, 3, 4, 5, 6].map(raw));
        let received: Vec<OwnedFd> = fds
            .iter()
            .map(|fd| fd.try_clone_to_owned().unwrap())
            .collect();
        let numbers: Vec<RawFd> = received.iter().map(AsRawFd::as_raw_fd).collect();
        let request = Request::decode(&bytes, received).unwrap();
        assert_eq!(request.program.as_c_str(), c"/bin/bot");
        assert_eq!((&request.args, &request.env), (&args, &env));
        let got = request.steps();
        assert_eq!(got.privilege.mount_namespace, numbers[3]);
        assert_eq!(got.ruleset, Some(numbers[4]));
        assert_eq!(got.group_fds[..got.groups], numbers[5..]);
        assert_eq!(
            (got.confined, got.file_size, got.open_files),
            (true, Some(1 << 30), Some(64))
        );
        assert_eq!((got.open_files_soft, got.environment), (None, None));
        let (uid, gid) = got.privilege.namespace.unwrap();
        assert_eq!(
            (uid.as_bytes(), gid.as_bytes()),
            (&b"65534 0 1\n"[..], &b"7 7 1\n"[..])
        );
        assert!(got.privilege.may_drop_bounding && !got.privilege.drop_groups);
        assert_eq!(got.privilege.cwd, request.cwd.as_ptr() as usize);
        assert_eq!(got.filter.1, 2);
        let sent = &request.filter;
        assert_eq!(
            (sent[1].code, sent[1].jt, sent[1].jf, sent[1].k),
            (0x15, 3, 250, 0xC000_003E)
        );
        // A descriptor missing or one too many, or bytes cut short, is no request.
        let one_short: Vec<OwnedFd> = fds[1..]
            .iter()
            .map(|fd| fd.try_clone_to_owned().unwrap())
            .collect();
        assert!(Request::decode(&bytes, one_short).is_none());
        let all: Vec<OwnedFd> = fds
            .iter()
            .map(|fd| fd.try_clone_to_owned().unwrap())
            .collect();
        assert!(Request::decode(&bytes[..bytes.len() - 1], all).is_none());
    }
}
