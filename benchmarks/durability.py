"""Prints what durability costs per count change (a benchmark, not a test).

The taps of benchmarks/web.py (POST /t/<id>/change as htmx sends it, CSRF on, 5 players),
with the database where the app keeps it (the instance folder, on disk: /tmp may be memory),
in four set-ups, taken in turns so a busy machine disturbs them alike:

- synchronous=NORMAL: SQLite syncs the WAL only when it checkpoints it into the database; a
  power cut (not a crash of the app) loses the changes since the last checkpoint.
- synchronous=FULL (as shipped now): the WAL is synced at each commit, before the phone is
  answered.
- either, with an anchor that never read (as shipped before: NORMAL): the process's spare
  connection held no WAL index, so each request's connection was the last one to close it,
  and checkpointed and deleted the WAL every time.

Run: python benchmarks/durability.py [--dir FOLDER]   (FOLDER: where the database would live)
"""
from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
from pathlib import Path

from web import count_changes, fsync_time, ms, new_table, quantile, shipped_client

from assistant.web.store import db

ROUNDS = 2
INSTANCE = Path(__file__).resolve().parents[1] / "instance"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", type=Path, default=INSTANCE, help="folder on the disk the database would live on")
    folder = parser.parse_args().dir
    folder.mkdir(parents=True, exist_ok=True)
    setups = {
        "NORMAL, anchor never read (shipped before)": ("NORMAL", False),
        "NORMAL, anchor has read": ("NORMAL", True),
        "FULL, anchor never read": ("FULL", False),
        "FULL, anchor has read (shipped now)": ("FULL", True),
    }
    times: dict[str, list[float]] = {name: [] for name in setups}
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        print(f"database in {folder} ({filesystem(folder)}); fsync of one 4 KB write there: median {ms(fsync_time(Path(scratch)))}")
        for round_number in range(ROUNDS):
            for name, (synchronous, anchor_reads) in setups.items():
                times[name] += taps(Path(scratch) / f"{round_number}-{len(times[name])}.sqlite", synchronous, anchor_reads)
    taps_each = len(next(iter(times.values())))
    print(f"count change (POST /change, board fragment back), {taps_each} taps per set-up in {ROUNDS} rounds:")
    for name, values in times.items():
        print(f"  {name:<46} median {ms(statistics.median(values))}  p90 {ms(quantile(values, 0.9))}")


def taps(path: Path, synchronous: str, anchor_reads: bool) -> list[float]:
    db.SYNCHRONOUS = synchronous
    try:
        client = shipped_client(path)
        token = new_table(client)
        if not anchor_reads:  # put back the anchor as it was: connected, never read
            db._anchors[str(path)].close()
            db._anchors[str(path)] = sqlite3.connect(str(path), check_same_thread=False)
        change_times, _cpu = count_changes(client, token)
        db.release(str(path))
        return change_times
    finally:
        db.SYNCHRONOUS = "FULL"


def filesystem(folder: Path) -> str:
    """The mount's type, from /proc/mounts (longest mount point containing the folder)."""
    best, kind = "", "unknown"
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return kind
    resolved = str(folder.resolve())
    for line in mounts:
        _device, point, fstype, *_ = line.split()
        if resolved.startswith(point) and len(point) > len(best):
            best, kind = point, fstype
    return kind


if __name__ == "__main__":
    main()
