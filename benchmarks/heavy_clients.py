"""Prints what phones see while clients loop the heaviest scoring there is (a benchmark, not a
test): `.venv/bin/python benchmarks/heavy_clients.py [--clients 8 16] [--seconds 20]`.

`python -m assistant serve` as shipped (SQLite) and, for each count of heavy clients, that many
clients looping POST /api/score with five players whose roads form K(8,12) (the 6.5 KB request of
the security review, each about a second of CPU until its budget stops it), while one phone in
turn asks /healthz, opens a table's page, taps a count (POST /t/<id>/change as htmx sends it,
CSRF on) and polls (?since=, nothing new), one after the other. Printed: for each, p50, p99 and
the slowest in milliseconds, and what the heavy clients got (200/400 searched, 503 refused busy).
The server is pinned to the first core and the clients to the others where the machine has
more than one (taskset), so the clients' own work does not count against the server.
Goals (issue 31): /healthz within 100 ms, page and tap within 1 s at p99, polls unaffected.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.kardinal.helpers import absurd_position  # noqa: E402
from tests.served import Phone, new_table, serving  # noqa: E402

CELL = "monasteries.Frankreich.green"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[0, 8, 16])
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    pinned = len(cores) > 1 and shutil.which("taskset") is not None
    prefix: tuple[str, ...] = ("taskset", "-c", str(cores[0])) if pinned else ()
    if pinned:
        os.sched_setaffinity(0, set(cores[1:]))  # this process's threads: the phone and the heavy clients
    where = f"server on core {cores[0]}, clients on cores {','.join(map(str, cores[1:]))}" if pinned else "server and clients on the same cores"
    print(f"{where}; {os.cpu_count()} cores, {args.seconds:.0f} s per run")
    with tempfile.TemporaryDirectory() as instance, serving(Path(instance), prefix=prefix) as url:
        phone = Phone(url)
        table = new_table(phone)
        for clients in args.clients:
            run(url, phone, table, clients, args.seconds)


def run(url: str, phone: Phone, table: str, clients: int, seconds: float) -> None:
    stop = threading.Event()
    heavy: collections.Counter[int] = collections.Counter()
    lock = threading.Lock()
    body = json.dumps(absurd_position()).encode()
    workers = [threading.Thread(target=heavy_loop, args=(url, body, stop, heavy, lock), daemon=True) for _ in range(clients)]
    for worker in workers:
        worker.start()
    time.sleep(2 if clients else 0)  # every heavy client under way
    timings = phone_rounds(phone, table, seconds, ["/healthz", "page", "tap", "poll"])
    stop.set()
    for worker in workers:
        worker.join(timeout=30)
    got = ", ".join(f"{count} x {status}" for status, count in sorted(heavy.items())) or "none"
    print(f"{clients:2} heavy clients looping K(8,12) (they got {got}):")
    print_times(timings)


def phone_rounds(phone: Phone, table: str, seconds: float, asks: list[str]) -> dict[str, list[float]]:
    """One phone in turn, for ``seconds``: each of ``asks`` (/healthz, the table's page, a tap on
    it, a poll with nothing new) timed, one after the other, as a phone at a table does."""
    timings: dict[str, list[float]] = {name: [] for name in asks}
    deadline = time.monotonic() + seconds
    value = 0
    while time.monotonic() < deadline:
        if "/healthz" in timings:
            timings["/healthz"].append(timed(lambda: phone.get("/healthz"), 200))
        timings["page"].append(timed(lambda: phone.get(f"/t/{table}/board"), 200))
        version = phone.version(table)
        value = (value + 1) % 10
        timings["tap"].append(timed(lambda value=value, version=version: (phone.change(table, CELL, value, version), ""), 200))
        timings["poll"].append(timed(lambda version=version: phone.get(f"/t/{table}/board?since={version + 1}", {"HX-Request": "true"}), 200))
        time.sleep(0.05)
    return timings


def print_times(timings: dict[str, list[float]]) -> None:
    for name, values in timings.items():
        ordered = sorted(values)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        median, slowest = statistics.median(ordered), ordered[-1]
        print(f"  {name:<8} p50 {median * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms   slowest {slowest * 1000:7.1f} ms   ({len(values)} requests)")


def timed(call, expected: int) -> float:
    started = time.monotonic()
    status, _page = call()
    elapsed = time.monotonic() - started
    if status != expected:
        print(f"  (answered {status}, not {expected}, in {elapsed * 1000:.0f} ms)")
    return elapsed


def heavy_loop(url: str, body: bytes, stop: threading.Event, heavy: collections.Counter, lock: threading.Lock) -> None:
    address = urlsplit(url)
    connection = HTTPConnection(address.hostname, address.port, timeout=60)
    while not stop.is_set():
        try:
            connection.request("POST", "/api/score", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            status = response.status
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
        except OSError:
            connection.close()
            status = 0
        with lock:
            heavy[status] += 1


if __name__ == "__main__":
    main()
