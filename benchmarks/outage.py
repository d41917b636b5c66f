"""Prints what phones see while PostgreSQL is stopped and started again under a served app (a
benchmark, not a test): `make benchmark-outage`, or `.venv/bin/python benchmarks/outage.py
[--phones 20] [--outage 40] [--after 30]`.

A throwaway cluster (tests/postgres.py, durable commits) and `python -m assistant serve` on it;
``--phones`` phones on one table each, every one polling every 2 s and changing a count every
2 s (a busy evening: 10 writes a second at 20 phones), plus a monitor asking /healthz every
second. After 10 s the cluster is stopped at once (``-m immediate``) for ``--outage`` seconds,
then started; the run goes on ``--after`` seconds. Printed: per phase, the answers by status
and the slowest; how long after the start /healthz said 200 again and the phones' last 503;
and the changes acknowledged with 200 that the table does not show at the end (must be 0).
"""
from __future__ import annotations

import argparse
import collections
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.postgres import Cluster  # noqa: E402
from tests.served import Phone, new_table, serving  # noqa: E402

BEFORE_SECONDS = 10.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--outage", type=float, default=40.0, help="seconds the database is down")
    parser.add_argument("--after", type=float, default=30.0, help="seconds measured after it is back")
    args = parser.parse_args()
    cluster = Cluster(durable=True).start()
    try:
        url = cluster.create_database("outage")
        with tempfile.TemporaryDirectory() as instance, serving(Path(instance), DATABASE_URL=url) as server:
            run(server, cluster, args.phones, args.outage, args.after)
    finally:
        cluster.stop()


class Log:
    def __init__(self):
        self.lock = threading.Lock()
        self.answers: list[tuple[float, str, int, float]] = []  # (when, kind, status, seconds)
        self.acknowledged: dict[str, tuple[str, int]] = {}  # table -> the last (cell, value) answered 200

    def add(self, kind: str, status: int, started: float) -> None:
        with self.lock:
            self.answers.append((started, kind, status, time.monotonic() - started))


def run(server: str, cluster: Cluster, phones: int, outage: float, after: float) -> None:
    log, stop = Log(), threading.Event()
    workers = [threading.Thread(target=phone_loop, args=(server, log, stop, number), daemon=True) for number in range(phones)]
    workers.append(threading.Thread(target=monitor, args=(server, log, stop), daemon=True))
    for worker in workers:
        worker.start()
    time.sleep(BEFORE_SECONDS)
    down = time.monotonic()
    cluster.stop_server()
    time.sleep(outage)
    cluster.start_server()
    up = time.monotonic()
    time.sleep(after)
    stop.set()
    for worker in workers:
        worker.join(timeout=30)
    report(log, down, up, server)


def phone_loop(server: str, log: Log, stop: threading.Event, number: int) -> None:
    phone = Phone(server)
    table = new_table(phone)
    shown, value, cell = phone.version(table), 0, "monasteries.Frankreich.red"
    while not stop.is_set():
        started = time.monotonic()
        status, _page = phone.get(f"/t/{table}/board?since={shown}", {"HX-Request": "true"})
        log.add("poll", status, started)
        value = (value + 1) % 9
        started = time.monotonic()
        form = {"cell": cell, "value": str(value), "base": str(shown), "screen": "board", "here": "", "since": str(shown)}
        status, _page = phone.post(f"/t/{table}/change", form)
        log.add("change", status, started)
        if status == 200:
            shown += 1  # the only phone at its table: its change made the next version
            with log.lock:
                log.acknowledged[table] = (cell, value)
        stop.wait(max(0.0, 2.0 - (time.monotonic() - started)))


def monitor(server: str, log: Log, stop: threading.Event) -> None:
    phone = Phone(server)
    while not stop.is_set():
        started = time.monotonic()
        log.add("healthz", phone.get("/healthz")[0], started)
        stop.wait(1.0)


def report(log: Log, down: float, up: float, server: str) -> None:
    phases = {"before": (0, down), "during": (down, up), "after": (up, float("inf"))}
    for phase, (start, end) in phases.items():
        print(f"{phase} the outage:")
        for kind in ("poll", "change", "healthz"):
            picked = [(status, seconds) for when, k, status, seconds in log.answers if k == kind and start <= when < end]
            if picked:
                counts = collections.Counter(status for status, _s in picked)
                print(f"  {kind:8} {len(picked):5} answers: {dict(sorted(counts.items()))}, slowest {max(s for _st, s in picked) * 1000:.0f} ms")
    back = [when for when, kind, status, _s in log.answers if kind == "healthz" and status == 200 and when >= up]
    last_503 = max((when for when, kind, status, _s in log.answers if kind != "healthz" and status == 503 and when >= up), default=None)
    print(f"/healthz 200 again {min(back) - up:.1f} s after the database started" if back else "/healthz never 200 again")
    print(f"the phones' last 503 {last_503 - up:.1f} s after it started" if last_503 is not None else "no 503 after it started")
    failures = [status for when, kind, status, _s in log.answers if status >= 500 and status != 503]
    print(f"answers other than 503 with a 5xx status: {len(failures)}")
    checker, lost = Phone(server), 0
    for table, (cell, value) in log.acknowledged.items():
        board = checker.get(f"/t/{table}/board")[1]
        if not re.search(rf'id="cell-{cell.replace(".", "-")}"[^>]*>{value}</a>', board):
            lost += 1
    print(f"acknowledged changes lost: {lost} of {len(log.acknowledged)} tables checked")


if __name__ == "__main__":
    main()
