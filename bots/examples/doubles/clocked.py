#!/usr/bin/env python3
"""Test double for clocks: a random legal player that thinks slowly at the start of each game.

    clocked.py SECONDS MOVES

Sleeps SECONDS before each of its first MOVES answers of every game, then answers at once.
Writes the clock of every `act` to stderr (its log) as `clock left=MS increment=MS`, or
`clock none` when the message has no `clock_ms`.
"""
import json
import random
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    seconds, moves = float(sys.argv[1]), int(sys.argv[2])
    rng, acted = random.Random(0), 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "ready"})
        elif kind == "new_game":
            rng, acted = random.Random(message["seed"]), 0
        elif kind == "act":
            clock = message.get("clock_ms")
            if clock is None:
                print("clock none", file=sys.stderr, flush=True)
            else:
                print(f"clock left={clock['left']} increment={clock['increment']}",
                      file=sys.stderr, flush=True)
            if acted < moves:
                time.sleep(seconds)
            acted += 1
            send({"action": rng.choice(message["legal"])})
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
