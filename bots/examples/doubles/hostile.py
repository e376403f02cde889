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

Any argument after the mode's own is ignored: tests pass their folder, so a process left
running shows it in its command line.
"""
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
