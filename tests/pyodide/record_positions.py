"""A pytest plugin (``-p tests.pyodide.record_positions``) that writes down every position the
core's tests score, as they state it: the rulebooks' worked examples, the edge cases and the
refused inputs become the golden positions of test_same_report.py without a copy of them here.

Only positions scored as the API would (published board or a variant in the data, no found
chains passed in) are kept. They go to the file named by ``RECORD_POSITIONS_TO`` as JSON.
"""
from __future__ import annotations

import json
import os
from typing import Any

from assistant.games import game_slugs, get_game
from assistant.translator import ENGLISH, language_of

RECORDED: list[dict[str, str]] = []


def _recording(game_class: type, slug: str) -> None:
    original = game_class.score

    def score(self: Any, data: Any, tr: Any = ENGLISH, found: Any = None, **options: Any) -> Any:
        if found is None and not options:
            if isinstance(data, dict):
                data = {"game": slug, **data}
            try:
                RECORDED.append({"language": language_of(tr), "position": json.dumps(data, ensure_ascii=False)})
            except (TypeError, ValueError):  # a test's own object, not JSON: no client can send it
                pass
        return original(self, data, tr, found, **options)

    game_class.score = score


def pytest_configure(config: Any) -> None:
    for slug in game_slugs():
        _recording(type(get_game(slug)), slug)


def pytest_unconfigure(config: Any) -> None:
    unique = list({json.dumps(case, sort_keys=True): case for case in RECORDED}.values())
    with open(os.environ["RECORD_POSITIONS_TO"], "w", encoding="utf-8") as out:
        json.dump(unique, out, ensure_ascii=False)
