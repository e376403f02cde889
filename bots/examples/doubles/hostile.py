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
import ctypes
import fcntl
import json
import os
import struct
import random
import signal
import socket
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
            if not attacked:
                attacked = True
                attack(mode, arg)
            send(json.dumps({"action": rng.choice(message["legal"])}))
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
