"""`python -m assistant serve`, the production server as shipped, in a process of its own: for the
tests that need the real server (kept connections, proxies, the browser tests)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOOPBACK = "127.0.0.1"


@contextmanager
def serving(instance: Path, python: str = sys.executable, cwd: Path | None = None, **settings: str) -> Iterator[str]:
    """The server on a free loopback port with ``settings`` in its environment (``ASSISTANT_…``,
    ``DATABASE_URL``); its address. It must stop cleanly on SIGTERM, as a container stops it."""
    env = {**os.environ, "ASSISTANT_HOST": LOOPBACK, "ASSISTANT_PORT": "0", **settings}
    process = subprocess.Popen([python, "-m", "assistant", "serve", "--instance", str(instance)], env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(process.stdout), daemon=True)
    try:
        url = serving_url(process, said)
        reader.start()  # keep reading what it says: a full pipe would stall it
        yield url
    finally:
        process.terminate()
        exit_status = process.wait(timeout=15)
        if reader.is_alive():
            reader.join(timeout=5)
        process.stdout.close()
        assert exit_status == 0, "".join(said)


def serving_url(process: subprocess.Popen, said: list[str] | None = None) -> str:
    """The address the server says it serves on, once it listens."""
    lines = [] if said is None else said
    for line in process.stdout:
        lines.append(line)
        found = re.match(r"Serving on (http://\S+)", line)
        if found:
            return found.group(1)
    raise AssertionError(f"the server stopped (exit {process.wait()}): {''.join(lines)}")
