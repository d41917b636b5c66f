"""Each game's screens live in their own package, found through the one registry
(``assistant.games.GAMES``): ``assistant/web/games/<package>/`` exposes ``WEB_GAME``, a ``WebGame``
(``assistant.web.games.base``); its templates live in ``templates/<WEB_GAME.templates>/``.
Everything else (storage, sharing, polling, conflicts, the breakdown walk, standings) is
shared by all games.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

from assistant.games import GAMES, game_package
from assistant.web.games.base import WebGame


class GameWithoutScreens(LookupError):
    """A game is registered (its rules score on the command line) but has no screens yet."""


def web_game(slug: str) -> WebGame[Any, Any]:
    """The screens of the game registered under ``slug``; ``assistant.games.UnknownGame`` (a
    KeyError) when there is none, ``GameWithoutScreens`` when it has no web package."""
    package = game_package(slug)
    try:
        module = import_module(f"{__name__}.{package}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{package}":
            raise  # the package is there, something it imports is not
        raise GameWithoutScreens(
            f"the game {slug!r} is registered but has no screens: add the package {__name__}.{package} "
            "exposing WEB_GAME, a WebGame (docs/architecture.md, 'Adding a game')"
        ) from None
    game: WebGame[Any, Any] = module.WEB_GAME  # the package's WebGame, of its own state and report
    return game


def web_games() -> list[WebGame[Any, Any]]:
    return [web_game(slug) for slug in GAMES]
