"""Prints how fast /healthz answers while many connections hang (a benchmark, not a test):
`make benchmark-servers`, or `.venv/bin/python benchmarks/slow_clients.py [SERVER...]`.

Connections that hold a server without asking anything: a browser's preconnect (opened, nothing
sent yet), half a request (headers not finished), an idle keep-alive connection after a request,
half a body (a POST's headers whole, then 7 of its 1,000 bytes: to /api/score, a new table, a change).
Servers compared (docs/benchmarks.md has the figures):
  serve           `python -m assistant serve`, as shipped (granian, RSGI, bodies read in its loop: front.py)
  granian-wsgi    the former `serve`: granian's own WSGI interface, 8 threads, each body read by a thread
  waitress        the former `serve`: waitress with its settings then (pip install waitress)
  waitress-stock  waitress with its defaults (connection_limit 100)
  gunicorn        the former Dockerfile: gunicorn gthread, 2 workers x 8 threads (pip install gunicorn)
  werkzeug        the former `make run`: Flask's development server, threaded
A server whose package is not installed is left out, with a line saying so.
"""
from __future__ import annotations

import importlib.util
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.request import urlopen

HOST = "127.0.0.1"
REPOSITORY = Path(__file__).resolve().parents[1]
PATIENCE = 10.0  # seconds one /healthz may take before it counts as frozen
KINDS = ("preconnect", "half request", "idle keep-alive", "half body")
HALF_BODIES = (  # the paths a half-sent body went to in the security review (issue 19)
    ("/api/score", "application/json"),
    ("/new/kardinal-und-koenig", "application/x-www-form-urlencoded"),
    ("/t/aaaaaaaaaaaa/change", "application/x-www-form-urlencoded"),
)
SCENARIOS = [(kind, 16) for kind in KINDS] + [("mixed", 100), ("mixed", 300)]
SERVERS = {
    "serve": ["-m", "assistant", "serve", "--host", HOST, "--port", "{port}", "--instance", "{instance}"],
    "granian-wsgi": ["-c", "import os, sys; sys.path.insert(0, '" + str(REPOSITORY) + "'); os.environ['FORMER_SERVE_INSTANCE'] = '{instance}'; "
                     "from granian.constants import Interfaces; from granian.server import Server; "
                     "Server('benchmarks.slow_clients:former_serve_app', address='" + HOST + "', port={port}, interface=Interfaces.WSGI, "
                     "factory=True, blocking_threads=8, backpressure=5000).serve()"],
    "waitress": ["-c", "from waitress import serve; from assistant.web import create_app; "
                 "serve(create_app(instance_path='{instance}'), host='" + HOST + "', port={port}, threads=8, connection_limit=5000, "
                 "channel_timeout=60, max_request_body_size=1048576, asyncore_use_poll=True, clear_untrusted_proxy_headers=False, _quiet=True)"],
    "waitress-stock": ["-c", "from waitress import serve; from assistant.web import create_app; "
                       "serve(create_app(instance_path='{instance}'), host='" + HOST + "', port={port}, _quiet=True)"],
    "gunicorn": ["-m", "gunicorn", "-b", HOST + ":{port}", "--workers", "2", "--threads", "8", "assistant.web:create_app()"],
    "werkzeug": ["-c", "from assistant.web import create_app; "
                 "create_app(instance_path='{instance}').run(host='" + HOST + "', port={port}, threaded=True)"],
}


def former_serve_app():
    """The app as the former ``serve`` ran it, under granian's own WSGI interface (granian-wsgi)."""
    import os

    from assistant.web import create_app

    return create_app(instance_path=os.environ["FORMER_SERVE_INSTANCE"])


def main(names: list[str]) -> None:
    for name in names or list(SERVERS):
        package = {"gunicorn": "gunicorn", "waitress": "waitress", "waitress-stock": "waitress"}.get(name)
        if package and importlib.util.find_spec(package) is None:
            print(f"{name}: not installed here (pip install {package} to compare)")
            continue
        with running(name) as port:
            quiet = [healthz_seconds(port) for _ in range(20)]
            print(f"{name}: /healthz alone: median {ms(statistics.median(quiet))}")
            for kind, count in SCENARIOS:
                with hanging(port, kind, count):
                    waits = [healthz_seconds(port) for _ in range(5)]
                print(f"  {count:3} x {kind:<16} /healthz: worst {ms(max(waits))}, median {ms(statistics.median(waits))}")


@contextmanager
def hanging(port: int, kind: str, count: int):
    """``count`` connections of one kind (or of all kinds in turn: 'mixed') held open; the list of them."""
    held: list[socket.socket] = []
    try:
        for number in range(count):
            held.append(hang(port, KINDS[number % len(KINDS)] if kind == "mixed" else kind, number))
        time.sleep(0.5)  # the server has seen them all
        yield held
    finally:
        for connection in held:
            connection.close()


def hang(port: int, kind: str, number: int = 0) -> socket.socket:
    connection = socket.create_connection((HOST, port), timeout=PATIENCE)
    if kind == "half body":
        path, content_type = HALF_BODIES[number % len(HALF_BODIES)]
        connection.sendall(f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: {content_type}\r\nContent-Length: 1000\r\n\r\n{{\"game\"".encode())
    elif kind == "half request":
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\n")
    elif kind == "idle keep-alive":
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\n\r\n")
        connection.settimeout(1)
        try:
            connection.recv(65536)  # the answer; the connection stays open for the next request
        except TimeoutError:
            pass  # a server that is already stuck does not answer; the connection hangs all the same
    return connection


def healthz_seconds(port: int) -> float:
    """Seconds /healthz takes on a new connection; PATIENCE when it does not answer by then."""
    start = time.perf_counter()
    try:
        with urlopen(f"http://{HOST}:{port}/healthz", timeout=PATIENCE) as response:
            response.read()
    except OSError:
        return PATIENCE
    return time.perf_counter() - start


@contextmanager
def running(name: str):
    port = free_port()
    with tempfile.TemporaryDirectory() as instance:
        arguments = [word.format(port=port, instance=instance) for word in SERVERS[name]]
        server = subprocess.Popen([sys.executable, *arguments], cwd=instance, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until_up(port)
            yield port
        finally:
            server.terminate()
            server.wait(timeout=30)


def wait_until_up(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urlopen(f"http://{HOST}:{port}/healthz", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"no server on port {port}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def ms(seconds: float) -> str:
    return f"frozen (> {PATIENCE:.0f} s)" if seconds >= PATIENCE else f"{seconds * 1000:.1f} ms"


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    main(sys.argv[1:])
