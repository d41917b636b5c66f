"""JSON endpoints: health check and the same scoring as ``python -m assistant score --json``."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from assistant.cli import score_data
from assistant.problems import InvalidInput
from assistant.translator import LANGUAGES, Translator, translator_for
from assistant.web.locale import browser_language

bp = Blueprint("api", __name__)


@bp.get("/healthz")
def healthz():
    return {"status": "ok"}


def api_language() -> str:
    """``?lang=`` first, then the client's Accept-Language; English (as the command line without
    ``--lang``) when neither names one of ours. A page's remembered choice (cookie) is for pages."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return asked
    return browser_language()


@bp.post("/api/score")
def score():
    language = api_language()
    tr = translator_for(language)
    headers = {"Content-Language": language, "Vary": "Accept-Language"}
    data = request.get_json(silent=True)
    if data is None:
        reason = tr.gettext("must be a JSON object")
        return jsonify(errors=[{"field": "input", "reason": reason}], error=_error_line(tr, f"input: {reason}")), 400, headers
    try:
        report = score_data(data, tr)
    except InvalidInput as invalid:
        return (
            jsonify(
                error="\n".join(_error_line(tr, str(p)) for p in invalid.problems),
                errors=[p.model_dump() for p in invalid.problems],
            ),
            400,
            headers,
        )
    return jsonify(report.to_json()), 200, headers


def _error_line(tr: Translator, problem: str) -> str:
    """One problem as the command line prints it on standard error: 'error: …', 'Fehler: …'."""
    return tr.gettext("error: {problem}").format(problem=problem)
