#!/usr/bin/env python3
"""Test double for the sandbox (docs/guide/untrusted-programs.md): a random legal player that,
when first asked to act, tries one attack a hostile program would, and says on stderr (its
log) how it went: `ATTACK <mode>: succeeded` or `ATTACK <mode>: blocked (<why>)`.

    hostile.py MODE [ARG] [MARKER]

MODE:
  write PATH      creates the file PATH, then plays on
  scratch NAME    writes a file in $HOME and in $TMPDIR and says where they are and what the
                  variable NAME holds, then plays on
  read DIR        reads the file DIR/secret and prints it into its log, then plays on
  connect PORT    opens a TCP connection to 127.0.0.1:PORT, then plays on
  fork N          starts N processes that sleep; exits with status 1 when one is refused
  memory MB       allocates and touches MB megabytes, then plays on (if it is still alive)
  daemon          leaves a `setsid` double-forked daemon that sleeps for an hour, then plays on
  kill-harness    sends SIGKILL to its parent (the harness), then plays on
  fd N            looks at its descriptor N (one the harness may have inherited), then plays on
  leave DEPTH     leaves in its scratch folder a chain of DEPTH folders, a folder with mode 000
                  holding a file, and a file marked immutable (where it may: as root), says
                  `LEFT <folder>`, then plays on
  device PATH     reads from the device PATH (a disk, the kernel log), then plays on
  devices         opens the five devices a program may use and its own pipes by /dev/std*,
                  says `DEVICES ok` (or which failed), then plays on
  mknod DIR       makes in DIR (`home`: its scratch folder) a node of the kernel log's device
                  (char 1:11) and reads from it, removes it, then plays on
  packet          opens a packet socket (AF_PACKET, every protocol), then plays on
  realtime        takes real-time scheduling (SCHED_FIFO), then plays on
  immutable DIR   marks a file of DIR (`home`: its scratch folder) immutable (FS_IOC_SETFLAGS),
                  clears the mark and removes the file, then plays on
  privilege       says `PRIVILEGE <uid> <CapEff> <CapBnd> <NoNewPrivs>` from /proc/self/status;
                  succeeded when it holds a capability; then plays on
  processes MARK  lists /proc and counts the processes, its own aside, whose command line holds
                  MARK or that are its parent (the harness): `SEEN <n>`; succeeded if any
  environ MARK    reads /proc/PID/environ of its parent and of every process it can find (those
                  listed, and the pids within 2,000 of its own) and says which held MARK:
                  succeeded if one did; then plays on
  shm KEY         makes the System V shared memory segment KEY, or finds one another program
                  made (succeeded: they share it), removes its own a second later, then plays on
  play            only plays
  spin N          starts N processes, each in a session of its own, that spin for ever, then
                  plays on
  socket KIND     opens a socket of KIND: `udp:PORT` (and sends a datagram to 127.0.0.1:PORT),
                  `raw` (ICMP), `packet` (every frame), `netlink` (routing), `unix`
  ptrace          starts a child and attaches to it with ptrace, then plays on
  vm-read         reads its own memory with process_vm_readv, then plays on
  clone3 GROUP    starts a child by clone3 into the cgroup v2 folder GROUP (`-`: no group)

Any argument after the mode's own is ignored: tests pass their folder, so a process left
running shows it in its command line.
"""
import atexit
import ctypes
import fcntl
import json
import os
import struct
import random
import signal
import socket
import stat
import sys
import time


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def report(mode, error=None):
    if error is None:
        print(f"ATTACK {mode}: succeeded", file=sys.stderr, flush=True)
    else:
        print(f"ATTACK {mode}: blocked ({error})", file=sys.stderr, flush=True)


def attack(mode, arg):
    try:
        if mode == "write":
            with open(arg, "w") as f:
                f.write("written by hostile.py\n")
        elif mode == "scratch":
            for name in ("HOME", "TMPDIR"):
                with open(os.path.join(os.environ[name], "note"), "w") as f:
                    f.write("written by hostile.py\n")
            print(f"SCRATCH {os.environ['HOME']} {os.environ['TMPDIR']} "
                  f"{arg}={os.environ.get(arg, '')}", file=sys.stderr, flush=True)
        elif mode == "read":
            with open(os.path.join(arg, "secret")) as f:
                print("READ " + f.read(), file=sys.stderr, flush=True)
        elif mode == "connect":
            socket.create_connection(("127.0.0.1", int(arg)), timeout=5).close()
        elif mode == "fork":
            for _ in range(int(arg)):
                if os.fork() == 0:
                    time.sleep(3600)
                    os._exit(0)
        elif mode == "memory":
            block = bytearray(int(arg) << 20)
            for i in range(0, len(block), 4096):
                block[i] = 1
        elif mode == "daemon":
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    print(f"DAEMON {os.getpid()}", file=sys.stderr, flush=True)
                    os.close(1)
                    time.sleep(3600)
                os._exit(0)
            os.wait()
        elif mode == "kill-harness":
            os.kill(os.getppid(), signal.SIGKILL)
        elif mode == "fd":
            os.fstat(int(arg))
        elif mode == "leave":
            leave(int(arg))
        elif mode == "device":
            with open(arg, "rb", buffering=0) as f:
                f.read(8192)
        elif mode == "devices":
            devices()
        elif mode == "mknod":
            node = os.path.join(folder(arg), "kmsg")
            os.mknod(node, 0o600 | stat.S_IFCHR, os.makedev(1, 11))
            try:
                with open(node, "rb", buffering=0) as f:
                    f.read(8192)
            finally:
                os.unlink(node)
        elif mode == "packet":
            socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(3)).close()
        elif mode == "realtime":
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
        elif mode == "immutable":
            stuck = os.path.join(folder(arg), "stuck")
            with open(stuck, "w") as f:
                f.write("x")
            fd = os.open(stuck, os.O_RDONLY)
            try:
                fcntl.ioctl(fd, SET_FLAGS, struct.pack("i", IMMUTABLE))
                fcntl.ioctl(fd, SET_FLAGS, struct.pack("i", 0))
            finally:
                os.close(fd)
                os.unlink(stuck)
        elif mode == "privilege":
            if not privilege():
                raise PermissionError("no capability")
        elif mode == "processes":
            seen = [pid for pid in listed() if pid == os.getppid() or arg in cmdline(pid)]
            print(f"SEEN {len(seen)}", file=sys.stderr, flush=True)
            if not seen:
                raise ProcessLookupError("none seen")
        elif mode == "environ":
            environ(arg)
        elif mode == "shm":
            shared_memory(int(arg))
        elif mode == "spin":
            for _ in range(int(arg)):
                if os.fork() == 0:
                    os.setsid()
                    while True:
                        pass
        elif mode == "socket":
            open_socket(arg)
        elif mode == "ptrace":
            attach_to_child()
        elif mode == "vm-read":
            read_own_memory()
        elif mode == "clone3":
            clone3(arg)
    except OSError as e:
        report(mode, e)
        if mode == "fork":
            sys.exit(1)
        return
    report(mode)


def shared_memory(key):
    IPC_CREAT, IPC_EXCL, IPC_RMID = 0o1000, 0o2000, 0
    made = LIBC.shmget(key, 4096, IPC_CREAT | IPC_EXCL | 0o600)
    if made < 0:
        error = ctypes.get_errno()
        if error == 17:  # EEXIST: another program's
            return
        raise OSError(error, os.strerror(error))
    atexit.register(LIBC.shmctl, made, IPC_RMID, None)
    raise ProcessLookupError("made its own, found none")


def folder(arg):
    return os.environ["HOME"] if arg == "home" else arg


def devices():
    failed = []
    for name in ("null", "zero", "full", "random", "urandom"):
        try:
            with open("/dev/" + name, "rb") as f:
                f.read(1 if name != "null" else 0)
        except OSError as e:
            failed.append(f"{name} ({e})")
    for name in ("null", "zero", "full"):
        try:
            with open("/dev/" + name, "wb", buffering=0) as f:
                f.write(b"x")
        except OSError as e:
            if name != "full":
                failed.append(f"write {name} ({e})")
    try:
        with open("/dev/stderr", "w") as f:
            f.write("DEVICES stderr reached\n")
    except OSError as e:
        failed.append(f"stderr ({e})")
    print("DEVICES " + ("ok" if not failed else "failed: " + ", ".join(failed)),
          file=sys.stderr, flush=True)


def privilege():
    with open("/proc/self/status") as f:
        status = dict(line.split(":", 1) for line in f if ":" in line)
    effective = int(status["CapEff"].strip(), 16)
    values = [status["Uid"].split()[1], status["CapEff"].strip(),
              status["CapBnd"].strip(), status["NoNewPrivs"].strip()]
    print("PRIVILEGE " + " ".join(values), file=sys.stderr, flush=True)
    return effective != 0


def listed():
    own = os.getpid()
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) != own]


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def environ(mark):
    own = os.getpid()
    near = range(max(1, own - 2000), own + 2000)
    found = []
    for pid in sorted(set(listed()) | set(near) | {os.getppid()}):
        if pid == own:
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if mark.encode() in f.read():
                    found.append(pid)
        except OSError:
            pass
    if not found:
        raise PermissionError(f"no environment holding {mark} read")
    print(f"ENVIRON read from {found}", file=sys.stderr, flush=True)


# FS_IOC_SETFLAGS and FS_IMMUTABLE_FL (linux/fs.h).
SET_FLAGS, IMMUTABLE = 0x40086602, 0x10


def leave(depth):
    home = os.environ["HOME"]
    here = os.getcwd()
    os.chdir(home)
    for _ in range(depth):
        os.mkdir("d")
        os.chdir("d")
    os.chdir(here)
    closed = os.path.join(home, "closed")
    os.makedirs(os.path.join(closed, "inner"))
    with open(os.path.join(closed, "inner", "file"), "w") as f:
        f.write("x")
    os.chmod(closed, 0)
    stuck = os.path.join(home, "stuck")
    with open(stuck, "w") as f:
        f.write("x")
    fd = os.open(stuck, os.O_RDONLY)
    try:
        fcntl.ioctl(fd, SET_FLAGS, struct.pack("i", IMMUTABLE))
        print("IMMUTABLE set", file=sys.stderr, flush=True)
    except OSError as e:
        print(f"IMMUTABLE not set ({e})", file=sys.stderr, flush=True)
    finally:
        os.close(fd)
    print(f"LEFT {home}", file=sys.stderr, flush=True)


LIBC = ctypes.CDLL(None, use_errno=True)


def checked(result):
    """Raises the C library's error when `result` is -1."""
    if result == -1:
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno))
    return result


def open_socket(kind):
    if kind.startswith("udp:"):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.sendto(b"hostile", ("127.0.0.1", int(kind[4:])))
    elif kind == "raw":
        s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    elif kind == "packet":
        s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(3))
    elif kind == "netlink":
        s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
    else:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.close()


def attach_to_child():
    child = os.fork()
    if child == 0:
        time.sleep(3600)
        os._exit(0)
    try:
        LIBC.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
        checked(LIBC.ptrace(16, child, None, None))  # PTRACE_ATTACH
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)


class IoVec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]


def read_own_memory():
    source = ctypes.create_string_buffer(b"secret", 16)
    target = ctypes.create_string_buffer(16)
    local = IoVec(ctypes.addressof(target), 16)
    remote = IoVec(ctypes.addressof(source), 16)
    LIBC.process_vm_readv.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_ulong,
                                      ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
    LIBC.process_vm_readv.restype = ctypes.c_ssize_t
    checked(LIBC.process_vm_readv(os.getpid(), ctypes.byref(local), 1,
                                  ctypes.byref(remote), 1, 0))


# clone3's number and CLONE_INTO_CGROUP (linux/sched.h); struct clone_args is 11 u64 fields.
CLONE3, INTO_CGROUP = 435, 0x200000000


def clone3(group):
    args = (ctypes.c_uint64 * 11)()
    args[4] = signal.SIGCHLD
    if group != "-":
        args[0] = INTO_CGROUP
        args[10] = os.open(group, os.O_RDONLY | os.O_DIRECTORY)
    LIBC.syscall.restype = ctypes.c_long
    child = checked(LIBC.syscall(ctypes.c_long(CLONE3), ctypes.byref(args),
                                 ctypes.c_size_t(ctypes.sizeof(args))))
    if child == 0:
        os._exit(0)
    os.waitpid(child, 0)


def main():
    mode = sys.argv[1]
    arg = sys.argv[2] if len(sys.argv) > 2 else None
    rng = random.Random(0)
    attacked = False
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send('{"type":"ready"}')
        elif kind == "new_game":
            rng = random.Random(message["seed"])
        elif kind == "act":
            if not attacked and mode != "play":
                attacked = True
                attack(mode, arg)
            send(json.dumps({"action": rng.choice(message["legal"])}))
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
