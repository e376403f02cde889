//! Which process made a connection, so a launched contest program's seat goes only to that
//! program (`docs/guide/contest.md`, "Seats"). For a TCP connection the kernel does not say
//! who the peer is (`SO_PEERCRED` is for Unix sockets), but a loopback peer is a socket on this
//! machine: its inode comes from one exact lookup in the kernel's socket table (`sock_diag`
//! netlink, cheap at any number of sockets, unlike reading `/proc/net/tcp` whole), and the
//! process holding that inode shows it among its open files (`/proc/PID/fd`). A program is
//! started as the leader of a session of its own, so its session id is its pid: the process
//! and any it starts (even one that double-forked away from its parent) keep that session,
//! and no other process can enter it. Linux only; elsewhere [`Unknown`] says why.

use std::net::{IpAddr, SocketAddr, TcpStream};

/// Why the peer of a connection cannot be looked up on this machine.
#[derive(Debug)]
pub struct Unknown(pub String);

/// A process, as `/proc/PID/stat` tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proc {
    pub pid: u32,
    pub parent: u32,
    pub session: u32,
}

/// Whether the client end of `stream` is held by `leader` or by a process of its session (or
/// one that descends from it). `Ok(false)` for a peer on another machine.
pub fn is_of(stream: &TcpStream, leader: u32) -> Result<bool, Unknown> {
    let Some(inode) = client_inode(stream)? else {
        return Ok(false);
    };
    // The program itself nearly always makes the connection: a look at its own files.
    if holds(leader, inode) {
        return Ok(true);
    }
    let table = processes();
    Ok(table
        .iter()
        .filter(|p| p.pid != leader && (p.session == leader || descends(&table, p, leader)))
        .any(|p| holds(p.pid, inode)))
}

/// Whether this machine can tell which process holds a connection. Where it cannot, launched
/// programs are told apart by their names only (said once); where it can, a connection whose
/// process is not found is refused.
pub const CAN_LOOK_UP: bool = cfg!(target_os = "linux");

/// A process holding a connection, and the ids that can tie it to a program: its session and
/// its ancestors.
pub type Holder = (Proc, Vec<u32>);

/// The process holding the client end of `stream`. Reads every process's open files, so it
/// is for the rare connection that is refused.
pub fn holder(stream: &TcpStream) -> Option<Holder> {
    holders(&[stream]).pop().flatten()
}

/// The process holding the client end of each of `streams` (`None`: on another machine,
/// gone, or not found), in one pass over every process's open files: for a crowd of
/// connections that never said who they are.
pub fn holders(streams: &[&TcpStream]) -> Vec<Option<Holder>> {
    let inodes: Vec<Option<u64>> = streams
        .iter()
        .map(|stream| client_inode(stream).ok().flatten())
        .collect();
    let wanted: std::collections::HashSet<u64> = inodes.iter().flatten().copied().collect();
    let table = processes();
    let mut held = std::collections::HashMap::new();
    if !wanted.is_empty() {
        for p in &table {
            for inode in sockets(p.pid).into_iter().filter(|i| wanted.contains(i)) {
                held.entry(inode).or_insert(*p);
            }
        }
    }
    inodes
        .iter()
        .map(|inode| {
            let found = *held.get(&(*inode)?)?;
            Some((found, ties(&table, found)))
        })
        .collect()
}

/// `found`'s pid, its session and its ancestors' pids.
fn ties(table: &[Proc], found: Proc) -> Vec<u32> {
    let mut ties = vec![found.pid, found.session];
    let mut at = found;
    // Bounded: a table read while processes come and go could hold a loop.
    for _ in 0..table.len() {
        let Some(parent) = table.iter().find(|p| p.pid == at.parent && p.pid > 1) else {
            break;
        };
        ties.push(parent.pid);
        at = *parent;
    }
    ties
}

/// Whether process `pid` is in the control group folder named `group` (in any hierarchy): a
/// program's processes stay in its group whatever session or parent they take.
pub fn in_group(pid: u32, group: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/cgroup")).is_ok_and(|text| {
        text.lines()
            .any(|line| line.rsplit('/').next() == Some(group))
    })
}

/// The socket inodes among process `pid`'s open files.
fn sockets(pid: u32) -> Vec<u64> {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return Vec::new();
    };
    fds.flatten()
        .filter_map(|fd| {
            let target = std::fs::read_link(fd.path()).ok()?;
            let inode = target
                .to_str()?
                .strip_prefix("socket:[")?
                .strip_suffix(']')?;
            inode.parse().ok()
        })
        .collect()
}

/// Whether `p` has `ancestor` among its parents.
fn descends(table: &[Proc], p: &Proc, ancestor: u32) -> bool {
    let mut at = *p;
    // Bounded: a table read while processes come and go could hold a loop.
    for _ in 0..table.len() {
        if at.parent == ancestor {
            return true;
        }
        match table.iter().find(|q| q.pid == at.parent) {
            Some(parent) => at = *parent,
            None => return false,
        }
    }
    false
}

/// Whether process `pid` has the socket `inode` among its open files.
fn holds(pid: u32, inode: u64) -> bool {
    let wanted = format!("socket:[{inode}]");
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return false;
    };
    fds.flatten().any(|fd| {
        std::fs::read_link(fd.path()).is_ok_and(|target| target.as_os_str() == wanted.as_str())
    })
}

/// Every process this one may see, from `/proc/*/stat`.
fn processes() -> Vec<Proc> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            parse_stat(pid, &stat)
        })
        .collect()
}

/// Parent and session from a `stat` line: the fields after the command name, which is in
/// parentheses and may itself hold spaces and parentheses.
fn parse_stat(pid: u32, stat: &str) -> Option<Proc> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(1); // the state
    let parent = fields.next()?.parse().ok()?;
    let session = fields.nth(1)?.parse().ok()?; // after the process group
    Some(Proc {
        pid,
        parent,
        session,
    })
}

/// The inode of the other end of `stream`, a socket of this machine; `None` if there is no
/// such socket here (the peer is elsewhere, or already gone).
fn client_inode(stream: &TcpStream) -> Result<Option<u64>, Unknown> {
    let (client, server) = match (stream.peer_addr(), stream.local_addr()) {
        (Ok(client), Ok(server)) => (client, server),
        _ => return Ok(None),
    };
    diag::inode(client, server)
}

/// The bytes of an address as the socket table holds it: 16 bytes, an IPv4 one first.
fn address_bytes(ip: IpAddr) -> [u8; 16] {
    let mut bytes = [0u8; 16];
    match ip {
        IpAddr::V4(v4) => bytes[..4].copy_from_slice(&v4.octets()),
        IpAddr::V6(v6) => bytes = v6.octets(),
    }
    bytes
}

#[cfg(target_os = "linux")]
mod diag {
    //! One `SOCK_DIAG_BY_FAMILY` request for one socket, by its four addresses (`sock_diag(7)`).

    use super::{SocketAddr, Unknown, address_bytes};
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

    const NETLINK_SOCK_DIAG: libc::c_int = 4;
    const SOCK_DIAG_BY_FAMILY: u16 = 20;
    const NLMSG_ERROR: u16 = 2;
    /// `nlmsghdr` (16 bytes) then `inet_diag_req_v2` (56 bytes).
    const REQUEST_LEN: usize = 72;
    /// Where `idiag_inode` sits in the answer: after `nlmsghdr` (16), the four bytes of family
    /// and state, the socket id (48), and expires, the queues and the uid (16).
    const INODE_AT: usize = 84;

    pub fn inode(client: SocketAddr, server: SocketAddr) -> Result<Option<u64>, Unknown> {
        let family = match client {
            SocketAddr::V4(_) => libc::AF_INET,
            SocketAddr::V6(_) => libc::AF_INET6,
        };
        let mut request = Vec::with_capacity(REQUEST_LEN);
        request.extend_from_slice(&(REQUEST_LEN as u32).to_ne_bytes());
        request.extend_from_slice(&SOCK_DIAG_BY_FAMILY.to_ne_bytes());
        request.extend_from_slice(&(libc::NLM_F_REQUEST as u16).to_ne_bytes());
        request.extend_from_slice(&1u32.to_ne_bytes()); // sequence
        request.extend_from_slice(&0u32.to_ne_bytes()); // the kernel
        request.extend_from_slice(&[family as u8, libc::IPPROTO_TCP as u8, 0, 0]);
        request.extend_from_slice(&u32::MAX.to_ne_bytes()); // any state
        // The socket sought is the client's: its own address is the source.
        request.extend_from_slice(&client.port().to_be_bytes());
        request.extend_from_slice(&server.port().to_be_bytes());
        request.extend_from_slice(&address_bytes(client.ip()));
        request.extend_from_slice(&address_bytes(server.ip()));
        request.extend_from_slice(&0u32.to_ne_bytes()); // any interface
        request.extend_from_slice(&[0xff; 8]); // no cookie
        debug_assert_eq!(request.len(), REQUEST_LEN);

        let unknown = |what: &str| Unknown(format!("{what}: {}", std::io::Error::last_os_error()));
        // SAFETY: socket(2) with constant arguments; the descriptor is owned at once.
        let raw = unsafe {
            libc::socket(
                libc::AF_NETLINK,
                libc::SOCK_DGRAM | libc::SOCK_CLOEXEC,
                NETLINK_SOCK_DIAG,
            )
        };
        if raw < 0 {
            return Err(unknown(
                "the kernel's socket table cannot be asked (sock_diag)",
            ));
        }
        // SAFETY: `raw` is a new descriptor nothing else owns.
        let socket = unsafe { OwnedFd::from_raw_fd(raw) };
        let timeout = libc::timeval {
            tv_sec: 2,
            tv_usec: 0,
        };
        // SAFETY: `timeout` is a valid timeval for the duration of the call.
        unsafe {
            libc::setsockopt(
                socket.as_raw_fd(),
                libc::SOL_SOCKET,
                libc::SO_RCVTIMEO,
                (&raw const timeout).cast(),
                size_of::<libc::timeval>() as libc::socklen_t,
            );
        }
        // SAFETY: zeroed is a valid sockaddr_nl; pid 0 addresses the kernel.
        let mut kernel: libc::sockaddr_nl = unsafe { std::mem::zeroed() };
        kernel.nl_family = libc::AF_NETLINK as libc::sa_family_t;
        // SAFETY: the buffer and the address are valid for their lengths during the call.
        let sent = unsafe {
            libc::sendto(
                socket.as_raw_fd(),
                request.as_ptr().cast(),
                request.len(),
                0,
                (&raw const kernel).cast(),
                size_of::<libc::sockaddr_nl>() as libc::socklen_t,
            )
        };
        if sent != REQUEST_LEN as isize {
            return Err(unknown(
                "the kernel's socket table cannot be asked (sock_diag)",
            ));
        }
        let mut answer = [0u8; 1024];
        // SAFETY: the buffer is valid for its length during the call.
        let got = unsafe {
            libc::recv(
                socket.as_raw_fd(),
                answer.as_mut_ptr().cast(),
                answer.len(),
                0,
            )
        };
        let Ok(got) = usize::try_from(got) else {
            return Err(unknown(
                "the kernel's socket table did not answer (sock_diag)",
            ));
        };
        let kind = u16::from_ne_bytes([answer[4], answer[5]]);
        if kind == NLMSG_ERROR || got < INODE_AT + 4 {
            // ENOENT: no such socket on this machine.
            return Ok(None);
        }
        let inode = u32::from_ne_bytes(answer[INODE_AT..INODE_AT + 4].try_into().expect("4"));
        Ok((inode != 0).then_some(u64::from(inode)))
    }
}

#[cfg(not(target_os = "linux"))]
mod diag {
    use super::{SocketAddr, Unknown};

    pub fn inode(_: SocketAddr, _: SocketAddr) -> Result<Option<u64>, Unknown> {
        Err(Unknown(
            "only Linux tells which process holds a TCP connection".to_string(),
        ))
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::net::TcpListener;

    #[test]
    fn stat_lines_give_parent_and_session_whatever_the_command_name() {
        let line = "4242 (a) b (c)) S 17 4242 4000 0 -1 4194560 0 0";
        assert_eq!(
            parse_stat(4242, line),
            Some(Proc {
                pid: 4242,
                parent: 17,
                session: 4000
            })
        );
        assert_eq!(parse_stat(1, "1 (x"), None);
    }

    #[test]
    fn a_loopback_connection_is_traced_to_the_process_that_made_it() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let _client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server_end, _) = listener.accept().unwrap();
        let me = std::process::id();
        let session = parse_stat(me, &std::fs::read_to_string("/proc/self/stat").unwrap())
            .unwrap()
            .session;
        assert!(is_of(&server_end, me).unwrap(), "this process holds it");
        let (found, ties) = holder(&server_end).expect("found");
        assert_eq!(found.pid, me);
        assert!(ties.contains(&session), "{ties:?}");
        // A process of this one's does not hold it: it is not of that process.
        let mut other = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let of_other = is_of(&server_end, other.id());
        other.kill().unwrap();
        other.wait().unwrap();
        assert!(!of_other.unwrap());
    }
}
