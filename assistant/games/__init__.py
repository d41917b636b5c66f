"""The games the assistant scores. Each game is one module behind the small ``Game`` interface;
adding a game means adding a module and one line in ``_MODULES``."""
from __future__ import annotations

from importlib import import_module

from assistant.games.base import Game

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
