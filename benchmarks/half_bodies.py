"""Prints the server worker's memory while 2,000 connections each hold half a body (a benchmark,
not a test): `.venv/bin/python benchmarks/half_bodies.py [--connections 2000]`.

Each connection sends the head of a POST /api/score declaring 65,535 bytes, then 32,767 of them,
and waits. Measured: the worker process's resident memory before and while they wait, and how
many were refused at once (503, past ASSISTANT_HELD_BODY_BYTES) - with the cap as shipped (32 MB)
and with the cap out of the way (as before issue 31).
"""
from __future__ import annotations

import argparse
import resource
import socket
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant.web.serving.front import BODY_SECONDS  # noqa: E402
from tests.served import serving  # noqa: E402

DECLARED = 65_535
SENT = DECLARED // 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=2000)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.connections + 200)), hard))
    for label, settings in (("cap as shipped (32 MB)", {}), ("no cap (as before)", {"ASSISTANT_HELD_BODY_BYTES": str(10**12)})):
        with tempfile.TemporaryDirectory() as instance, serving(Path(instance), **settings) as url:
            measure(label, urlsplit(url).port, args.connections)


def worker(port: int) -> psutil.Process:
    """The process that accepts on ``port`` (granian's worker)."""
    for connection in psutil.net_connections(kind="tcp"):
        if connection.laddr and connection.laddr.port == port and connection.status == psutil.CONN_LISTEN and connection.pid:
            process = psutil.Process(connection.pid)
            children = process.children()
            return children[0] if children else process
    raise RuntimeError(f"no process listens on {port}")


def measure(label: str, port: int, count: int) -> None:
    process = worker(port)
    before = process.memory_info().rss
    head = f"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {DECLARED}\r\n\r\n".encode()
    held = []
    try:
        for _ in range(count):
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
            connection.sendall(head + b" " * SENT)
            held.append(connection)
        time.sleep(2)
        during = max(p.memory_info().rss for p in [process])
        refused = 0
        for connection in held:
            connection.setblocking(False)
            try:
                refused += connection.recv(64).startswith(b"HTTP/1.1 503")
            except BlockingIOError:
                pass
    finally:
        for connection in held:
            connection.close()
    # Not every read notices its connection gone before the body timeout (the uncapped run's
    # stop then took more than 15 s): let them all end before the server is stopped.
    time.sleep(BODY_SECONDS + 2)
    print(f"{label}: worker {before / 2**20:.0f} MB before, {during / 2**20:.0f} MB while {count} connections hold half a body "
          f"(+{(during - before) / 2**20:.0f} MB); {refused} refused at once with 503")


if __name__ == "__main__":
    main()
