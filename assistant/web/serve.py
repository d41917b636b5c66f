"""Serving the app: waitress for real use, Flask's development server only with ``--debug``.

Waitress reads each request whole in its event loop before a worker thread sees it, so a
connection that sends nothing yet (a browser's preconnect), half a request, or idles between
keep-alive requests holds no thread. docs/deployment.md has the measurements.
"""
from __future__ import annotations

import ipaddress
import os
import signal
import sys

from flask import Flask
from waitress.server import create_server

THREADS = 8  # requests take milliseconds; waiting clients cost no thread
# A table's phones hold a few connections each, most of them idle. 400 stays under the 512
# sockets select() watches on Windows; elsewhere poll() is used, which has no such limit.
CONNECTION_LIMIT = 400
IDLE_SECONDS = 60  # an idle or half-sent connection is closed after this (a browser reconnects)
# Waitress reads a body whole before the app sees it; the app refuses more than 64 KB itself.
MAX_REQUEST_BYTES = 1024 * 1024


def make_server(app: Flask, host: str, port: int, threads: int = THREADS):
    """A waitress server bound to host:port (port 0: any free one), not yet running."""
    return create_server(
        app,
        host=host,
        port=port,
        threads=threads,
        connection_limit=CONNECTION_LIMIT,
        channel_timeout=IDLE_SECONDS,
        max_request_body_size=MAX_REQUEST_BYTES,
        asyncore_use_poll=True,
        # X-Forwarded-* reach the app, which believes them from ASSISTANT_TRUSTED_PROXIES proxies
        # only (security.trust_proxies); waitress would drop them all before the app saw them.
        clear_untrusted_proxy_headers=False,
    )


def listening_on(server) -> list[tuple[str, int]]:
    """(host, port) of each listening socket (a name like localhost may give two)."""
    return getattr(server, "effective_listen", None) or [(server.effective_host, server.effective_port)]


def url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def serve(host: str, port: int, instance: str | None, threads: int | None = None, debug: bool = False) -> int:
    """Runs until interrupted, after saying where it listens and where the data lives."""
    from assistant.web import create_app
    from assistant.web.sharing import is_loopback_host, lan_addresses

    if debug and not is_loopback_host(host):
        print("--debug starts Flask's development server and its debugger: only on 127.0.0.1 or localhost.", file=sys.stderr)
        return 2
    from assistant.web.db import StoreError, open_store

    try:
        app = create_app(instance_path=instance)
        if not os.environ.get("ASSISTANT_DATABASE_POOL_SIZE"):
            app.config["DATABASE_POOL_SIZE"] = threads or THREADS  # a connection for each thread
        store = open_store(app)
    except StoreError as error:
        print(error, file=sys.stderr)
        return error.exit_status
    app.config["LISTENING_HOST"] = host  # the share page warns when no other phone can reach it
    if app.config["DATABASE_URL"]:
        print(f"Data: the tables in {store}, the secret key in {app.instance_path}", flush=True)
    else:
        print(f"Data (database and secret key): {app.instance_path}", flush=True)
    if debug:
        app.run(host=host, port=port, debug=True)
        return 0
    try:
        server = make_server(app, host, port, threads or THREADS)
    except OSError as error:  # the port is taken, the address is not this machine's
        print(f"cannot listen on {url(host, port)}: {error.strerror or error}", file=sys.stderr)
        return 1
    for bound_host, bound_port in listening_on(server):
        print(f"Serving on {url(bound_host, bound_port)}", flush=True)
        if ipaddress.ip_address(bound_host).is_unspecified:
            for address in lan_addresses():
                print(f"  for the other phones: {url(address, bound_port)}", flush=True)
    # A container stops its first process with SIGTERM; waitress shuts down cleanly on SystemExit.
    signal.signal(signal.SIGTERM, _exit)
    server.run()
    return 0


def _exit(signum, frame) -> None:
    raise SystemExit(0)
