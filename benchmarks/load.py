"""Prints how many polling phones one server carries at p99 < 100 ms, per core it uses (a
benchmark, not a test): `make loadtest`.

The production server as shipped (``python -m assistant serve``: granian) starts on a free
loopback port with a fresh instance folder; tables of 4 phones each (benchmarks/load_phones.py,
locust's FastHttpUser) come in over a while (50 a second), then poll every 2 s on their own beat
as the board page does, one phone a table tapping a count every 10 s, and in a second run every
2 s; measured from 4 s after the last came in. The phone count goes up a step at a time while every
request of a step answers, with a p99 under 100 ms; each step reports the server's CPU time (from
psutil: user + system of its process) over the step, so phones per core = phones / cores the
server used. The clients run in their own processes (``--clients``) and eat CPU on the same
machine: on a busy or small machine the largest passing step is set by the client as much as
by the server, which the per-core figure does not hide.

Run: python benchmarks/load.py [--phones 200,400,...] [--seconds 15] [--changes 10,2] [--budget 600]
A tiny run (the test that keeps this benchmark working): --phones 8 --seconds 3 --changes 10

``--store postgresql`` runs the scale-out path instead: a throwaway PostgreSQL cluster
(tests/postgres.py), a fresh database per step and two ``serve`` processes on it (``--servers``),
a table's phones spread over both (the tapper on one, two of the three others on the other);
server cores are both servers' together, and PostgreSQL's own are printed beside them. Each step
also prints the lag from a change to the moment a phone of the table shows it, for phones on the
same server as the tapper and on the other one: both include the wait for the phone's next poll
(up to 2 s), so the difference is what crossing servers adds.

``--server waitress`` runs the same app under waitress as the former ``serve`` did, to compare
(``pip install waitress``; docs/benchmarks.md, Load figures).
"""
from __future__ import annotations

import argparse
import http.cookiejar
import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil

CLIENT = Path(__file__).resolve().parent / "load_phones.py"
PHONES_PER_TABLE = 4
POLL_SECONDS = 2.0  # as the phones poll (load_phones.py)
P99_LIMIT_MS = 100.0
WARM_UP_SECONDS = 4.0  # after the last phone came in: its first polls are not measured either
# Phones come in over time, as at a club (a page load costs some ten polls): all at once, 400 page
# loads queued up for seconds and spilled into the measured time (p99 1.7 s at 0.4 cores).
JOINS_PER_SECOND = 50.0
DEFAULT_STEPS = "200,400,800,1200,1600,2000,2400,2800,3200,3600,4000"
GAME = "kardinal-und-koenig"
PLAYERS = ("red", "green", "blue", "yellow", "purple")  # a table of five players


@dataclass
class Step:
    phones: int
    change_seconds: float
    requests: int
    failures: int
    p50: float
    p99: float
    server_cores: float
    busiest_slot: float  # the share of the polls that started in the busiest tenth of a second of the 2 s
    first_failure: str = ""
    database_cores: float = 0.0  # PostgreSQL's own processes, on that store
    lags: dict[str, list[float]] = field(default_factory=dict)  # "same server"/"other server": change → shown, ms

    @property
    def passed(self) -> bool:
        return self.requests > 0 and self.failures == 0 and self.p99 < P99_LIMIT_MS

    @property
    def phones_per_core(self) -> float:
        return self.phones / self.server_cores if self.server_cores else float("inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", default=DEFAULT_STEPS, help="phone counts to step through, comma-separated")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured seconds per step (after a warm-up)")
    parser.add_argument("--changes", default="10,2", help="seconds between a table's changes, one run each")
    parser.add_argument("--clients", type=int, default=max(1, min(4, (os.cpu_count() or 2))), help="client processes")
    parser.add_argument("--budget", type=float, default=600.0, help="stop starting steps after this many seconds in all")
    parser.add_argument("--server", choices=sorted(SERVERS), default="serve", help="serve: as shipped (granian); waitress: the former, to compare")
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite", help="postgresql: several servers on one database")
    parser.add_argument("--servers", type=int, default=2, help="with --store postgresql: how many serve processes")
    args = parser.parse_args()
    if args.server == "waitress" and importlib.util.find_spec("waitress") is None:
        print("waitress: not installed here (pip install waitress to compare)")
        return
    steps = [int(n) for n in args.phones.split(",")]
    deadline = time.monotonic() + args.budget
    servers = args.servers if args.store == "postgresql" else 1
    print(f"load on loopback ({args.server}, {args.store}, {servers} server{'s' if servers > 1 else ''}): {PHONES_PER_TABLE} phones a table "
          f"polling every 2 s, p99 limit {P99_LIMIT_MS:.0f} ms, {args.seconds:.0f} s measured per step, {args.clients} client processes, "
          f"{os.cpu_count()} cores on this machine")
    with store(args.store) as database:
        for change_seconds in (float(s) for s in args.changes.split(",")):
            results = run(steps, change_seconds, args.seconds, args.clients, deadline, args.server, database, servers)
            report(change_seconds, results)


@contextmanager
def store(name: str):
    """None for SQLite (each server's instance folder), else a throwaway PostgreSQL cluster."""
    if name == "sqlite":
        yield None
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.postgres import Cluster

    cluster = Cluster().start()
    try:
        yield cluster
    finally:
        cluster.stop()


def run(steps: list[int], change_seconds: float, seconds: float, clients: int, deadline: float, server_name: str = "serve",
        database=None, servers: int = 1) -> list[Step]:
    """The steps up to the first that fails (or the time budget), each on fresh servers (and a fresh database)."""
    results = []
    for phones in steps:
        if time.monotonic() > deadline:
            print(f"  (time budget spent: stopped before {phones} phones)")
            break
        settings = {"ASSISTANT_SECRET_KEY": "one key for every server"}
        if database is not None:
            settings["DATABASE_URL"] = database.create_database(f"load_{len(database.databases)}")
        with tempfile.TemporaryDirectory() as folder, ExitStack() as running:
            serving = [running.enter_context(Server(Path(folder) / f"server-{n}", server_name, settings)) for n in range(servers)]
            tokens = [new_table(serving[0].url) for _ in range(-(-phones // PHONES_PER_TABLE))]
            step = measure(serving, tokens, phones, change_seconds, seconds, clients, database)
        results.append(step)
        database_part = f", PostgreSQL {step.database_cores:.2f} cores" if database is not None else ""
        print(f"  changes every {change_seconds:g} s, {phones:5d} phones: p50 {step.p50:6.1f} ms  p99 {step.p99:7.1f} ms  "
              f"{step.requests / seconds:6.0f} req/s  failures {step.failures}  server {step.server_cores:.2f} cores{database_part} "
              f"({step.phones_per_core:,.0f} phones/core); busiest 0.1 s of the 2 s: {step.busiest_slot:.0%} of the polls", flush=True)
        for where, lags in step.lags.items():
            if lags:
                print(f"    a change shown on a phone on the {where}: median {quantile(lags, 0.5):.0f} ms, p99 {quantile(lags, 0.99):.0f} ms "
                      f"({len(lags)} changes seen)")
        if step.first_failure:
            print(f"    first failure: {step.first_failure}")
        if not step.passed:
            break
    return results


def report(change_seconds: float, results: list[Step]) -> None:
    passed = [step for step in results if step.passed]
    if not passed:
        print(f"changes every {change_seconds:g} s: no step passed (p99 < {P99_LIMIT_MS:.0f} ms, no failures)")
        return
    best = passed[-1]
    limit = "" if len(passed) < len(results) else " (the largest step tried; more may pass)"
    print(f"changes every {change_seconds:g} s: {best.phones} phones at p99 {best.p99:.1f} ms{limit}, "
          f"server {best.server_cores:.2f} cores: {best.phones_per_core:,.0f} phones per core used")


# The server's command line: ``port`` is a free port.
SERVERS = {
    "serve": [sys.executable, "-m", "assistant", "serve", "--host", "127.0.0.1", "--port", "{port}", "--instance", "{instance}"],
    # The former `serve` (waitress with the settings it had), to compare: pip install waitress.
    "waitress": [sys.executable, "-c", "from waitress import serve; from assistant.web import create_app; from assistant.web.store.db import open_store; "
                 "app = create_app(instance_path='{instance}'); open_store(app); print('Serving on http://127.0.0.1:{port}', flush=True); "
                 "serve(app, host='127.0.0.1', port={port}, threads=8, connection_limit=5000, channel_timeout=60, "
                 "asyncore_use_poll=True, clear_untrusted_proxy_headers=False)"],
}


class Server:
    """The app served on a free loopback port: ``python -m assistant serve`` as shipped, or
    the former server to compare (``SERVERS``), with ``settings`` in its environment."""

    def __init__(self, instance: Path, name: str = "serve", settings: dict | None = None):
        self.instance, self.name, self.settings = instance, name, settings or {}

    def __enter__(self) -> Server:
        port = free_port()
        command = [part.format(port=port, instance=self.instance) for part in SERVERS[self.name]]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, **self.settings})
        self.url = f"http://127.0.0.1:{port}"
        for line in self.process.stdout:
            if "Serving on http://" in line:
                break
        else:
            raise RuntimeError(f"the server did not start (exit {self.process.wait()})")
        wait_for_port(port)
        # Keep reading what it says (waitress warned when its queue grew): a full pipe would stall it.
        self.said: list[str] = []
        threading.Thread(target=lambda: self.said.extend(self.process.stdout), daemon=True).start()
        self.cpu = psutil.Process(self.process.pid)
        return self

    def cpu_seconds(self) -> float:
        """User + system time of the server and its worker process (granian's), so far."""
        total = 0.0
        for process in [self.cpu, *self.cpu.children(recursive=True)]:
            times = process.cpu_times()
            total += times.user + times.system
        return total

    def __exit__(self, *_exc) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:  # still answering a backlog: it has done its part
            self.process.kill()
            self.process.wait()
        queue_warnings = [line for line in self.said if "Task queue depth" in line]
        if queue_warnings:
            print(f"    the server warned {len(queue_warnings)} times that requests queued for its threads")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def new_table(url: str) -> str:
    """A five-player table made through the new-table form, as a phone makes it; its edit token."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect)
    page = opener.open(f"{url}/", timeout=30).read().decode()
    csrf = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    form = {"action": "start", "chains": "disjoint", "csrf_token": csrf}
    for index, color in enumerate(PLAYERS):
        form[f"players-{index}-name"] = f"Player {index + 1}"
        form[f"players-{index}-color"] = color
    request = urllib.request.Request(f"{url}/new/{GAME}", data=urllib.parse.urlencode(form).encode(), headers={"Origin": url})
    try:
        opener.open(request, timeout=30)
    except urllib.error.HTTPError as answer:  # the 303 to the new table
        if answer.code == 303:
            return answer.headers["Location"].split("/")[2]
        raise
    raise RuntimeError("making a table did not redirect to it")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def measure(servers: list[Server], tokens: list[str], phones: int, change_seconds: float, seconds: float, clients: int, database=None) -> Step:
    """Run the phones for warm-up + ``seconds``; the servers' CPU time over the measured part.
    Phone ``n`` of a table goes to server ``n % len(servers)`` (the tapper, phone 0, to the first)."""
    assignments = [(tokens[index // PHONES_PER_TABLE], index % PHONES_PER_TABLE == 0, index % PHONES_PER_TABLE % len(servers)) for index in range(phones)]
    shares = []  # each client process's phones, all on one server
    for number, server in enumerate(servers):
        mine = [(token, tapper) for token, tapper, on in assignments if on == number]
        processes = max(1, clients // len(servers))
        shares += [(server, number, share) for share in (mine[index::processes] for index in range(processes)) if share]
    join_seconds = max(POLL_SECONDS, phones / JOINS_PER_SECOND)
    measure_from = time.time() + join_seconds + WARM_UP_SECONDS
    postgres = database_processes(database)
    with tempfile.TemporaryDirectory() as folder:
        workers = []
        for index, (server, number, share) in enumerate(shares):
            plan, results = Path(folder) / f"plan-{index}.json", Path(folder) / f"results-{index}.json"
            given = {
                "url": server.url, "phones": share, "change_seconds": change_seconds,
                "join_seconds": join_seconds, "measure_from": measure_from, "seconds": seconds,
            }
            plan.write_text(json.dumps(given))
            workers.append((subprocess.Popen([sys.executable, str(CLIENT), str(plan), str(results)]), results, number))
        time.sleep(max(0.0, measure_from - time.time()))
        cpu_start, db_start, wall_start = sum(s.cpu_seconds() for s in servers), cpu_seconds(postgres), time.monotonic()
        time.sleep(seconds)
        cpu_used, db_used, wall = sum(s.cpu_seconds() for s in servers) - cpu_start, cpu_seconds(postgres) - db_start, time.monotonic() - wall_start
        gathered = []
        for worker, results, number in workers:
            if worker.wait(timeout=seconds + 120) != 0:
                raise RuntimeError(f"a client process failed (exit {worker.returncode})")
            gathered.append({**json.loads(results.read_text()), "server": number})
    times = sorted(t for found in gathered for t in found["times_ms"])
    return Step(
        phones=phones,
        change_seconds=change_seconds,
        requests=len(times),
        failures=sum(found["failures"] for found in gathered),
        p50=quantile(times, 0.5),
        p99=quantile(times, 0.99),
        server_cores=cpu_used / wall,
        busiest_slot=busiest_slot([phase for found in gathered for phase in found["poll_phases"]]),
        first_failure=next((f for found in gathered for f in found["first_failures"]), ""),
        database_cores=db_used / wall,
        lags=_lags(gathered),
    )


def _lags(gathered: list[dict]) -> dict[str, list[float]]:
    """From each change (its tapper's server) to each phone's first poll that showed it, in ms:
    for phones on the tapper's server and on another."""
    changes = {(token, version): (when, found["server"]) for found in gathered for token, version, when in found["changes"]}
    lags: dict[str, list[float]] = {"same server": [], "other server": []}
    for found in gathered:
        for token, version, when in found["seen"]:
            change = changes.get((token, version))
            if change is not None:
                lags["same server" if change[1] == found["server"] else "other server"].append((when - change[0]) * 1000)
    return {where: sorted(values) for where, values in lags.items()}


def database_processes(database) -> list[psutil.Process]:
    """PostgreSQL's server (postgres -D <the cluster's data folder>) and its backends."""
    if database is None:
        return []
    for process in psutil.process_iter(["cmdline"]):
        if str(database.data) in " ".join(process.info["cmdline"] or []):
            return [process, *process.children(recursive=True)]
    return []


def cpu_seconds(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:  # a backend that ended meanwhile
            continue
        total += times.user + times.system
    return total


def busiest_slot(phases: list[float], slots: int = 20) -> float:
    """The largest share of the polls that started in one of ``slots`` equal parts of the poll
    period (phases in seconds, 0 to 2): about 1/slots when the phones poll on their own beats,
    as real phones do, and near 1 when they poll in step."""
    if not phases:
        return 0.0
    counts = [0] * slots
    for phase in phases:
        counts[min(slots - 1, int(phase / POLL_SECONDS * slots))] += 1
    return max(counts) / len(phases)


def quantile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


if __name__ == "__main__":
    main()
