"""What makes the app installable on a phone's home screen: the web app manifest, and the
service worker (static/sw.js) with this version's files to keep (static_files.py) and the page it
shows for a table's screen it has no copy of."""
from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, Response, current_app, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from assistant.web.pages import open_table, render
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.static_files import page_files
from assistant.web.views.offline import kept_files

bp = Blueprint("installed", __name__)
BACKGROUND = "#121417"  # static/app.css --bg: the splash screen and the bar above the app


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    def icon(name: str, size: str, purpose: str) -> dict[str, str]:
        return {"src": url_for("static", filename=f"icons/{name}"), "sizes": size, "type": "image/png", "purpose": purpose}

    start = url_for("home.index")
    body = {
        "name": _("Table scoring assistant"),
        "short_name": _("Scoring"),
        "lang": str(get_locale()),
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": BACKGROUND,
        "icons": [icon("icon-192.png", "192x192", "any"), icon("icon-512.png", "512x512", "any"), icon("maskable-512.png", "512x512", "maskable")],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json", headers={"Cache-Control": "no-cache"})


@bp.get("/sw.js")
def service_worker() -> Response:
    assert current_app.static_folder is not None  # create_app sets it
    folder = Path(current_app.static_folder)
    version = current_app.config["STATIC_VERSION"]
    head = {
        "VERSION": version,
        "PRECACHE": [{"url": url_for("static", filename=name), "revision": None} for name in page_files(folder)],
        "WORKBOX": f"{request.script_root}{current_app.static_url_path}/vendor/workbox/",
        "OFFLINE": kept_files(),  # kept only when the phone opts in or is installed (static/offline-scoring.js)
        "OFFLINE_LIST": url_for("offline.files"),
    }
    script = "".join(f"self.{name} = {json.dumps(value)};\n" for name, value in head.items()) + (folder / "sw.js").read_text()
    # Asked for again at each visit (browsers check at most once a day otherwise): a new version is found at once.
    return Response(script, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/t/<token>/offline")
def not_kept(token: str) -> ResponseReturnValue:
    """What a table's screen this phone never opened shows without a connection: the service worker
    keeps this page once per table, in the phone's language, and answers with it (static/sw.js)."""
    table, game = open_table(token)
    # No version of the table: taps taken since a kept copy of another screen stay kept (static/app.js).
    return render("table/page.html", "table/_screen.html", fragment="table/_not_kept.html", table=table, game=game, screen="offline",
                  shown_version=0, notice=None, poll_url=None)
