"""Kardinal & König (Michael Schacht, 2000; also sold as Web of Power)."""
from __future__ import annotations

from typing import Any

from assistant.games.kardinal.board import Board, published_board
from assistant.games.kardinal.position import GAME_SLUG, parse_position
from assistant.games.kardinal.report import KardinalReport
from assistant.games.kardinal.scoring import score_position
from assistant.translator import ENGLISH, N_, Translator


class KardinalUndKoenig:
    slug = GAME_SLUG
    title = N_("Kardinal & König")

    def score(self, data: Any, tr: Translator = ENGLISH, board: Board | None = None) -> KardinalReport:
        board = board or published_board()
        position, warnings = parse_position(data, board, tr)
        return score_position(position, board, tr, warnings)


GAME = KardinalUndKoenig()
