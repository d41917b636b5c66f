"""The web app: ``create_app()`` factory, blueprints by concern (Flask tutorial style)."""
from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask

from assistant.translator import TRANSLATIONS_DIR
from assistant.web.compiled_templates import COMPILED_TEMPLATES
from assistant.web.serving.front import HELD_BYTES

PACKAGE = Path(__file__).resolve().parent
SOURCE_TREE = PACKAGE.parents[1]
# A form carries a few names and counts; anything bigger is not a form of ours.
# htmx's settings, in every page's <meta name="htmx-config">: no inline styles or eval (the CSP
# forbids both), no history snapshots, and a 409 or 400 (a conflict, a refused tap) swapped in
# like a 200, since its answer says why.
HTMX_CONFIG = json.dumps({
    "includeIndicatorStyles": False, "allowEval": False, "historyCacheSize": 0,
    "responseHandling": [{"code": "204", "swap": False}, {"code": "[23]..", "swap": True},
                         {"code": "40[09]", "swap": True, "error": False}, {"code": "...", "swap": False, "error": True}],
}, separators=(",", ":"))
MAX_FORM_BYTES = 64 * 1024


def shipped_folder(name: str) -> Path:
    """templates/ or static/: inside the installed package (the wheel puts them there), else at
    the top of the source tree, where they are kept (an editable install, a checkout)."""
    installed = PACKAGE / name
    return installed if installed.is_dir() else SOURCE_TREE / name


def trusted_hosts(configured: str | list[str] | None) -> list[str] | None:
    """``ASSISTANT_TRUSTED_HOSTS``, a JSON list or names separated by commas ('.example.org'
    takes its subdomains too): Flask then answers 400 to any other Host header. This machine's
    own names stay allowed, so a health check from inside the container still gets through."""
    if not configured:
        return None
    names = configured.split(",") if isinstance(configured, str) else list(configured)
    names = [name.strip() for name in names if name.strip()]
    return names + [name for name in ("localhost", "127.0.0.1", "::1") if name not in names]


def create_app(test_config: Mapping[str, Any] | None = None, instance_path: str | Path | None = None) -> Flask:
    """``instance_path``: the folder of the database and the generated secret key; by default
    Flask's (``instance/`` beside a source tree, ``<prefix>/var/assistant.web-instance`` installed)."""
    app = Flask(
        __name__,
        instance_path=str(Path(instance_path).resolve()) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(shipped_folder("templates")),
        static_folder=str(shipped_folder("static")),
    )
    app.jinja_options = {**app.jinja_options, "bytecode_cache": COMPILED_TEMPLATES}  # before the environment is made
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "assistant.sqlite"),
        DATABASE_URL="",  # postgresql://…: PostgreSQL instead of the SQLite file (docs/deployment.md)
        DATABASE_POOL_SIZE=8,  # connections to PostgreSQL per process: one per serving thread
        DATABASE_TIMEOUT_SECONDS=2,  # a statement or a lock wait longer than this answers 503 (db.TIMEOUT_SECONDS)
        BABEL_TRANSLATION_DIRECTORIES=str(TRANSLATIONS_DIR.resolve()),
        BABEL_DEFAULT_LOCALE="en",
        MAX_CONTENT_LENGTH=MAX_FORM_BYTES,
        HELD_BODY_BYTES=HELD_BYTES,  # unfinished bodies the server's front holds at once, all connections (front.py)
        PUBLIC_URL="",
        POLL_SECONDS=2,
        WTF_CSRF_TIME_LIMIT=None,  # a game night is long; the token lives as long as the session
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        # The session cookie is sent again only when it changed (opening a table does), not on
        # every poll: re-signing it was a third of a poll's time (docs/deployment.md, Load figures).
        SESSION_REFRESH_EACH_REQUEST=False,
    )
    if test_config is None:
        app.config.from_prefixed_env("ASSISTANT")
        app.config["DATABASE_URL"] = os.environ.get("DATABASE_URL") or app.config["DATABASE_URL"]
    else:
        app.config.update(test_config)
    app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config.get("TRUSTED_HOSTS"))
    # Only this user may read the database and the secret key, whatever the umask.
    try:
        Path(app.instance_path).mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:  # a wrong --instance in a unit or a cron line: said in one line, as the store's settings
        from assistant.web.store.db import StoreSettingError

        raise StoreSettingError(f"--instance (ASSISTANT_INSTANCE_PATH): cannot make the folder {app.instance_path}: {error.strerror}") from None

    from babel.lists import format_list
    from flask_babel import get_locale

    from assistant.web import errors, pad
    from assistant.web.games import web_games
    from assistant.web.serving import budget, compression, hosts, locale, log_links, polls, security, static_files
    from assistant.web.store import db

    log_links.hide_links_in_logs()
    polls.init_app(app)  # first: the proxy's headers (security.init_app) are read before it
    hosts.init_app(app)  # around it: no Host unchecked reaches the polls or Flask
    security.init_app(app)
    budget.init_app(app)
    compression.init_app(app)
    locale.init_app(app)
    pad.init_app(app)
    db.init_app(app, web_games())
    errors.init_app(app)
    static_files.init_app(app)

    from assistant.web import api
    from assistant.web.pages import shared_macros, swap_oob
    from assistant.web.views import history, home, installed, offline, scores, share, table

    app.register_blueprint(api.bp)
    app.register_blueprint(home.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(scores.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(installed.bp)
    app.register_blueprint(offline.bp)
    # The games served, in the page's language ("A and B", "A und B"): shared pages name no game themselves.
    app.jinja_env.globals["htmx_config"] = HTMX_CONFIG
    app.jinja_env.globals["swap_oob"] = swap_oob
    app.jinja_env.globals["games_in_words"] = lambda: format_list([str(game.title) for game in web_games()], locale=str(get_locale()))
    for game in web_games():
        for blueprint in game.blueprints():
            app.register_blueprint(blueprint)
        if game.template_folder is not None:  # a game kept outside this repository brings its templates
            app.register_blueprint(Blueprint(f"templates_{game.templates}", __name__, template_folder=str(game.template_folder)))
    # Last: the macros' module takes the globals and filters there are when it is made, as an import's does.
    app.jinja_env.globals.update(shared_macros(app.jinja_env))
    return app
