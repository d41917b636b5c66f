"""JSON endpoints: health check and the same scoring as ``python -m assistant score --json``."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from assistant.cli import score_data
from assistant.problems import InvalidInput
from assistant.translator import ENGLISH

bp = Blueprint("api", __name__)


@bp.get("/healthz")
def healthz():
    return {"status": "ok"}


@bp.post("/api/score")
def score():
    data = request.get_json(silent=True)
    if data is None:
        return jsonify(errors=[{"field": "input", "reason": "must be a JSON object"}], error="input: must be a JSON object"), 400
    try:
        report = score_data(data, ENGLISH)
    except InvalidInput as invalid:
        return (
            jsonify(
                error="\n".join(f"error: {p}" for p in invalid.problems),
                errors=[p.model_dump() for p in invalid.problems],
            ),
            400,
        )
    return jsonify(report.to_json())
