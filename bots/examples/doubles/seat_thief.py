#!/usr/bin/env python3
"""Test double for the contest protocol: a launched contest program (`protocol = "cgs"`) that
tries to steal its opponent's seat. In a contest an opponent's name is public (standings, the
contest folder's layout), so the double is told it: VICTIMS lists, for each name this program
may be given, its opponent's name in that game (`own=victim,...`, from an earlier run with the
same seed; `-` for none). It says its own name (`name NAME`) first, then, knowing its victim,
forks a child that connects again and again under the victim's name and, if it were let in,
would play garbage there; the parent then becomes PROGRAM, started with HOST PORT NAME and
ARGS, and plays its own seat. Not knowing it (`no victim known`), it only plays.

    seat_thief.py HOST PORT NAME VICTIMS PROGRAM [ARGS...] [--say-pid] [--flood N] [--detach]

--say-pid   writes `pid PID` to stderr (its log) for the parent and the child, so a test can
            check that no process outlives the run (a confined program writes only its scratch
            folder)
--flood N   the child first opens N connections to the run that never say a word, and holds
            them while it tries (to leave the server without descriptors)
--detach    the child leaves the program's session and parent first (a double fork and
            `setsid`), so that neither ties it to the program

The child writes to stderr (the program's log) what each attempt was told.
"""
import os
import select
import socket
import sys
import time

# How long the child keeps trying: longer than a game of the tests takes.
TRY_FOR = 10.0


def frame(sock):
    """One frame of the server: a six-digit length, then that many bytes."""
    head = b""
    while len(head) < 6:
        part = sock.recv(6 - len(head))
        if not part:
            return None
        head += part
    size, body = int(head), b""
    while len(body) < size:
        part = sock.recv(size - len(body))
        if not part:
            return None
        body += part
    return body.decode("utf-8", "replace")


def attempt(host, port, name):
    """One try at the seat of `name`: what the server answered to WAIT_GAME."""
    with socket.create_connection((host, port), timeout=5) as sock:
        sock.sendall(f"CLIENT_NAME {name}".encode())
        if frame(sock) != "OK":
            return "name refused"
        sock.sendall(b"WAIT_GAME TOURNAMENT T")
        answer = frame(sock)
        if answer != "OK":
            return answer
        # Let in: play garbage in the victim's seat for as long as the server listens.
        while frame(sock) is not None:
            sock.sendall(b"PLAY_MOVE garbage")
        return "admitted"


# How long the parent waits for its child's first answer before it plays anyway.
FIRST_ANSWER_WAIT = 5.0


def flood(host, port, count):
    """Opens up to `count` idle connections within a few seconds; says how many."""
    held, deadline = [], time.monotonic() + 3.0
    while len(held) < count and time.monotonic() < deadline:
        try:
            held.append(socket.create_connection((host, port), timeout=0.2))
        except OSError:
            pass
    print(f"flood: {len(held)} connections open", file=sys.stderr, flush=True)
    return held


def victim_of(victims, own):
    """The opponent `victims` (`own=victim,...`, or `-`) names for this program's name `own`."""
    pairs = dict(pair.split("=", 1) for pair in victims.split(",") if "=" in pair)
    return pairs.get(own)


def steal(host, port, victim, parent, answered):
    """Tries again and again; the first answer the server gives (a refusal, or a seat) is
    written to `answered`, so the parent plays only once the theft has been tried. `parent`
    None: a detached child, which tries for the whole time."""
    deadline = time.monotonic() + TRY_FOR
    while time.monotonic() < deadline and parent in (None, os.getppid()):
        try:
            told = attempt(host, port, victim)
        except OSError as e:
            told = f"connection failed: {e}"
        print(f"thief as {victim}: {told}", file=sys.stderr, flush=True)
        if answered is not None and not told.startswith("connection failed"):
            os.write(answered, b"!")
            os.close(answered)
            answered = None
        time.sleep(0.02)


def main():
    args = sys.argv[1:]
    say_pid = "--say-pid" in args
    if say_pid:
        args.remove("--say-pid")
    crowd = 0
    detach = "--detach" in args
    if detach:
        args.remove("--detach")
    if "--flood" in args:
        at = args.index("--flood")
        crowd = int(args[at + 1])
        del args[at:at + 2]
    host, port, name, victims, program = args[:5]
    rest = args[5:]
    print(f"name {name}", file=sys.stderr, flush=True)
    victim = victim_of(victims, name)
    if victim is None:
        print("no victim known", file=sys.stderr, flush=True)
        os.execv(program, [program, host, port, name] + rest)
    parent = os.getpid()
    # The parent starts its own game only after the child's first try was answered: a test's
    # games are short, and a theft tried after the game would prove nothing.
    wait_for, answered = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(wait_for)
        if detach:
            os.setsid()
            if os.fork() != 0:
                os._exit(0)
            parent = None
        if say_pid:
            print(f"pid {os.getpid()}", file=sys.stderr, flush=True)
        held = flood(host, int(port), crowd)
        steal(host, int(port), victim, parent, answered)
        del held
        os._exit(0)
    os.close(answered)
    if say_pid:
        print(f"pid {parent}", file=sys.stderr, flush=True)
    select.select([wait_for], [], [], FIRST_ANSWER_WAIT)
    os.close(wait_for)
    os.execv(program, [program, host, port, name] + rest)


main()
