#!/usr/bin/env python3
"""Test double for `tourney doctor`: a random legal player of any game (it echoes one of the
`legal` actions) with one flaw, so the doctor's checks can be seen to fail.

    doctor_double.py MODE

MODE:
  tickets   answers a Ticket to Ride ticket choice in the middle of a game with an empty keep
            list, which the rules refuse (at least one ticket must be kept); plays legally
            everywhere else
  stays     plays legally, but ignores `quit` and the end of its input, and never exits
"""
import json
import random
import sys
import time


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1]
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send('{"type":"ready"}')
        elif kind == "new_game":
            rng = random.Random(message["seed"])
        elif kind == "act":
            view = message["view"]
            if mode == "tickets" and view.get("phase") == "choose-tickets":
                send(json.dumps({"action": {"kind": "keep-tickets", "keep": []}}))
            else:
                send(json.dumps({"action": rng.choice(message["legal"])}))
        elif kind == "quit" and mode != "stays":
            return
    if mode == "stays":
        while True:
            time.sleep(1)


if __name__ == "__main__":
    main()
