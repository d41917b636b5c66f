"""Scoring on a phone with no connection (issue 48, docs/architecture.md "Scoring on the phone"):
the scoring core as one zip, and the list of what a phone keeps to score by itself (Pyodide, the
wheels, the core, the worker). A phone fetches them only when it opts in or is installed
(static/offline-scoring.js asks the service worker, static/sw.js, to keep them)."""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, request, url_for

from assistant.core_archive import core_zip
from assistant.web.games import web_game
from assistant.web.games.base import WebGame
from assistant.web.store.state import TableState
from assistant.web.store.tables import Table

bp = Blueprint("offline", __name__, url_prefix="/offline")
PYODIDE = "vendor/pyodide"  # static/: Pyodide's own files and the wheels (make vendor)
# The standard library cut to what scoring imports (tools/trim_stdlib.py): 0.99 MB where the whole is 2.55.
STDLIB = "python_stdlib.scoring.zip"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, "pyodide-lock.json")
# Set by static/offline-scoring.js on a phone that keeps the scorer: only its pages carry the
# positions and the result's template (a plain page view's first load stays as it was).
KEPT_COOKIE = "assistant_scorer"
WORKER = "score-worker.js"  # static/: the Web Worker that scores (its CSP allows WebAssembly: security.py)


@functools.cache
def _core() -> tuple[bytes, str]:
    """The core's zip, made once per process, and its digest (the zip's address carries it)."""
    archive = core_zip()
    return archive, hashlib.sha256(archive).hexdigest()[:12]


@bp.get("/core.zip")
def core() -> Response:
    return Response(_core()[0], mimetype="application/zip", headers={"Cache-Control": "no-cache"})


def kept_files() -> dict[str, Any]:
    """What a phone keeps to score by itself: the worker's address, Pyodide's folder, the wheels
    and the core's zip, and the name of the cache they are kept in (a new version of any of them,
    a new name: the service worker fetches them all again and drops the old cache)."""
    assert current_app.static_folder is not None  # create_app sets it
    wheels = sorted(path.name for path in (Path(current_app.static_folder) / PYODIDE).glob("*.whl"))
    archive_digest = _core()[1]
    files = {
        "worker": url_for("static", filename=WORKER),
        "index": url_for("static", filename=f"{PYODIDE}/pyodide.mjs").rsplit("/", 1)[0] + "/",
        "pyodide": [url_for("static", filename=f"{PYODIDE}/{name}") for name in PYODIDE_FILES],
        "stdlib": url_for("static", filename=f"{PYODIDE}/{STDLIB}"),
        "wheels": [url_for("static", filename=f"{PYODIDE}/{name}") for name in wheels],
        "core": url_for("offline.core", v=archive_digest),
    }
    files["cache"] = "assistant-offline-" + current_app.config["STATIC_VERSION"] + "-" + archive_digest
    return files


@bp.get("/files.json")
def files() -> Response:
    """The same list for the page's script (kept by the service worker too, so it answers offline)."""
    return Response(json.dumps(kept_files()), mimetype="application/json", headers={"Cache-Control": "no-cache"})



@bp.app_template_global()
def scorer_kept() -> bool:
    return request.cookies.get(KEPT_COOKIE) == "1"


@bp.app_template_global()
def offline_scoring(table: Table[TableState], scoring: str) -> dict[str, str]:
    """A scoring's form's attributes on a phone that keeps the scorer (none on any other): the
    core's input for it as the table stands (``data-position``, what the phone scores by itself)
    and the scoring's name (``data-label``)."""
    if not scorer_kept():
        return {}
    game = web_game(table.game)
    label = next((str(s.label) for s in game.scorings if s.name == scoring), scoring)
    return {"data-position": json.dumps(game.score_input(table.state, scoring), ensure_ascii=False, separators=(",", ":")), "data-label": label}


@bp.app_template_global()
def offline_screens(game: WebGame[Any, Any]) -> set[str]:
    """The screens with a scoring's button: the tabs, as the game names them, and the scores page
    ("scores"), whose "Score again" of a result the table changed since scores on the phone too."""
    return {s.screen or game.entry_screens[0].name for s in game.scorings} | {"scores"} if scorer_kept() else set()
