"""Prints what another table's phone sees while clients make their own tables as heavy as the app
lets them (a benchmark, not a test): `.venv/bin/python benchmarks/heavy_tables.py [--clients 8]
[--seconds 20] [--stores sqlite postgresql]`.

`python -m assistant serve` as shipped, on SQLite and on a throwaway PostgreSQL cluster
(tests/postgres.py). Each heavy client makes a table of its own, then loops the heaviest requests
anyone with its link can make (issue 44: a scoring replaced again and again, with `replace=` the
version it saw, which once made a table's scores page 964 KB and 2 s of CPU): first only that,
for ``--prepare`` seconds, to grow its table as far as it may; then, measured, the scoring kept
again (its answer, a redirect, followed to the scores page with its "Earlier results"), the
history page and the JSON history. Meanwhile one phone in turn opens another table's page, taps a
count on it and polls it (nothing new). Printed: p50, p99 and the slowest of each in
milliseconds, and what the heavy clients got (200, 429 slowed). As in heavy_clients.py, the
server is pinned to the first core and the clients to the others where there are more than one.
Goal: the other table's page, poll and tap within 1 s at p99.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from heavy_clients import phone_rounds, print_times  # noqa: E402  (beside this file)

from tests.postgres import Cluster  # noqa: E402
from tests.served import Phone, new_table, serving  # noqa: E402

SCORED = "monasteries.Aragon.red"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--prepare", type=float, default=30.0, help="seconds the clients only score, before the measure")
    parser.add_argument("--stores", nargs="+", choices=["sqlite", "postgresql"], default=["sqlite", "postgresql"])
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    pinned = len(cores) > 1 and shutil.which("taskset") is not None
    prefix: tuple[str, ...] = ("taskset", "-c", str(cores[0])) if pinned else ()
    if pinned:
        os.sched_setaffinity(0, set(cores[1:]))
    where = f"server on core {cores[0]}, clients on cores {','.join(map(str, cores[1:]))}" if pinned else "server and clients on the same cores"
    print(f"{where}; {os.cpu_count()} cores, {args.clients} heavy clients, "
          f"{args.prepare:.0f} s growing their tables, then {args.seconds:.0f} s measured, per store")
    for store in args.stores:
        if store == "sqlite":
            with tempfile.TemporaryDirectory() as instance, serving(Path(instance), prefix=prefix) as url:
                run(store, url, args.clients, args.seconds, args.prepare)
        else:
            cluster = Cluster().start()
            try:
                database = cluster.create_database("heavy_tables")
                with tempfile.TemporaryDirectory() as instance, serving(Path(instance), prefix=prefix, DATABASE_URL=database) as url:
                    run(store, url, args.clients, args.seconds, args.prepare)
            finally:
                cluster.stop()


def run(store: str, url: str, clients: int, seconds: float, prepare: float) -> None:
    phone = Phone(url)
    other = new_table(phone)
    stop = threading.Event()
    measuring = threading.Event()
    got: collections.Counter[str] = collections.Counter()
    heaviest: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()
    workers = [threading.Thread(target=heavy_loop, args=(url, stop, measuring, got, heaviest, lock), daemon=True) for _ in range(clients)]
    for worker in workers:
        worker.start()
    time.sleep(prepare if clients else 0)  # every heavy client under way, its table grown
    measuring.set()
    timings = phone_rounds(phone, other, seconds, ["page", "tap", "poll"])
    stop.set()
    for worker in workers:
        worker.join(timeout=60)
    heavy = ", ".join(f"{count} x {what}" for what, count in sorted(got.items())) or "none"
    heavy += f"; a scores page listed {heaviest['earlier results']} earlier results and weighed {heaviest['KB']} KB at most"
    print(f"{store}: {clients} clients looping their own tables' heaviest requests (they got {heavy}); another table:")
    print_times(timings)


def heavy_loop(url: str, stop: threading.Event, measuring: threading.Event, got: collections.Counter, heaviest: collections.Counter,
               lock: threading.Lock) -> None:
    """One client on a table of its own: counts in, then a scoring kept again and again (followed to
    its scores page), and once ``measuring``, the history page and the JSON history between them,
    as fast as it is answered."""
    client = Phone(url)
    table = new_table(client)
    client.change(table, SCORED, 3, client.version(table))
    requests = [
        ("scoring", lambda: client.post(f"/t/{table}/score/intermediate", {"screen": "board", "replace": str(client.version(table))}, htmx=False)),
        ("history", lambda: client.get(f"/t/{table}/history")),
        ("json", lambda: client.get(f"/api/tables/{table}/history")),
    ]
    for n in range(10**9):
        if stop.is_set():
            return
        name, ask = requests[n % 3 if measuring.is_set() else 0]
        try:
            status, page = ask()
        except OSError:
            status, page = 0, ""
        with lock:
            got[f"{name} {status}" + ("" if measuring.is_set() else " (growing)")] += 1
            if name == "scoring" and status == 200:  # how heavy its scores page grew
                heaviest["earlier results"] = max(heaviest["earlier results"], len(re.findall("Use this result again", page)))
                heaviest["KB"] = max(heaviest["KB"], len(page.encode()) // 1024)


if __name__ == "__main__":
    main()
