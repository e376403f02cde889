#!/usr/bin/env python3
"""Test double for external-bot parameters: a Ticket to Ride bot whose strength peaks at a
known value of its parameter `x` (declared in tune-double-py.toml), so `tourney tune` can be
checked on a program outside the harness.

At each decision it plays t2r_claimer.py's move with probability 1 - |x - 0.7| / 0.7 and a
uniformly random legal action otherwise: strongest at x = 0.7. It takes `x` from each
`new_game` (the values of that game) and reports the `params` of `hello` and `new_game` on
stderr, which the harness keeps in the bot's log, so a test can see what arrived.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from t2r_claimer import Claimer  # noqa: E402

OPTIMUM = 0.7


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    bot = rng = None
    strength = 0.0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            print("hello params " + json.dumps(message.get("params"), sort_keys=True), file=sys.stderr)
            send({"type": "ready"})
        elif kind == "new_game":
            params = message.get("params", {})
            print("new_game params " + json.dumps(params, sort_keys=True), file=sys.stderr)
            bot = Claimer(message)
            rng = random.Random(message["seed"] ^ 0x5EED)
            strength = 1.0 - abs(params.get("x", 0.0) - OPTIMUM) / OPTIMUM
        elif kind == "act":
            legal = message["legal"]
            if rng.random() < strength:
                send({"action": bot.choose(message["view"], legal)})
            else:
                send({"action": rng.choice(legal)})
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
