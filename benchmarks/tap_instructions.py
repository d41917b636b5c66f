"""Prints how many machine instructions a tap costs the server, beside its floor (a benchmark,
not a test): `make benchmark-instructions`, or `.venv/bin/python benchmarks/tap_instructions.py
[--taps 100]`.

The CPU time of a tap (benchmarks/web.py) moved by up to half between two runs of the same code
on the shared 2-core machine this was built on, more than most changes it was meant to judge.
Instructions do not move: valgrind's callgrind counts every instruction the Python process runs
(the same count from one run to the next, whatever else the machine does, with the hash seed
fixed). Three runs of the same harness, each under callgrind: the set-up alone (a table made and
30 taps to warm up), then the same and ``--taps`` more taps entering final boards (as web.py
enters them), answered as the app answers them and answered with their version alone (web.py's
floor: the request, the session, CSRF, the table's read and write, no HTML). A tap's figure is the
difference from the set-up alone, divided by the taps. Under callgrind a tap takes ~60 times as
long, so the three runs take a minute or two, side by side.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
WARM_UP = 30
TOTAL = re.compile(r"I\s+refs:\s+([\d,]+)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=100)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)  # the harness itself, under callgrind
    parser.add_argument("--floor", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        taps(args.child, args.floor)
        return
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed: `make benchmark-instructions` installs Debian's package")
    runs = {"set-up": (0, False), "answered": (args.taps, False), "floor": (args.taps, True)}
    counted = dict(zip(runs, _in_parallel([_command(taps, floor) for taps, floor in runs.values()]), strict=True))
    answered = (counted["answered"] - counted["set-up"]) / args.taps
    floor = (counted["floor"] - counted["set-up"]) / args.taps
    print(f"instructions per tap entering final boards (valgrind's callgrind, {args.taps} taps, the same count on any run):")
    print(f"  answered in parts      {answered / 1e6:6.2f} million")
    print(f"  version alone (floor)  {floor / 1e6:6.2f} million  (the request, session, CSRF, load, parse, apply, save)")
    print(f"  the answer's parts     {(answered - floor) / 1e6:6.2f} million, {(answered - floor) / answered:.0%} of a tap")


def _command(taps: int, floor: bool) -> list[str]:
    return ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, str(Path(__file__).resolve()),
            "--child", str(taps), *(["--floor"] if floor else [])]


def _in_parallel(commands: list[list[str]]) -> list[int]:
    """Each command's instruction count, as callgrind prints it at its end."""
    environment = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dictionaries' layout each run
    running = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=environment)
               for command in commands]
    counts = []
    for process in running:
        _out, err = process.communicate()
        found = TOTAL.search(err)
        if process.returncode != 0 or found is None:
            raise SystemExit(f"callgrind's run failed ({process.returncode}):\n{err[-2000:]}")
        counts.append(int(found.group(1).replace(",", "")))
    return counts


def taps(count: int, floor: bool) -> None:
    """The harness: a fresh table, warmed up, then ``count`` taps (web.py's), answered in parts or
    with their version alone."""
    sys.path.insert(0, str(BENCHMARKS))
    import web

    with tempfile.TemporaryDirectory() as folder:
        client = web.shipped_client(Path(folder) / "bench.sqlite")
        web.CHANGES = WARM_UP
        web.board_entry_changes(client, seed=1)
        if floor:
            from assistant.web.views import table as views

            views.render_changes = web.version_alone
        if count:
            web.CHANGES = count
            web.board_entry_changes(client, seed=13)


if __name__ == "__main__":
    main()
