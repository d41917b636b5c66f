"""A position's scoring as JSON text: the one call the phone's Python makes (issue 48), the same
bytes the command line's ``--json`` prints and ``POST /api/score`` answers for it.

The phone runs the scoring core under Pyodide (docs/architecture.md, Scoring on the phone); what
it gets back is this text, never a Python object, so the page reads what the server would send.
"""
from __future__ import annotations

import json

from assistant.games import score_data
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
