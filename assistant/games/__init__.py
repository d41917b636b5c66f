"""The games the assistant scores. Each game is one module behind the small ``Game`` interface;
adding a game means adding a module and one line in ``_MODULES``."""
from __future__ import annotations

from importlib import import_module

from assistant.games.base import Game
from assistant.problems import InvalidInput, Problem
from assistant.translator import Translator

DEFAULT_GAME = "kardinal-und-koenig"
_MODULES = {
    "kardinal-und-koenig": "assistant.games.kardinal",
    "princeps-machiavelli": "assistant.games.princeps",
}


def all_games() -> list[Game]:
    return [get_game(slug) for slug in _MODULES]


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; KeyError when there is none."""
    return import_module(_MODULES[slug]).GAME


def game_slugs() -> list[str]:
    return [game.slug for game in all_games()]


def score_data(data, tr: Translator):
    """Score JSON-like data with the game it names (Kardinal & König by default): the one way to
    score that the command line and the API share."""
    slug = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    if slug not in game_slugs():
        raise InvalidInput(
            [Problem(field="game", reason=tr.gettext("unknown game; the games are: {games}").format(games=", ".join(game_slugs())))]
        )
    return get_game(slug).score(data, tr)
