"""One scoring spends at most one budget of chain search, whatever the players' roads: five
absurd road graphs under both rules are refused with a clear error, in about a second."""
import pytest

from assistant.games.kardinal import GAME
from assistant.games.kardinal.chains import DISJOINT, LONGEST_PER_GROUP, TooComplex, cover, cover_from_lines
from assistant.games.work import REQUEST_WORK, TooMuchWork, WorkBudget, spending
from assistant.problems import InvalidInput
from assistant.translator import translator_for
from tests.kardinal.helpers import (
    SearchSteps,
    absurd_position,
    complete_bipartite,
    every_monastery_on_board,
    position,
    score,
    step,
    thinned_bipartite,
    units_decide,
)


def test_five_absurd_road_graphs_share_one_budget_and_the_error_names_the_field(monkeypatch):
    steps = SearchSteps(monkeypatch)
    with pytest.raises(InvalidInput) as refused:
        score(absurd_position())
    assert [p.field for p in refused.value.problems] == ["chains.green.roads"]
    assert "too many roads between these monasteries" in refused.value.problems[0].reason
    assert steps.units <= REQUEST_WORK


def test_graphs_each_searchable_alone_are_refused_together_within_one_budget(monkeypatch):
    """Each player's roads alone fit in the budget; five of them under both rules do not."""
    units_decide(monkeypatch)
    alone = WorkBudget()
    cover(thinned_bipartite(), DISJOINT, alone)
    assert REQUEST_WORK // 2 < alone.spent < REQUEST_WORK
    steps = SearchSteps(monkeypatch)
    with pytest.raises(InvalidInput) as refused:
        score(absurd_position(roads=thinned_bipartite()))
    assert [p.field for p in refused.value.problems] == ["chains.green.roads", "chains.red.roads"]
    assert steps.units <= REQUEST_WORK


def test_the_refusal_is_in_the_language_asked_for(monkeypatch):
    with pytest.raises(InvalidInput) as refused:
        score(absurd_position(), tr=translator_for("de"))
    reason = refused.value.problems[0].reason
    assert reason and "too many roads" not in reason


def test_the_budget_in_effect_is_shared_with_what_else_spent_from_it(monkeypatch):
    """The web app gives each request one budget: a scoring spends from it, never beyond it."""
    roads = complete_bipartite(3, 5)  # 8 monasteries: settles in a few hundred units
    data = position(monasteries=every_monastery_on_board(("green", "red", "blue")), chains={"green": {"roads": roads}})
    assert step(score(data), "chain", "green").awards == {"green": 7}
    nearly_spent = WorkBudget(limit=1000)
    nearly_spent.spent = 999
    with spending(nearly_spent), pytest.raises(InvalidInput) as refused:
        score(data)
    assert [p.field for p in refused.value.problems] == ["chains.green.roads"]


def test_the_heaviest_search_is_named_when_a_later_player_runs_the_budget_out():
    heavy = complete_bipartite(8, 12)
    small = [["x", "y"], ["y", "z"], ["z", "w"], ["w", "v"]]
    colors = ("green", "red", "blue")
    data = position(colors=colors, monasteries=every_monastery_on_board(colors), chains={"green": {"roads": small}, "red": {"roads": heavy}})
    with pytest.raises(InvalidInput) as refused:
        score(data)
    assert [p.field for p in refused.value.problems] == ["chains.red.roads"]


@pytest.mark.parametrize("rule", [DISJOINT, LONGEST_PER_GROUP])
def test_a_search_on_its_own_stops_at_its_budget(monkeypatch, rule):
    steps = SearchSteps(monkeypatch)
    with pytest.raises(TooComplex):
        cover(complete_bipartite(8, 12), rule, WorkBudget(limit=5000))
    assert 0 < steps.units <= 5000


def test_a_part_of_a_budget_counts_against_the_whole():
    whole = WorkBudget(limit=100)
    part = whole.part(60)
    for _ in range(60):
        part.spend()
    assert (whole.spent, part.ran_out) == (60, False)
    with pytest.raises(TooMuchWork):
        part.spend()
    assert (whole.spent, part.ran_out, whole.ran_out) == (60, True, False)
    other = whole.part(60)
    with pytest.raises(TooMuchWork):
        other.spend(41)
    assert (whole.spent, other.spent, other.ran_out, whole.ran_out) == (60, 0, False, True)


# --- a kept scoring explained again without searching ------------------------------------------
ROADS = [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["c", "x"], ["x", "y"], ["y", "z"], ["z", "w"]]
SCORED = position(monasteries={"Bayern": {"green": 9}}, chains={"green": {"roads": ROADS}})


def test_a_report_built_from_what_a_scoring_found_searches_nothing_and_says_the_same(monkeypatch):
    first = score(SCORED)
    assert first.found == {"chains": {"green": {"disjoint": [["a", "b", "c", "d", "e"], ["x", "y", "z", "w"]], "longest-per-group": [["a", "b", "c", "x", "y", "z", "w"]]}}}
    assert "found" not in first.to_json()  # kept by the web app, not part of the answer
    steps = SearchSteps(monkeypatch)
    again = GAME.score(SCORED, translator_for("de"), found=first.found)
    assert (steps.searches, steps.units) == (0, 0)
    assert again.to_json() == GAME.score(SCORED, translator_for("de")).to_json()
    assert again.found == first.found


@pytest.mark.parametrize(
    "lines",
    [
        [["a", "b", "c"]],  # too short
        [["a", "b", "c", "x"], ["x", "y", "z", "w"]],  # sharing x
        [["a", "c", "d", "e"]],  # no road a-c
        [["a", "b", "c", "nowhere"]],
        "a-b-c-d",
        [[1, 2, 3, 4]],
    ],
)
def test_kept_lines_that_do_not_fit_the_roads_are_searched_again(lines):
    assert cover_from_lines(ROADS, DISJOINT, lines) is None
    found = {"chains": {"green": {"disjoint": lines, "longest-per-group": [["a", "b", "c", "x", "y", "z", "w"]]}}}
    assert GAME.score(SCORED, found=found).to_json() == score(SCORED).to_json()


def test_kept_lines_rebuild_the_groups_and_leftovers():
    roads = ROADS + [["p", "q"], ["m", "n"], ["n", "o"], ["o", "r"], ["r", "s"]]
    for rule in (DISJOINT, LONGEST_PER_GROUP):
        searched = cover(roads, rule)
        rebuilt = cover_from_lines(roads, rule, [list(line) for line in searched.lines])
        assert rebuilt == searched and len(rebuilt.groups) == 3


def test_a_search_stops_when_its_thread_has_spent_the_budgets_seconds():
    """Security review, finding 7: on a busy machine 800,000 units took up to 1.9 s of CPU. The
    clock stops the search, units left or not."""
    budget = WorkBudget(limit=10**9, seconds=0.02)
    with pytest.raises(TooComplex):
        cover(complete_bipartite(8, 12), DISJOINT, budget)
    assert budget.ran_out and 0 < budget.spent < REQUEST_WORK


def test_the_clock_is_the_outermost_budgets_and_parts_share_it():
    whole = WorkBudget(limit=10**9, seconds=0.0)
    part = whole.part(10**6)
    with pytest.raises(TooMuchWork):
        for _ in range(10_000):
            part.spend()
    assert whole.ran_out and not part.ran_out and whole.spent < 10_000


def test_a_scoring_on_its_own_has_the_clock_of_a_request(monkeypatch):
    from assistant.games import work

    monkeypatch.setattr(work, "REQUEST_SECONDS", 0.02)
    with pytest.raises(InvalidInput) as refused:
        score(absurd_position())
    assert refused.value.problems[0].field == "chains.green.roads"
