"""Alliances with shared majorities, and chains: branches, side branches, rings, groups."""
import pytest

from assistant.games.kardinal.chains import DISJOINT, LONGEST_PER_GROUP, cover
from tests.kardinal.helpers import position, score, step


def line(*names):
    return [(a, b) for a, b in zip(names, names[1:])]


# --- alliances ---
def test_alliances_are_scored_1_to_15_after_the_countries():
    report = score(position())
    assert [s.number for s in report.steps if s.kind == "alliance"] == list(range(1, 16))
    kinds = [s.kind for s in report.steps]
    assert kinds == ["country"] * 9 + ["alliance"] * 15 + ["chain"] * 3


def test_shared_majority_in_one_country_only_the_common_holder_scores():
    advisors = {"Franken": {"green": 1, "red": 1}, "Bayern": {"green": 2}}
    report = score(position(advisors=advisors))
    assert step(report, "alliance", number=11).awards == {"green": 4}


def test_majority_in_several_alliances_scores_each():
    advisors = {"Bayern": {"red": 1}, "Franken": {"red": 1}, "Schwaben": {"red": 2}, "Italien": {"red": 1}}
    report = score(position(advisors=advisors))
    scored = {s.number: s.awards for s in report.steps if s.kind == "alliance" and s.awards}
    assert scored == {10: {"red": 3}, 11: {"red": 2}, 13: {"red": 3}, 15: {"red": 2}}


def test_no_advisor_in_a_country_means_no_majority():
    report = score(position(advisors={"Italien": {"blue": 1}}))
    alliance = step(report, "alliance", number=14)
    assert alliance.awards == {}
    assert "no advisors in Burgund" in alliance.text


def test_alliances_and_chains_are_not_scored_in_the_intermediate_scoring():
    data = position("intermediate", advisors={"Italien": {"blue": 1}, "Burgund": {"blue": 1}}, chains={"blue": {"lengths": [4]}}, monasteries={"Italien": {"blue": 4}, "Burgund": {"blue": 1}})
    report = score(data)
    assert {s.kind for s in report.steps} == {"country"}
    assert [w.field for w in report.warnings] == ["chains"]


# --- chains ---
@pytest.mark.parametrize(
    "roads, disjoint, longest",
    [
        (line("a", "b", "c"), 0, 0),  # too short
        (line("a", "b", "c", "d"), 4, 4),
        (line("a", "b", "c", "d", "e") + [("c", "x")], 5, 5),  # rulebook: a short branch does not count
        (line("a", "b", "c", "d", "e") + line("c", "x", "y", "z", "w"), 9, 7),  # side branch of 4 is a chain of its own
        (line("a", "b", "c", "d", "e", "f", "a"), 6, 6),  # a ring of 6 scores 6
        (line("a", "b", "c", "d") + line("p", "q", "r", "s", "t"), 9, 9),  # two groups
        ([("h", x) for x in "abc"], 0, 0),  # a star of 4 has no line of 4
        (line("a", "b", "c", "d", "e") + [("c", "x"), ("x", "y")], 5, 5),
        # a plus sign with arms of 2: two lines cannot share the middle, so one line of 5 only
        (line("a1", "a2", "m", "b2", "b1") + line("c1", "c2", "m", "d2", "d1"), 5, 5),
    ],
)
def test_chain_covers(roads, disjoint, longest):
    assert cover(roads, DISJOINT).points == disjoint
    assert cover(roads, LONGEST_PER_GROUP).points == longest


def test_chain_lines_share_no_monastery_and_follow_roads():
    roads = line("a", "b", "c", "d", "e") + line("c", "x", "y", "z", "w")
    found = cover(roads)
    used = [m for chain in found.lines for m in chain]
    assert len(used) == len(set(used)) == 9
    road_set = {frozenset(r) for r in roads}
    assert all(frozenset(pair) in road_set for chain in found.lines for pair in zip(chain, chain[1:]))


def test_grid_of_twenty_is_one_line():
    roads = [(f"{r}{c}", f"{r}{c+1}") for r in range(4) for c in range(4)] + [(f"{r}{c}", f"{r+1}{c}") for r in range(3) for c in range(5)]
    assert cover(roads).points == 20


def test_chain_step_adds_counted_lengths_and_names_the_house_rule_difference():
    roads = line("a", "b", "c", "d", "e") + line("c", "x", "y", "z", "w")
    data = position(monasteries={"Bayern": {"green": 8}, "Franken": {"green": 8}}, chains={"green": {"roads": roads, "lengths": [4]}})
    chain = step(score(data), "chain", "green")
    assert chain.awards == {"green": 13}
    assert "a counted chain of 4 scores 4" in chain.text
    assert "would be 11 points" in chain.text  # longest-per-group: 7 + 4


def test_house_rule_longest_per_group():
    roads = line("a", "b", "c", "d", "e") + line("c", "x", "y", "z", "w")
    data = position(monasteries={"Bayern": {"green": 9}}, chains={"green": {"roads": roads}}, rules={"chains": "longest-per-group"})
    report = score(data)
    assert step(report, "chain", "green").awards == {"green": 7}
    assert report.rules == {"chains": "longest-per-group"}
    assert "House rule for chains" in report.notes[0]


def test_player_without_chains_gets_a_step_with_no_points():
    data = position(monasteries={"Bayern": {"green": 4}}, chains={"green": {"lengths": [4]}})
    chain = step(score(data), "chain", "red")
    assert chain.awards == {}
    assert chain.text == "Red: no chain of 4 or more monasteries, no points."


def test_a_final_scoring_with_no_chain_entered_for_anyone_says_so_rather_than_that_there_are_none():
    report = score(position(monasteries={"Bayern": {"green": 4}}))
    assert [step.text for step in report.steps if step.kind == "chain"] == [
        "Green: no chains entered, no points.", "Red: no chains entered, no points.", "Blue: no chains entered, no points."]
