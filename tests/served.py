"""`python -m assistant serve`, the production server as shipped, in a process of its own: for the
tests that need the real server (kept connections, proxies, the browser tests)."""
from __future__ import annotations

import os
import re
import ssl
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import Message
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, HTTPSHandler, Request, build_opener

from tests import session_log
from tests.client import PAGE_TOKEN, TOKEN_HEADER
from tests.web.helpers import GAME

LOOPBACK = "127.0.0.1"


@contextmanager
def serving(
    instance: Path, python: str = sys.executable, cwd: Path | None = None, said: list[str] | None = None, prefix: tuple[str, ...] = (), **settings: str
) -> Iterator[str]:
    """The server on a free loopback port with ``settings`` in its environment (``ASSISTANT_…``,
    ``DATABASE_URL``); its address. It must stop cleanly on SIGTERM, as a container stops it.
    ``said``: a list that gets what it prints, line by line, as it prints it. ``prefix``: a
    command that runs it (``ip netns exec <namespace>``: another network)."""
    env = {**os.environ, "ASSISTANT_HOST": LOOPBACK, "ASSISTANT_PORT": "0", **settings}
    process = subprocess.Popen([*prefix, python, "-m", "assistant", "serve", "--instance", str(instance)], env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    said = [] if said is None else said
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
        session_log.served(said)
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


class Phone:
    """A phone's browser on one server: its own session cookie, the page's CSRF token, htmx's
    headers (``ssl_context``: the CA it trusts, for a proxy's HTTPS)."""

    def __init__(self, url: str, ssl_context: ssl.SSLContext | None = None):
        self.url = url
        # keeps the session cookie, follows a 303
        self.browser = build_opener(HTTPCookieProcessor(CookieJar()), *([HTTPSHandler(context=ssl_context)] if ssl_context else []))
        self.address = url
        self.headers: Message = Message()  # of the last answer (names in any case)
        self.token = PAGE_TOKEN.search(self.get("/")[1]).group(1)

    def get(self, path: str, headers: dict | None = None) -> tuple[int, str]:
        return self._open(path, None, headers or {})

    def post(self, path: str, form: dict, htmx: bool = True) -> tuple[int, str]:
        headers = {TOKEN_HEADER: self.token, "Sec-Fetch-Site": "same-origin", "Origin": self.url}
        if htmx:
            headers["HX-Request"] = "true"
        return self._open(path, urlencode(form).encode(), headers)

    def _open(self, path: str, data: bytes | None, headers: dict) -> tuple[int, str]:
        try:
            with self.browser.open(Request(self.url + path, data=data, headers=headers), timeout=30) as response:
                self.address = response.url  # where a redirect led
                self.headers = response.headers
                return response.status, response.read().decode(errors="replace")  # a binary answer (the scorer's core.zip) is read, not shown
        except HTTPError as error:
            with error:
                self.headers = error.headers
                return error.code, error.read().decode()

    def version(self, table: str) -> int:
        status, page = self.get(f"/t/{table}/board", {"HX-Request": "true"})
        assert status == 200, f"{self.url} answers {status} for the table"
        return int(re.search(r'data-version="(\d+)"', page).group(1))

    def change(self, table: str, cell: str, value: int, base: int) -> int:
        return self.change_answered(table, cell, value, base)[0]

    def change_answered(self, table: str, cell: str, value: int, base: int) -> tuple[int, str]:
        return self.post(f"/t/{table}/change", {"cell": cell, "value": str(value), "base": str(base), "screen": "board", "here": ""})


def new_table(phone: Phone) -> str:
    form = {"action": "start", "chains": "disjoint", "players-0-name": "Ana", "players-0-color": "green", "players-1-name": "Ben", "players-1-color": "red", "players-2-name": "Cleo", "players-2-color": "blue"}
    status, page = phone.post(f"/new/{GAME}", form, htmx=False)
    assert status == 200, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))[-600:]
    found = re.search(r"/t/([\w-]+)/board$", phone.address)
    assert found, phone.address
    return found.group(1)
