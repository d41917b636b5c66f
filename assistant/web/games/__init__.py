"""Each game's screens live in their own package, found through the one registry
(``assistant.games.GAMES``): ``assistant/web/games/<package>/`` exposes ``WEB_GAME``, a ``WebGame``
(``assistant.web.games.base``); its templates live in ``templates/<WEB_GAME.templates>/``.
Everything else (storage, sharing, polling, conflicts, the breakdown walk, standings) is
shared by all games.
"""
from __future__ import annotations

from importlib import import_module

from assistant.games import GAMES, game_package
from assistant.web.games.base import WebGame


def web_game(slug: str) -> WebGame:
    """The screens of the game registered under ``slug``; ``assistant.games.UnknownGame`` (a
    KeyError) when there is none."""
    return import_module(f"{__name__}.{game_package(slug)}").WEB_GAME


def web_games() -> list[WebGame]:
    return [web_game(slug) for slug in GAMES]
