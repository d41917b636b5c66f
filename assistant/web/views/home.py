"""The home page (new table, recent tables) and the new-table form."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, request, url_for
from flask.typing import ResponseReturnValue

from assistant.web.games import web_game, web_games
from assistant.web.pages import go_to, render
from assistant.web.store.db import store_failed
from assistant.web.store.tables import create_table, recent_tables, remember

bp = Blueprint("home", __name__)


@dataclass(frozen=True)
class GameTool:
    """A page of a game's own linked under every game's "New table" button (WebGame.extra_links), named with its game."""

    label: str
    url: str
    game_title: str


@bp.get("/")
def index() -> ResponseReturnValue:
    tables, unreachable = [], False
    try:
        recent = recent_tables()
    except Exception as error:  # the start page still opens while the database is out of reach
        if not store_failed(error):
            raise
        recent, unreachable = [], True
    for table in recent:
        try:
            game = web_game(table.game)
        except KeyError:
            continue
        tables.append({"table": table, "game": game, "title": game.table_title(table.state), "phase": game.phase(table)})
    tools = [GameTool(label, url_for(endpoint), game.title) for game in web_games() for label, endpoint in game.extra_links]
    return render("home.html", "home.html", games=web_games(), tools=tools, tables=tables, recent_template=recent_template(bool(tables), unreachable))


def recent_template(any_table: bool, unreachable: bool) -> str:
    """The start page's recent tables: the list, that they cannot be listed now, or that none were opened here yet."""
    return "home/recent-tables.html" if any_table else "home/unreachable.html" if unreachable else "home/no-tables.html"


@bp.route("/new/<slug>", methods=["GET", "POST"])
def new_table(slug: str) -> ResponseReturnValue:
    try:
        game = web_game(slug)
    except KeyError:
        abort(404)
    if request.method == "GET":
        form = game.setup(None)
    else:
        form = game.setup(request.form)
        if form.state is not None:
            table = create_table(game.slug, form.state)
            remember(table)
            return go_to(url_for("table.screen", token=table.id, screen=game.entry_screens[0].name))
    status = 400 if form.errors else 200
    fragment = game.setup_template or f"{game.templates}/_setup_form.html"
    return render("setup.html", fragment, status, game=game, form=form, setup_fragment=fragment)
