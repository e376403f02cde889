#!/usr/bin/env python3
"""Test double for the external-bot protocol: a random legal player that misbehaves on purpose
when first asked to act, so each fault kind can be adjudicated through `tourney run`.

    fault.py MODE [ACTION_JSON] [--say-pid] [--once | --rate P] [--armed-by FILE]

MODE:
  sleep     never answers (the harness says `timeout`)
  die       exits with status 3 (`crash`)
  close     closes its stdout and keeps running (`crash`)
  deaf      answers once, then closes its stdin and keeps running (`crash`)
  garbage   answers with a line that is not JSON (`illegal`)
  long      answers with a line longer than any limit (`illegal`)
  illegal   answers with ACTION_JSON, well formed but not legal now (`illegal`)
  flood     writes megabytes to stderr before every answer, then plays legally (no fault)
  silent    never says ready (the run is refused: the program does not start)
  slow DIR  plays legally; before each answer it creates DIR/acted, and waits a second while
            DIR/slow exists (so a test can interrupt a run in the middle of a slow game)
  buffered  says ready, then writes its answers without flushing them (`timeout`, unless the
            environment unbuffers Python's output)
  tickets   plays legally, but answers a Ticket to Ride ticket choice in the middle of a game
            with an empty keep list, which the rules refuse (at least one ticket must be kept):
            `tourney doctor`'s ticket check fails
  stays     plays legally, but ignores `quit` and the end of its input, and never exits:
            `tourney doctor`'s quit check fails

--say-pid   writes `pid PID` to stderr (its log) at start, so a test can check no process
            outlives the harness (a confined program may write no file outside its scratch
            folder).
--once      misbehaves only when first asked to act in each game, then plays legally (a
            forgiving policy, `--faults tolerate=N`, then finishes the game).
--rate P    misbehaves at each request with probability P, drawn from the game's seed, and
            plays legally otherwise.
--armed-by FILE
            plays legally, except in the games with an odd game_index that start while FILE
            (relative to its folder) exists: half of its games once a test creates FILE, after
            the program passed `tourney doctor` (a file that no argument names is not part of
            the program's version).
"""
import json
import os
import random
import sys
import time


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main():
    args = sys.argv[1:]
    if "--say-pid" in args:
        print(f"pid {os.getpid()}", file=sys.stderr, flush=True)
        args.remove("--say-pid")
    once = "--once" in args
    if once:
        args.remove("--once")
    rate = 1.0
    if "--rate" in args:
        at = args.index("--rate")
        rate = float(args[at + 1])
        del args[at : at + 2]
    armed_by = None
    if "--armed-by" in args:
        at = args.index("--armed-by")
        armed_by = args[at + 1]
        del args[at : at + 2]
    armed = armed_by is None
    mode = args[0]
    acted = 0
    if mode == "silent":
        time.sleep(3600)
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send('{"type":"ready"}')
        elif kind == "new_game":
            rng = random.Random(message["seed"])
            acted = 0
            if armed_by is not None:
                armed = message["game_index"] % 2 == 1 and os.path.exists(armed_by)
        elif kind == "act":
            acted += 1
            behaves = (
                not armed or (once and acted > 1) or (rate < 1.0 and rng.random() >= rate)
            )
            if behaves:
                send(json.dumps({"action": rng.choice(message["legal"])}))
            elif mode == "sleep":
                time.sleep(3600)
            elif mode == "die":
                sys.exit(3)
            elif mode == "close":
                os.close(1)
                time.sleep(3600)
            elif mode == "garbage":
                send("this is not json")
            elif mode == "long":
                send('{"action":"' + "x" * (4 << 20) + '"}')
            elif mode == "illegal":
                send('{"action":' + args[1] + "}")
            elif mode == "buffered":
                sys.stdout.write(json.dumps({"action": rng.choice(message["legal"])}) + "\n")
            else:
                if mode == "slow":
                    open(os.path.join(args[1], "acted"), "w").close()
                    if os.path.exists(os.path.join(args[1], "slow")):
                        time.sleep(1)
                if mode == "flood":
                    chunk = "flood " * 1000
                    for _ in range(300):
                        print(chunk, file=sys.stderr)
                if mode == "deaf":
                    # Closed before answering, so the harness's next write finds no reader.
                    os.close(0)
                if mode == "tickets" and message["view"].get("phase") == "choose-tickets":
                    send(json.dumps({"action": {"kind": "keep-tickets", "keep": []}}))
                else:
                    send(json.dumps({"action": rng.choice(message["legal"])}))
                if mode == "deaf":
                    time.sleep(3600)
        elif kind == "quit" and mode != "stays":
            return
    if mode == "stays":
        while True:
            time.sleep(1)


if __name__ == "__main__":
    main()
