"""Kardinal & König (Michael Schacht, 2000; also sold as Web of Power)."""
from __future__ import annotations

from typing import Any

from assistant.games.kardinal.board import Board, published_board
from assistant.games.kardinal.position import GAME_SLUG, parse_position
from assistant.games.kardinal.report import KardinalReport
from assistant.games.kardinal.scoring import score_position
from assistant.games.kardinal.variants import make_variant
from assistant.translator import ENGLISH, N_, Translator


class KardinalUndKoenig:
    slug = GAME_SLUG
    title = N_("Kardinal & König")

    def score(self, data: Any, tr: Translator = ENGLISH, found: dict[str, Any] | None = None, board: Board | None = None) -> KardinalReport:
        """Score ``data``; on ``board`` (the published one by default) or the variant in its ``"board"``."""
        board = board or published_board()
        if isinstance(data, dict) and "board" in data:
            data = dict(data)
            board = make_variant(data.pop("board"), board, tr)
        position, warnings = parse_position(data, board, tr)
        return score_position(position, board, tr, warnings, found)


GAME = KardinalUndKoenig()
