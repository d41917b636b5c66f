"""Scoring a table (one button per scoring) and reading the kept results: list or walk."""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, cast

from flask import Blueprint, abort, current_app, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue

from assistant.games.base import ScoringReport
from assistant.problems import InvalidInput
from assistant.web import breakdown, kept, play_log, takeback
from assistant.web.errors import FieldRefused
from assistant.web.games.base import NOTHING, BadChange, Scoring, StepFigure, WebGame
from assistant.web.pages import editable_table, open_table, render
from assistant.web.phones import this_phone
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.polls import NOTHING_NEW
from assistant.web.store import record
from assistant.web.store.db import get_db
from assistant.web.store.state import KeptResult, TableState
from assistant.web.store.tables import RESULTS, Origin, Table, apply_change
from assistant.web.views.table import SCORED_ON_PHONE_STALE, TableLink, aria_current, checked_tap, unchanged_since

bp = Blueprint("scores", __name__, url_prefix="/t/<token>")
CANNOT_SCORE = "cannot-score"  # the flashed message of a refused scoring (views/table.py shows it)


@bp.post("/score/<scoring>")
def score(token: str, scoring: str) -> ResponseReturnValue:
    table, game = editable_table(token)
    if scoring not in {s.name for s in game.scorings}:
        abort(404)
    screen = request.form.get("screen", game.entry_screens[0].name)
    if screen not in {s.name for s in game.entry_screens}:
        screen = game.entry_screens[0].name
    # Replacing a kept result asks first, on a page of its own (it names what is replaced); the
    # answer there carries the version it was asked on: a table changed since asks again.
    sent_back = offline_result(table, scoring)
    if sent_back == TAKEN:  # sent again (a page reloaded, a second try): it counted the first time
        return redirect(url_for("scores.result", token=token, scoring=scoring), 303)
    if sent_back == CHANGED_SINCE:
        flash({"table": token, "screen": screen, "scoring": scoring}, SCORED_ON_PHONE_STALE)  # type: ignore[arg-type]  # kept as JSON
        return redirect(url_for("table.screen", token=token, screen=screen), 303)
    if table.state.results.get(scoring) and request.form.get("replace") != str(table.version):
        return redirect(url_for("scores.replace_result", token=token, scoring=scoring, screen=screen), 303)
    # A question the scoring asks first (no chains entered) is asked by the table too: a page drawn
    # before it applied shows a plain button. Only the question's own answer scores.
    question = game.scoring_question(table, scoring)
    if question and request.form.get("confirm") != question.confirm:
        return redirect(url_for("table.screen", token=token, screen=question.screen, _anchor=question.card), 303)
    try:
        _report, keep = game.score(table, scoring)
    except InvalidInput as invalid:
        # Shown on the tab the button is on, after a redirect (Post/Redirect/Get): the address is
        # the tab's, so Back and a reload never send the scoring again.
        problems = [game.problem_in_words(table.state, p.field, p.reason) for p in invalid.problems]
        flash({"table": token, "screen": screen, "problems": problems}, CANNOT_SCORE)  # type: ignore[arg-type]  # kept as JSON: a dict stays whole
        return redirect(url_for("table.screen", token=token, screen=screen), 303)
    apply_change(table, keep, table.version, Origin(this_phone(), request.form.get("offline", ""), f"score={scoring}"))
    return redirect(url_for("scores.result", token=token, scoring=scoring), 303)


# A scoring a phone made with no connection, sent once it is back (static/offline-scoring.js): the
# form names the version it scored (``scored``) and carries an id of its own (``offline``, a tap's
# id), so it counts once however often it comes. The server scores the table again with the same
# core, so what is kept is what the phone showed, unless the table changed since: then nothing is
# kept and the phone is told, as a conflict is (SCORED_ON_PHONE_STALE, templates/table/notices/).
TAKEN, CHANGED_SINCE, KEEP = "taken", "changed", "keep"


def offline_result(table: Table[TableState], scoring: str) -> str:
    """What to do with a scoring sent back by a phone (``KEEP`` for any other scoring too);
    a malformed id or version is refused with the field named (400)."""
    offline, scored = request.form.get("offline", ""), request.form.get("scored", "")
    if not offline and not scored:
        return KEEP
    field = _("The result scored on this phone")
    try:
        checked_tap(offline or "-", field)
    except BadChange as bad:
        raise FieldRefused(_("{field}: {reason}").format(field=bad.field, reason=bad.reason)) from None
    if not scored.isdigit() or len(scored) > 15:
        raise FieldRefused(_("{field}: {reason}").format(field=field, reason=_("the version it scored is not a number")))
    taken = record.by_tap(get_db(), table.id, offline)
    if taken is not None:
        return TAKEN
    return KEEP if int(scored) == table.version else CHANGED_SINCE


@bp.get("/score/<scoring>/replace")
def replace_result(token: str, scoring: str) -> ResponseReturnValue:
    """Asks before a kept result is replaced: which one (when, and who led), and that it stays
    in the table's record."""
    table, game = editable_table(token)
    names = {s.name: s for s in game.scorings}
    if scoring not in names:
        abort(404)
    screen = request.args.get("screen", "")
    if screen not in {s.name for s in game.entry_screens}:
        screen = names[scoring].screen or game.entry_screens[0].name
    kept_now = table.state.results.get(scoring)
    if kept_now is None:
        return redirect(url_for("table.screen", token=token, screen=screen))
    asked = ReplaceQuestion(names[scoring], screen, kept_now.at, kept.kept_verdict(game.slug, kept_now), table.version)
    return render("table/page.html", "table/_screen.html", fragment="scores/_replace.html", question=asked,
                  table=table, game=game, screen="scores", notice=None, poll_url=None)


@dataclass(frozen=True)
class ReplaceQuestion:
    """What the page that asks before replacing a kept result says (templates/scores/_replace.html)."""

    scoring: Scoring
    screen: str  # the tab the scoring's button is on: "Keep it" goes back there
    at: float  # when the kept result was scored
    verdict: str  # who led or won then
    version: int  # the table's version the question was asked on


@bp.post("/scores/<scoring>/use/<int:version>")
def use_again(token: str, scoring: str, version: int) -> ResponseReturnValue:
    """An earlier result of a scoring, kept in the record, kept again (the scores page offers it)."""
    table, game = editable_table(token)
    if scoring not in {s.name for s in game.scorings}:
        abort(404)
    try:
        entry = takeback.restore_entry(table, scoring, version)
    except BadChange:
        abort(404)
    apply_change(table, takeback.restore_change(entry), table.version, Origin(this_phone(), kind="restore"))
    return redirect(url_for("scores.result", token=token, scoring=scoring), 303)


@bp.get("/scores")
def latest(token: str) -> ResponseReturnValue:
    table, game = open_table(token)
    for scoring in reversed(game.scorings):
        if game.kept_summary(table, scoring.name):
            return redirect(url_for("scores.result", token=token, scoring=scoring.name))
    return render("table/page.html", "table/_screen.html", table=table, game=game, screen="scores", fragment="scores/_none.html", poll_url=None, notice=None)


@bp.get("/scores/<scoring>")
def result(token: str, scoring: str) -> ResponseReturnValue:
    if unchanged_since():
        return "", 200, NOTHING_NEW
    table, game = open_table(token)
    names = {s.name: s for s in game.scorings}
    if scoring not in names:
        abort(404)
    args = {k: v for k, v in request.args.items() if k in {"view", "step"}}
    kept_summaries = {s.name: game.kept_summary(table, s.name) for s in game.scorings}
    view = "walk" if args.get("view") == "walk" else "list"
    context = {
        "table": table,
        "game": game,
        "screen": "scores",
        "scoring": names[scoring],
        "kept": kept_summaries,
        "scoring_tabs": scoring_tabs(game, token, scoring, kept_summaries),
        "view": view,
        "view_template": f"scores/_{view}.html",
        "list_link": TableLink(url_for("scores.result", token=token, scoring=scoring), aria_current(view == "list")),
        "walk_link": TableLink(url_for("scores.result", token=token, scoring=scoring, view="walk", step=0), aria_current(view == "walk")),
        "step_url": url_for("scores.result", token=token, scoring=scoring, view="walk"),  # the walk's Back and Next add &step=
        "notice": None,
        "poll_url": url_for("scores.result", token=token, scoring=scoring, **cast(dict[str, Any], args)),  # with since= from the page
        "poll_seconds": current_app.config["POLL_SECONDS"],
        "drawn_at": int(time.time() * 1000),  # a copy kept of this page says when it was drawn (static/kept-scores.js)
    }
    # The result, none yet, or one this version can no longer read (templates/scores/).
    try:
        report = game.kept_report(table, scoring)
        context["result_template"] = "scores/_none.html" if report is None else "scores/_report.html"
    except InvalidInput:
        report = None
        context["result_template"] = "scores/_unreadable.html"
    context["earlier"] = earlier_results(table, game, scoring)
    if report is not None:
        shown = explained(table, game, report, scoring, args.get("step"))
        kept = context["kept"][scoring]
        # A result the table changed since is not logged or shared until it is scored again.
        if kept and kept.stale and shown.final:
            shown = replace(shown, stale=True, play_log=None)
        context.update(vars(shown))
        # Score again beside the kept copy's changes, on a phone that may change the table (a stale result has its own).
        context["kept_again"] = "scores/_kept_again.html" if table.can_edit and not shown.stale else NOTHING
        context["verdict_card"] = verdict_card(table, game, report, view, shown.stale)
    return render("table/page.html", "table/_screen.html", fragment="scores/_result.html", **context)


@dataclass(frozen=True)
class VerdictCard:
    """The card above a result (templates/scores/_report.html): the scoring's verdict, that the
    table changed since with the button to score again, and the core's warnings."""

    titled: bool  # the scoring's name and verdict: not on the walk, which keeps the suspense until its end
    stale_warning: str  # that the table changed since (templates/scores/verdict/stale.html), or NOTHING
    rescore: str  # Score again (scores/verdict/rescore.html): the result is stale and this phone may change the table; else NOTHING
    warnings: list[tuple[str, str]]  # each warning's cell in words and its reason


def verdict_card(table: Table[TableState], game: WebGame[Any, Any], report: ScoringReport, view: str, stale: bool) -> VerdictCard | None:
    """None when the card would say nothing: the walk of a result still standing, without warnings."""
    warnings = [(game.describe_cell(table.state, warning.field), warning.reason) for warning in report.warnings]
    if view == "walk" and not stale and not warnings:
        return None
    return VerdictCard(titled=view != "walk", stale_warning="scores/verdict/stale.html" if stale else NOTHING,
                       rescore="scores/verdict/rescore.html" if stale and table.can_edit else NOTHING, warnings=warnings)


@dataclass(frozen=True)
class ScoringTab:
    """A scoring in the switch above a result: a link once it is scored (``url``), else said as not scored yet."""

    label: str
    url: str  # "": not scored yet
    current: dict[str, str]  # aria-current on the scoring shown

    @property
    def template(self) -> str:
        """A link once scored, else the scoring's name said as not scored yet (templates/scores/tab/)."""
        return "scores/tab/scored.html" if self.url else "scores/tab/not-yet.html"


def scoring_tabs(game: WebGame[Any, Any], token: str, shown: str, kept_summaries: dict[str, Any]) -> list[ScoringTab]:
    """The switch between a game's scorings; none for a game with one scoring."""
    if len(game.scorings) < 2:
        return []
    return [ScoringTab(s.label, url_for("scores.result", token=token, scoring=s.name) if kept_summaries[s.name] else "", aria_current(s.name == shown))
            for s in game.scorings]


@dataclass(frozen=True)
class EarlierResult:
    """A result the scoring kept before, replaced since: still in the table's record."""

    version: int  # its entry in the record
    at: float
    verdict: str
    use_url: str  # where "Use this result again" posts


def earlier_results(table: Table[TableState], game: WebGame[Any, Any], scoring: str) -> list[EarlierResult]:
    """The scoring's results in the record other than the one kept now, newest first."""
    kept_now = table.state.results.get(scoring)
    shown = {kept_now.at} if kept_now else set()
    earlier = []
    for entry in record.scorings(get_db(), table.id, RESULTS + scoring):
        result = KeptResult.model_validate(entry.after)
        if result.at not in shown:
            shown.add(result.at)
            use_url = url_for("scores.use_again", token=table.token, scoring=scoring, version=entry.version)
            earlier.append(EarlierResult(entry.version, result.at, kept.kept_verdict(game.slug, result), use_url))
    return earlier


@dataclass(frozen=True)
class Explained:
    """What the scores page shows of a kept report (templates/scores/): the list, the walk, the
    standings, the chart, the track, and what takes the result away (``play_log``)."""

    report: ScoringReport
    steps: list[breakdown.ShownStep]  # title, text, marks, totals of each step
    sections: list[breakdown.Section]  # runs of steps of one kind under their heading
    walk: breakdown.Walk  # the step the walk is on, with Back and Next
    figure: StepFigure | None  # drawn beside the walk's step (a map...), the game's
    standings: breakdown.ShownStandings
    chart: breakdown.Chart
    track: breakdown.Track | None  # None: the game has no score track
    final: bool  # the last scoring: the winner is decided, the result can be logged
    play_log: play_log.PlayLog | None  # BG Stats link and text (None: not final, or stale)
    stale: bool = False  # the table changed since this scoring (the last one): score again


def tie_orders(game: WebGame[Any, Any], standings: list[breakdown.Standing], tie_breaks_used: int) -> list[str]:
    """A sentence for each run of players on the same points that the tie-breaks put in order,
    but the winners' when the verdict already says how the tie-break decided."""
    sentences = []
    for run in breakdown.tied_on_points(standings):
        if tie_breaks_used and any(row["winner"] for row in run):
            continue
        names = [str(row["player"].label) for row in run]
        who = _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
        sentences.append(game.tie_order_sentence(who, run[0]["total"]))
    return sentences


def explained(table: Table[TableState], game: WebGame[Any, Any], report: ScoringReport, scoring: str, step: str | None) -> Explained:
    players = game.players_view(report)
    titles = [game.step_title(table, s) for s in report.steps]
    all_steps = breakdown.steps(report, titles, [game.step_marks(s) for s in report.steps], players)
    final = scoring == game.scorings[-1].name
    standings = breakdown.standings(players, report.winners, use_tie_break=final)
    ranked = [row["player"] for row in standings]  # the chart and the markers in the standings' order
    used = game.tie_breaks_used(report) if final else 0
    walk = breakdown.walk(all_steps, step, players)
    shown_standings = breakdown.shown_standings(
        standings, final, game.tie_break_labels, used, report.verdict, tie_orders(game, standings, used), game.tie_break_note, game.board_line(report))
    return Explained(
        report=report,
        steps=all_steps,
        sections=breakdown.sections(all_steps, game.section_label),
        walk=walk,
        figure=game.step_figure(table, report, walk.index) if walk.step else None,
        standings=shown_standings,
        chart=breakdown.chart(ranked, game.point_sources(table, report)),
        track=breakdown.track(ranked, game.track_spaces()),
        final=final,
        play_log=play_log.play_log(table, game, report, standings) if final else None,
    )
