#!/usr/bin/env python3
"""Test double for fair CPU (docs/guide/untrusted-programs.md): a random legal player that
thinks every move for the same amount of its own CPU time, so that the time its move takes
on the clock shows how much of a core it was given.

    thinker.py MILLISECONDS

Spins until its process has used MILLISECONDS more of CPU time, then answers.
"""
import json
import random
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def think(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass


def main():
    seconds = float(sys.argv[1]) / 1000
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "ready"})
        elif kind == "new_game":
            rng = random.Random(message["seed"])
        elif kind == "act":
            think(seconds)
            send({"action": rng.choice(message["legal"])})
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
