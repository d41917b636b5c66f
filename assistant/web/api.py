"""JSON endpoints: health check and the same scoring as ``python -m assistant score --json``.

The API is stateless: it keeps nothing and reads no cookie, so it needs no CSRF token and
any client (curl, a script) can use it. The body is read as the command line reads a file.
"""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge

from assistant.games import score_data
from assistant.json_input import InputTooLarge, read_json, too_large
from assistant.problems import InvalidInput, Problem
from assistant.translator import Translator, translator_for
from assistant.web.serving.locale import api_language
from assistant.web.serving.numbers import small_number
from assistant.web.serving.security import csrf
from assistant.web.store.db import check_store, store_failed
from assistant.web.views.history import json_history

bp = Blueprint("api", __name__)
csrf.exempt(bp)


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """Ready: the store answers (a load balancer sends phones elsewhere on a 503)."""
    try:
        check_store()
    except Exception as error:
        if not store_failed(error):
            raise
        return {"status": "unavailable", "reason": "the database cannot be used"}, 503
    return {"status": "ok"}


@bp.get("/livez")
def livez() -> dict[str, str]:
    """Alive: the server answers, whatever the store (a container is not restarted for the database)."""
    return {"status": "ok"}


@bp.post("/api/score")
def score() -> ResponseReturnValue:
    language = api_language()
    tr = translator_for(language)
    headers = {"Content-Language": language, "Vary": "Accept-Language"}
    if not request.is_json:  # application/json, or application/…+json
        return _refused([Problem(field="Content-Type", reason=tr.gettext("must be application/json"))], 415, tr, headers)
    try:
        report = score_data(read_json(_body(tr), tr), tr)
    except InputTooLarge as large:
        return _refused(large.problems, 413, tr, headers)
    except InvalidInput as invalid:
        return _refused(invalid.problems, 400, tr, headers)
    return jsonify(report.to_json()), 200, headers


def _body(tr: Translator) -> bytes:
    """The body, or ``InputTooLarge`` when the app's limit on any body (MAX_CONTENT_LENGTH, the
    same 64 KB as ``json_input.MAX_BYTES``) stops it before it is read."""
    try:
        return request.get_data(cache=False)
    except RequestEntityTooLarge:
        raise too_large(tr) from None


def _refused(problems: list[Problem], status: int, tr: Translator, headers: dict[str, str]) -> tuple[Response, int, dict[str, str]]:
    """The problems as the command line prints them ('error: …' lines), and one by one."""
    body = jsonify(error="\n".join(_error_line(tr, str(p)) for p in problems), errors=[p.model_dump() for p in problems])
    return body, status, headers


def _error_line(tr: Translator, problem: str) -> str:
    """One problem as the command line prints it on standard error: 'error: …', 'Fehler: …'."""
    return tr.gettext("error: {problem}").format(problem=problem)


@bp.get("/api/tables/<token>/history")
def table_history(token: str) -> ResponseReturnValue:
    """A table's record as JSON (docs/json.md): either link, read-only; ``?page=`` from 1, 50 a page."""
    # no-store: live state, every phone's changes, as the table's pages (pages.py)
    return json_history(token, small_number(request.args.get("page")) or 1), 200, {"Cache-Control": "no-store"}
