#!/usr/bin/env python3
"""A random legal player for any tourney game, speaking protocol version 1 (docs/protocol.md).

Reads one JSON object per line on stdin and writes one per line on stdout: `ready` after
`hello`, and after every `act` one of the listed legal actions, chosen with a generator seeded
from `new_game`, so the same game always gets the same answers. Standard library only.
Anything for humans goes to stderr: the harness keeps it in the bot's log file.
"""
import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if message["protocol"] != 1:
                print(f"unknown protocol {message['protocol']}", file=sys.stderr)
                return
            send({"type": "ready"})
        elif kind == "new_game":
            rng = random.Random(message["seed"])
        elif kind == "act":
            send({"action": rng.choice(message["legal"])})
        elif kind == "quit":
            return
        # `played` and `game_over` need no answer.


if __name__ == "__main__":
    main()
