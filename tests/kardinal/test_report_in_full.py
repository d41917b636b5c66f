"""One position, and everything its report says: each player's points by kind, every step's
details, the notes and the verdict, word for word (what the table hears and reads)."""
import pytest

from assistant.games.kardinal.board import published_board
from assistant.games.kardinal.variants import variant_json
from tests.kardinal.helpers import position, result, score, step

DEFAULT_READING_NOTE = (
    "Chains, default reading: lines of 4 or more that share no monastery all count, so a side branch of 4 or more is a chain of its own. "
    "This is our reading of the rulebook's “Branches are not taken into account (the chain can only have one beginning and one end)” "
    "and “Each monastery in any chain may only be scored once”; a house rule can change it."
)
HOUSE_RULE_NOTE = "House rule for chains: only the longest line of each connected group of monasteries counts."


def game_end():
    """Anna (green) leads England and holds alliance 1 (England–Frankreich); red is alone in Bayern
    (8) and has a line of 4 on the roads plus a chain of 5 counted by eye; blue has nothing."""
    return position(
        names={"green": "Anna"},
        monasteries={"England": {"green": 2, "red": 1}, "Bayern": {"red": 8}},
        advisors={"England": {"green": 2}, "Frankreich": {"green": 1}},
        chains={"red": {"roads": [["a", "b"], ["b", "c"], ["c", "d"]], "lengths": [5]}},
        previous={"green": 5, "red": 1},
    )


def test_each_player_hears_points_by_kind_on_top_of_the_previous_total():
    report = score(game_end())
    green, red = result(report, "green"), result(report, "red")
    # England: green 2 of 3 monasteries scores all 3; red, second, as many as green has (2).
    # Alliance 1: green holds the majority in England and Frankreich, all 3 advisors.
    assert (green.previous, green.monasteries, green.alliances, green.chains, green.points, green.total) == (5, 3, 3, 0, 6, 11)
    # Red: second in England (2), Bayern (8); the line a–b–c–d (4) and a chain counted by eye (5).
    assert (red.previous, red.monasteries, red.alliances, red.chains, red.points, red.total) == (1, 10, 0, 9, 19, 20)
    blue = result(report, "blue")  # no previous total given: it starts from 0
    assert (blue.previous, blue.points, blue.total) == (0, 0, 0)
    assert report.winners == ["red"] and report.decided_by == "points"
    assert report.verdict == "Red wins with 20 points."


def test_every_step_keeps_what_it_was_decided_on():
    report = score(game_end())
    england = step(report, "country", "England")
    assert england.details == {"monasteries": {"green": 2, "red": 1}, "total": 3}
    assert england.awards == {"green": 3, "red": 2} and england.totals == {"green": 8, "red": 3, "blue": 0}
    alliance = step(report, "alliance", number=1)
    assert alliance.subject == "England–Frankreich"
    assert alliance.details == {
        "countries": ["England", "Frankreich"],
        "advisors": {"England": {"green": 2}, "Frankreich": {"green": 1}},
        "holders": {"England": ["green"], "Frankreich": ["green"]},
        "source": "inferred",  # the published board's alliance 1, across the sea
        "sea": True,
    }
    assert alliance.awards == {"green": 3}
    assert alliance.text == (
        "Alliance 1, England–Frankreich: Anna (green) holds the advisor majority in both and scores all 3 advisors (England 2 + Frankreich 1)."
    )
    chain = step(report, "chain", "red")
    assert chain.details == {"lines": [["a", "b", "c", "d"]], "left_over": [], "lengths": [5], "other_rule_points": 9}
    assert chain.text == "Red: the line a–b–c–d scores 4; a counted chain of 5 scores 5; 9 points in all."
    nothing = step(report, "chain", "blue")
    assert (nothing.awards, nothing.details) == ({}, {"lines": [], "left_over": [], "lengths": [], "other_rule_points": 0})
    assert report.steps[-1].totals == {"green": 11, "red": 20, "blue": 0}


def test_an_alliance_split_between_two_players_names_each_countrys_majority():
    report = score(position(advisors={"England": {"green": 2, "red": 1}, "Frankreich": {"red": 1}}))
    alliance = step(report, "alliance", number=1)
    assert alliance.awards == {}
    assert alliance.details["holders"] == {"England": ["green"], "Frankreich": ["red"]}
    assert alliance.text == (
        "Alliance 1, England–Frankreich: nobody holds the advisor majority in both (majority in England: Green; majority in Frankreich: Red)."
    )


def test_the_report_keeps_the_lines_it_found_for_the_next_scoring():
    assert score(game_end()).found == {"chains": {"red": {"disjoint": [["a", "b", "c", "d"]], "longest-per-group": [["a", "b", "c", "d"]]}}}
    assert score(position(monasteries={"England": {"green": 2}})).found == {}


def test_the_final_report_notes_the_chain_reading_and_a_tables_board():
    assert score(game_end()).notes == [DEFAULT_READING_NOTE]
    house = score({**game_end(), "rules": {"chains": "longest-per-group"}})
    assert house.notes == [HOUSE_RULE_NOTE]
    board = variant_json(published_board()) | {"name": "Our board"}
    board["alliances"][0] = ["England", "Aragon"]
    corrected = score({**game_end(), "board": board})
    assert corrected.notes == [DEFAULT_READING_NOTE, "Scored on the board variant “Our board”; the table corrected alliance 1."]


def test_the_intermediate_report_has_no_chain_note():
    report = score(position("intermediate", monasteries={"England": {"green": 2}}))
    assert report.notes == []
    assert [s.kind for s in report.steps] == ["country"] * len(report.steps)


# --- the verdict, word for word ------------------------------------------------------------------
def test_a_win_by_one_point_is_said_in_the_singular():
    report = score(position(monasteries={"England": {"red": 1}}))
    assert report.verdict == "Red wins with 1 point."


def test_a_lead_by_one_point_is_said_in_the_singular():
    report = score(position("intermediate", previous={"red": 1}))
    assert report.verdict == "Red leads with 1 point after the intermediate scoring."


def test_a_shared_lead_after_the_intermediate_scoring():
    # Green and red tie on 4 with the same supply; blue has 1.
    report = score(position("intermediate", monasteries={"England": {"green": 2, "red": 2}}, previous={"blue": 1}))
    assert report.decided_by == "shared" and report.winners == ["green", "red"]
    assert report.verdict == "Green and Red share the lead with 4 points after the intermediate scoring."


def test_a_shared_lead_on_one_point_is_said_in_the_singular():
    report = score(position("intermediate", previous={"green": 1, "red": 1}))
    assert report.verdict == "Green and Red share the lead with 1 point after the intermediate scoring."


def test_a_lead_on_points_tied_but_broken_by_supply_is_still_a_shared_lead_by_points():
    # Intermediate: tied on points, red has fewer pieces left; the lead is spoken of as shared.
    report = score(position("intermediate", monasteries={"England": {"green": 1, "red": 1}}, advisors={"England": {"red": 1}}))
    assert report.decided_by == "supply" and report.winners == ["green"]
    assert report.verdict == "Green and Red share the lead with 2 points after the intermediate scoring."


def test_a_tie_broken_by_supply_names_the_supply():
    data = position(monasteries={"England": {"green": 1, "red": 1}}, advisors={"England": {"red": 1}}, previous={"green": 1, "red": 1})
    assert score(data).verdict == "Green wins: tied on 3 points, but with the most pieces left in supply (27)."
    one = position(advisors={"England": {"red": 1}}, previous={"green": 1, "red": 1})
    assert score(one).verdict == "Green wins: tied on 1 point, but with the most pieces left in supply (28)."


def test_a_tie_the_supply_does_not_break_is_a_shared_win():
    report = score(position(monasteries={"England": {"green": 1, "red": 1}}))
    assert report.verdict == (
        "Green and Red share the win: tied on 2 points and on pieces left in supply (27 each). "
        "The rulebooks say nothing about a tie the supply does not break; a shared win is the default reading."
    )
    one = score(position(previous={"green": 1, "red": 1}))
    assert one.verdict == (
        "Green and Red share the win: tied on 1 point and on pieces left in supply (28 each). "
        "The rulebooks say nothing about a tie the supply does not break; a shared win is the default reading."
    )


# --- the chain sentence names the other reading ----------------------------------------------------
BRANCHES = "The rulebook says: “Branches are not taken into account (the chain can only have one beginning and one end).”"
TWO_LINES_AT_M1 = [["m1", "m6"], ["m6", "m8"], ["m3", "m4"], ["m1", "m9"], ["m0", "m1"], ["m1", "m2"], ["m2", "m3"], ["m4", "m5"]]


@pytest.mark.parametrize(
    "rule, points, text, left_over, other_rule_points",
    [
        (
            "disjoint",
            8,
            "Green: the line m8–m6–m1–m9 scores 4; the line m2–m3–m4–m5 scores 4; 8 points in all. "
            f"Monastery m0 is a branch or a leftover and does not count. {BRANCHES} "
            "Under the default reading a side branch of 4 or more is a chain of its own; "
            "with the house rule 'only the longest line of each group' it would be 7 points.",
            ["m0"],
            7,
        ),
        (
            "longest-per-group",
            7,
            "Green: the line m8–m6–m1–m2–m3–m4–m5 scores 7; 7 points in all. "
            f"Monasteries m9, m0 are branches or leftovers and do not count. {BRANCHES} "
            "Under the default reading (a side branch of 4 or more is a chain of its own) it would be 8 points.",
            ["m9", "m0"],
            8,
        ),
    ],
)
def test_the_chain_sentence_gives_the_other_readings_total(rule, points, text, left_over, other_rule_points):
    data = position(monasteries={"Bayern": {"green": 10}}, chains={"green": {"roads": TWO_LINES_AT_M1}}, rules={"chains": rule})
    chain = step(score(data), "chain", "green")
    assert chain.awards == {"green": points}
    assert chain.text == text
    assert (chain.details["left_over"], chain.details["other_rule_points"]) == (left_over, other_rule_points)


def test_advisors_entered_as_zero_hold_no_majority():
    report = score(position(advisors={"England": {"green": 0}, "Frankreich": {"green": 0}}))
    alliance = step(report, "alliance", number=1)
    assert (alliance.awards, alliance.details["holders"]) == ({}, {"England": [], "Frankreich": []})
    assert alliance.text == "Alliance 1, England–Frankreich: no advisors in either country, nobody scores."


def test_separate_chains_are_named_in_the_order_their_roads_were_entered():
    """Two groups of monasteries with no road between them: the sentence reads them as the table
    entered them, the first road's group first, and the leftovers in the same order."""
    roads = [["a1", "a2"], ["a2", "a3"], ["a3", "a4"], ["a4", "a5"], ["a2", "a6"], ["b1", "b2"], ["b2", "b3"], ["b3", "b4"], ["b2", "b5"]]
    data = position(monasteries={"Bayern": {"green": 11}}, chains={"green": {"roads": roads}})
    chain = step(score(data), "chain", "green")
    assert chain.text == (
        "Green: the line a5–a4–a3–a2–a6 scores 5; the line b4–b3–b2–b5 scores 4; 9 points in all. "
        f"Monasteries a1, b1 are branches or leftovers and do not count. {BRANCHES}"
    )
    assert chain.details["left_over"] == ["a1", "b1"]
