"""The games the assistant scores, and the one way to score them.

``GAMES`` is the one registry, core and web alike (python-chess's ``find_variant`` is the model):
a game's slug and the name of its packages, ``assistant/games/<package>/`` (the rules; it exposes
``GAME``, a ``Game``) and ``assistant/web/games/<package>/`` (its screens; it exposes ``WEB_GAME``).
Adding a game is those packages plus one line here.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

from assistant.games.base import Game, ScoringReport
from assistant.problems import InvalidInput, Problem
from assistant.translator import Translator

GAMES = {  # slug: package
    "kardinal-und-koenig": "kardinal",
    "princeps-machiavelli": "princeps",
}
DEFAULT_GAME = "kardinal-und-koenig"


class UnknownGame(KeyError):
    """No game is registered under a slug (a ``KeyError``, as a dict lookup raises)."""

    def __init__(self, slug: str):
        super().__init__(f"no game {slug!r}; the games are: {', '.join(GAMES)}")
        self.slug = slug


def game_package(slug: str) -> str:
    """The package name of the game registered under ``slug``; ``UnknownGame`` when there is none."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise UnknownGame(slug) from None


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; ``UnknownGame`` (a KeyError) when there is none."""
    game: Game = import_module(f"{__name__}.{game_package(slug)}").GAME
    return game


def all_games() -> list[Game]:
    return [get_game(slug) for slug in GAMES]


def game_slugs() -> list[str]:
    return list(GAMES)


def score_data(data: Any, tr: Translator) -> ScoringReport:
    """Score JSON-like data with the game it names (``DEFAULT_GAME`` when it names none): the one
    way to score that the command line and the API share."""
    slug = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    if not isinstance(slug, str) or slug not in GAMES:
        raise InvalidInput(
            [Problem(field="game", reason=tr.gettext("unknown game; the games are: {games}").format(games=", ".join(game_slugs())))]
        )
    return get_game(slug).score(data, tr)
