"""Each game's screens live in their own module, found by the table's game slug.

A game's web module exposes ``WEB_GAME``, an object with the ``WebGame`` interface
(``assistant.web.games.base``); its templates live in ``templates/<WEB_GAME.templates>/``.
Everything else (storage, sharing, polling, conflicts, the breakdown walk, standings) is
shared by all games.
"""
from __future__ import annotations

from importlib import import_module

from assistant.web.games.base import WebGame

_MODULES = {
    "kardinal-und-koenig": "assistant.web.games.kardinal",
    "princeps-machiavelli": "assistant.web.games.princeps",
}


def web_game(slug: str) -> WebGame:
    """The web module of a game; KeyError when the game has no screens (yet)."""
    return import_module(_MODULES[slug]).WEB_GAME


def web_games() -> list[WebGame]:
    games = []
    for slug in _MODULES:
        try:
            games.append(web_game(slug))
        except ModuleNotFoundError:  # a game whose core is still being written is not offered
            continue
    return games
