"""A position's scoring as JSON text: the one call the phone's Python makes (issue 48), the same
bytes the command line's ``--json`` prints and ``POST /api/score`` answers for it.

The phone runs the scoring core under Pyodide (docs/architecture.md, Scoring on the phone); what
it gets back is this text, never a Python object, so the page reads what the server would send.
"""
from __future__ import annotations

import json

from assistant.games import score_data
from assistant.games.taps import TapNotApplied, apply_kept_taps
from assistant.json_input import read_json
from assistant.problems import InvalidInput
from assistant.translator import translator_for


def score_to_json(position: str, language: str) -> str:
    """The report of ``position`` (JSON text) in ``language``, or ``{"errors": [...]}``, each
    naming the field and the reason, when it cannot be scored."""
    tr = translator_for(language)
    try:
        report = score_data(read_json(position.encode("utf-8"), tr), tr)
    except InvalidInput as invalid:
        return json.dumps({"errors": [problem.model_dump() for problem in invalid.problems]}, ensure_ascii=False)
    return json.dumps(report.to_json(), ensure_ascii=False)


def score_held_board(position: str, taps: str, language: str) -> str:
    """The board a phone holds with no connection scored: ``position`` (JSON text, the core's input
    as the page it keeps was drawn) with ``taps`` (JSON text: the bodies of the taps it keeps and
    the table has not taken, oldest first) applied by the functions the server's taps apply
    (``games.taps``); ``{"unapplied": {"kind", "cell"}}`` for a tap it cannot apply."""
    try:
        board = json.loads(position)
    except ValueError:
        board = None
    if not isinstance(board, dict):
        return score_to_json(position, language)  # says what is wrong with it, as /api/score does
    try:
        kept = json.loads(taps)
        if not isinstance(kept, list) or not all(isinstance(body, str) for body in kept):
            raise TapNotApplied("unknown", "")
        held = apply_kept_taps(board, kept)
    except (TapNotApplied, ValueError) as failed:
        unapplied = failed if isinstance(failed, TapNotApplied) else TapNotApplied("unknown", "")
        return json.dumps({"unapplied": {"kind": unapplied.kind, "cell": unapplied.cell}}, ensure_ascii=False)
    return score_to_json(json.dumps(held, ensure_ascii=False), language)
