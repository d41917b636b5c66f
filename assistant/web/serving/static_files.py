"""The app's own static files carry their version in the address (``?v=``, a digest of them all),
so a phone never runs an old script with a new page: the service worker keeps each version's
files under that version's addresses (views/installed.py), and a new version is new addresses."""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import Flask

# What a page loads (and the manifest's icons): the files the service worker keeps for a reload
# without a connection. Workbox (vendor/workbox) is the service worker's own, loaded by it.
PAGE_FILES = {".css", ".js", ".svg", ".png"}
NOT_FOR_PAGES = ("vendor/workbox/", "sw.js")


# The vendored files' own sha256 (tests/test_vendored.py checks them): read instead of the files,
# which are 15 MB with Pyodide's (hashed on every start, a quarter of a second).
VENDORED_SUMS = "vendor/SHA256SUMS"


def static_version(folder: Path) -> str:
    sums = folder / VENDORED_SUMS
    vendored = {f"vendor/{line.split(maxsplit=1)[1]}" for line in sums.read_text().splitlines()} if sums.exists() else set()
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = path.relative_to(folder).as_posix()
        if name not in vendored:  # a vendored file counts through its line in SHA256SUMS
            digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def page_files(folder: Path) -> list[str]:
    """The static files pages use, as ``url_for('static', filename=…)`` names them."""
    names = (str(p.relative_to(folder)) for p in sorted(folder.rglob("*")) if p.is_file() and p.suffix in PAGE_FILES)
    return [name for name in names if not name.startswith(NOT_FOR_PAGES)]


def init_app(app: Flask) -> None:
    assert app.static_folder is not None  # create_app sets it
    version = static_version(Path(app.static_folder))
    app.config["STATIC_VERSION"] = version

    @app.url_defaults
    def versioned(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static":
            values.setdefault("v", version)
