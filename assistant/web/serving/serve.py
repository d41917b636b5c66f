"""Serving the app: granian for real use, Flask's development server only with ``--debug``.

granian (Rust: hyper on tokio) reads each request's headers in its own event loop, and the front
(front.py) reads its body there too, before a Python thread sees it: so a connection that sends
nothing yet (a browser's preconnect), half a request, half a body, or idles between keep-alive
requests holds no thread, and HTTP costs the app's core little; a poll with nothing new is
answered in that loop without any thread. docs/deployment.md has the measurements. ``serve``
checks the store in this process, then granian starts one worker process whose app
(``worker_app``) answers every request.
"""
from __future__ import annotations

import ipaddress
import multiprocessing
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.web.serving.front import BODY_SECONDS, BufferedWSGI

if TYPE_CHECKING:
    from granian.server import MPServer, MTServer

THREADS = 8  # requests take milliseconds; waiting clients cost no thread
# Every polling phone keeps a connection open (it polls every 2 s, well inside HEADER_SECONDS), and
# granian counts each open connection against its backpressure (1,024 by default): this caps the
# phones one server takes. One process answers about 1,200 in time (docs/deployment.md, Load figures).
CONNECTION_LIMIT = 5000
BACKLOG = 2048  # connections the system holds before the server accepts them
# A connection that has not sent a request's headers within this long (half-sent, or idle
# between keep-alive requests) is closed; a browser simply opens a new one.
HEADER_SECONDS = 30
# What serve hands to granian's worker process (worker_app), which makes the app afresh.
WORKER_INSTANCE = "ASSISTANT_SERVE_INSTANCE"
WORKER_HOST = "ASSISTANT_SERVE_HOST"
WORKER_THREADS = "ASSISTANT_SERVE_THREADS"
WORKER_BODY_SECONDS = "ASSISTANT_SERVE_BODY_SECONDS"


def worker_app() -> BufferedWSGI:
    """The app of granian's worker process (its factory): the instance folder and settings
    ``serve`` checked, the settings from the environment as ``create_app`` reads them, behind
    the front that reads each body whole before a thread sees it (front.py)."""
    from assistant.web import create_app

    app = create_app(instance_path=os.environ[WORKER_INSTANCE])
    app.config["LISTENING_HOST"] = os.environ.get(WORKER_HOST, "127.0.0.1")  # the share page warns when no other phone can reach it
    threads = int(os.environ.get(WORKER_THREADS, THREADS))
    if not os.environ.get("ASSISTANT_DATABASE_POOL_SIZE"):
        app.config["DATABASE_POOL_SIZE"] = threads  # a connection for each thread
    from assistant.web.serving import access_log, polls
    from assistant.web.serving.clean_stop import StopsWithoutFinalizing
    from assistant.web.store import db

    def close_store() -> None:
        db.release(app.config["DATABASE"])
        if app.config["DATABASE_URL"]:
            db.forget_postgresql(app.config["DATABASE_URL"])

    body_seconds = float(os.environ.get(WORKER_BODY_SECONDS, BODY_SECONDS))
    # The worker leaves without finalizing Python once stopped: granian's threads race it (clean_stop.py).
    logging = os.environ.get(access_log.SETTING, "")
    wsgi_app = access_log.logged(app.wsgi_app, logging)  # links masked
    # Polls with nothing new answered from granian's request alone, unless each needs its log line.
    quick = None if logging else polls.answers(app).answer
    return StopsWithoutFinalizing(wsgi_app, threads, app.config["MAX_CONTENT_LENGTH"], body_seconds,
                                  max_held=int(app.config["HELD_BODY_BYTES"]), on_stop=close_store, quick=quick)


def make_server(host: str, port: int) -> MPServer | MTServer:
    """A granian server for ``worker_app`` on host:port (an address, not a name), not yet running:
    its RSGI interface, the app's threads being front.py's."""
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels
    from granian.server import Server

    return Server(
        "assistant.web.serving.serve:worker_app",
        address=host,
        port=port,
        interface=Interfaces.RSGI,
        factory=True,
        workers=1,
        backlog=BACKLOG,
        backpressure=CONNECTION_LIMIT,
        http=HTTPModes.http1,
        http1_settings=HTTP1Settings(header_read_timeout=HEADER_SECONDS * 1000),
        websockets=False,
        log_access=False,
        # Its start-up lines and a warning about 8 threads on a small machine (they wait on the
        # disk and the database, not the CPU) say nothing a host needs; errors still show.
        log_level=LogLevels.error,
    )


def raise_file_limit(wanted: int) -> None:
    """Let this process open ``wanted`` files (connections are files), up to what the system
    allows it; many systems start a process with 1,024."""
    try:
        import resource  # POSIX only
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def listening_address(host: str) -> str:
    """The address to listen on for ``host`` (a name like localhost: its first address, IPv4 first)."""
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
        found.sort(key=lambda entry: entry[0] != socket.AF_INET)
        return str(found[0][4][0])


def free_port(address: str) -> int:
    """A port free on ``address`` now (``--port 0``: granian binds only the port it is given)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family) as probe:
        probe.bind((address, 0))
        port: int = probe.getsockname()[1]
        return port


def url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def serve(host: str, port: int, instance: str | None, threads: int | None = None, body_seconds: int | None = None, debug: bool = False) -> int:
    """Runs until interrupted, after saying where it listens and where the data lives."""
    from assistant.web import create_app
    from assistant.web.serving.sharing import is_loopback_host, lan_addresses

    if debug and not is_loopback_host(host):
        print("--debug starts Flask's development server and its debugger: only on 127.0.0.1 or localhost.", file=sys.stderr)
        return 2
    from assistant.web.serving.access_log import SETTING, problem
    from assistant.web.store import db
    from assistant.web.store.db import StoreError, open_store

    if problem(os.environ.get(SETTING, "")):
        print(problem(os.environ[SETTING]), file=sys.stderr)
        return 2

    try:
        app = create_app(instance_path=instance)
        if not os.environ.get("ASSISTANT_DATABASE_POOL_SIZE"):
            app.config["DATABASE_POOL_SIZE"] = threads or THREADS
        store = open_store(app)
    except StoreError as error:
        print(error, file=sys.stderr)
        return error.exit_status
    key = "the secret key from ASSISTANT_SECRET_KEY" if os.environ.get("ASSISTANT_SECRET_KEY") else f"the secret key in {app.instance_path}"
    if app.config["DATABASE_URL"]:
        print(f"Data: the tables in {store}, {key}", flush=True)
    elif os.environ.get("ASSISTANT_SECRET_KEY"):
        print(f"Data: the database in {app.instance_path}, {key}", flush=True)
    else:
        print(f"Data (database and secret key): {app.instance_path}", flush=True)
    if debug:
        app.config["LISTENING_HOST"] = host
        # The shared macros are made once, as globals (create_app): the server restarts when they change.
        app.run(host=host, port=port, debug=True, extra_files=[str(Path(app.root_path, app.template_folder or "", "macros.html"))])
        return 0
    # From here this process only watches granian's worker, which opens its own: close ours.
    db.release(app.config["DATABASE"])
    if app.config["DATABASE_URL"]:
        db.forget_postgresql(app.config["DATABASE_URL"])
    try:
        address = listening_address(host)
        port = port or free_port(address)
    except OSError as error:  # not a name this machine knows, not one of its addresses
        print(f"cannot listen on {url(host, port)}: {error.strerror or error}", file=sys.stderr)
        return 1
    refused = _bind_error(address, port)
    if refused:
        print(f"cannot listen on {url(host, port)}: {refused}", file=sys.stderr)
        return 1
    raise_file_limit(CONNECTION_LIMIT + 100)  # the database, the listening socket, logs
    os.environ.update({WORKER_INSTANCE: app.instance_path, WORKER_HOST: host, WORKER_THREADS: str(threads or THREADS),
                       WORKER_BODY_SECONDS: str(body_seconds or BODY_SECONDS)})
    # The worker starts afresh, not as a copy of this process (its threads, its locks, its
    # connections), as it does on macOS and Windows anyway.
    multiprocessing.set_start_method("spawn", force=True)
    server = make_server(address, port)

    def say_where() -> None:
        print(f"Serving on {url(address, port)}", flush=True)
        if ipaddress.ip_address(address).is_unspecified:
            for lan in lan_addresses():
                print(f"  for the other phones: {url(lan, port)}", flush=True)

    # Said once the worker answers connections (it listens some moments after granian starts).
    server.on_startup(lambda: threading.Thread(target=_when_listening, args=(address, port, say_where), daemon=True).start())
    server.serve()  # until SIGTERM (a container's stop) or SIGINT: granian stops cleanly
    return 0


def _when_listening(address: str, port: int, then: Callable[[], object], seconds: float = 60.0) -> None:
    """Call ``then`` as soon as a connection to address:port is accepted."""
    target = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(address, address)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection((target, port), timeout=1).close()
        except OSError:
            time.sleep(0.05)
            continue
        then()
        return


def _bind_error(address: str, port: int) -> str:
    """Why address:port cannot be listened on ("" when it can): granian would only log it."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as granian binds: a restart finds its port
        try:
            probe.bind((address, port))
        except OSError as error:  # the port is taken, the address is not this machine's
            return error.strerror or str(error)
    return ""
