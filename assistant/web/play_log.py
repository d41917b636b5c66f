"""A kept final result taken away from the table, for any game: a link that logs the play in the
players' stats app (BG Stats), and the result as plain text to copy or share.

BG Stats documents the link (www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>``; the app opens with the play
filled in and saves nothing until the person confirms it there. Nothing is sent from this server.
"""
from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any, TypedDict
from urllib.parse import quote

from babel.dates import format_date

from assistant.games.base import ScoringReport
from assistant.web.breakdown import Standing
from assistant.web.games.base import WebGame
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import request_language
from assistant.web.store.state import TableState
from assistant.web.store.tables import Table

BG_STATS_CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Table scoring assistant"  # BG Stats remembers its matches of games and players per source


class PlayLog(TypedDict):
    bg_stats: str  # the link that logs the play in BG Stats
    text: str  # the result as plain text
    played_at: int  # when the result was kept (a timestamp)


def bg_stats_play(game_name: str, game_slug: str, standings: list[Standing], played_at: float, comments: str) -> dict[str, object]:
    """The play as BG Stats reads it. ``standings``: rows of ``breakdown.standings`` (place,
    player, total, winner), tie-breaks applied; ``played_at``: when the result was kept (a
    timestamp). No ``durationMin``: the app knows when the table was made, not when the game began
    (a whole game read 4 minutes); BG Stats asks for it. No ``bggId``: no source at hand confirms
    either game's BoardGameGeek number, and BG Stats matches by name. Who started is not known to
    the app: nobody is marked."""
    return {
        "sourceName": SOURCE_NAME,
        "game": {"name": game_name, "sourceGameId": game_slug, "highestWins": True, "noPoints": False},
        # BG Stats' format, in the time of the machine serving the table; static/app.js puts the
        # phone's own local time in (a server in a container usually runs on UTC).
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(played_at)),
        "players": [_player(row) for row in standings],
        "comments": comments,
    }


def _player(row: Standing) -> dict[str, object]:
    player = row["player"]
    return {
        "name": player.name or player.label,
        "score": row["total"],
        "rank": row["place"],
        "winner": row["winner"],
        "startPlayer": False,
    }


def bg_stats_link(play: Mapping[str, object]) -> str:
    return f"{BG_STATS_CREATE_PLAY}?data={quote(json.dumps(play, ensure_ascii=False, separators=(',', ':')), safe='')}"


def summary(game_title: str, standings: list[Standing], verdict: str, played_at: float, tie_break_words: Iterable[str] = ()) -> str:
    """The result in a few lines of plain text, in the page's language: game and day, the verdict,
    then each player's place and points, and for players tied on points what put them in order."""
    lines = [f"{game_title} · {format_date(date.fromtimestamp(played_at), 'medium', locale=request_language())}", verdict]
    for row in standings:
        line = _("{place}. {player}: {points}").format(place=row["place"], player=row["player"].label, points=row["total"])
        lines.append(line + deciding(row, standings, list(tie_break_words)))
    return "\n".join(lines)


def deciding(row: Standing, standings: list[Standing], labels: list[str]) -> str:
    """" (Gold 2)": the tie-breaks that tell a player from those tied with them on points, up
    to the first that tells them from every one; "" when nobody else has their points."""
    tied = [other for other in standings if other is not row and other["total"] == row["total"]]
    if not tied or not labels:
        return ""
    shown = []
    for index, label in enumerate(labels):
        shown.append(f"{label} {row['tie_breaks'][index]}")
        if all(other["tie_breaks"][index] != row["tie_breaks"][index] for other in tied):
            break
    return f" ({', '.join(shown)})"


def play_log(table: Table[TableState], game: WebGame[Any, Any], report: ScoringReport, standings: list[Standing]) -> PlayLog:
    """What the final scores page offers to take the kept result away: ``bg_stats`` (the link)
    and ``text`` (the summary)."""
    played_at = table.state.results[game.scorings[-1].name].at
    name = str(game.title)
    play = bg_stats_play(name, game.slug, standings, played_at, report.verdict)
    return {"bg_stats": bg_stats_link(play), "text": summary(name, standings, report.verdict, played_at, game.tie_break_words()), "played_at": round(played_at)}
