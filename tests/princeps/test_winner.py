"""The winner: most VP, then the three tie-breaks in order, then a shared win."""
from tests.princeps.helpers import player, position, score, tie_breaks


def test_most_vp_wins_without_tie_breaks():
    report = score(position(player("Ana", gold=(2, 0), trade=(1, 0)), player("Ben", farming=(1, 0))))
    assert report.winners == ["Ana"]
    assert report.decided_by == "vp"
    assert report.verdict == "Ana wins with 3 VP."
    assert tie_breaks(report) == []


def test_level_1_most_stable_territories():
    # Most territories shared (4 each); Ana most stable gold, Ben most stable trade: 2 VP each.
    ana = player("Ana", gold=(3, 0), farming=(0, 1))
    ben = player("Ben", trade=(2, 0), farming=(0, 2))
    report = score(position(ana, ben))
    assert [p.vp for p in report.players] == [2, 2]
    assert report.winners == ["Ana"]
    assert report.decided_by == "stable"
    [level] = tie_breaks(report)
    assert (level.subject, level.number, level.awards) == ("stable", 1, {})
    assert level.text == "Ana and Ben are tied on 2 VP; most stable territories: Ana (3) wins."
    assert level.details == {"contenders": ["Ana", "Ben"], "counts": {"Ana": 3, "Ben": 2}, "most": 3, "leaders": ["Ana"]}
    assert report.verdict == "Ana wins on the first tie-break: tied on 2 VP, but with the most stable territories (3)."


def test_level_2_most_gold_territories_counts_destabilised_gold():
    # 5 territories each (shared), Ana most stable gold, Ben most stable trade; 2 stable each.
    # Ana has more *stable* gold, but Ben more gold in all: the tie-break counts all gold.
    ana = player("Ana", gold=(1, 0), trade=(1, 0), farming=(0, 3))
    ben = player("Ben", gold=(0, 3), trade=(2, 0))
    report = score(position(ana, ben))
    assert report.winners == ["Ben"]
    assert report.decided_by == "gold"
    first, second = tie_breaks(report)
    assert first.text == "Ana and Ben are tied on 2 VP; most stable territories: Ana and Ben (2 each), still tied."
    assert second.text == "Ana and Ben are still tied; most gold territories: Ben (3) wins."
    assert second.number == 2
    assert report.verdict == (
        "Ben wins on the second tie-break: tied on 2 VP and on stable territories, but with the most gold territories (3)."
    )


def test_level_3_most_trade_territories_counts_destabilised_trade():
    # 4 territories each and 2 stable gold each: both categories shared, 2 VP each.
    ana = player("Ana", gold=(2, 0), trade=(0, 2))
    ben = player("Ben", gold=(2, 0), trade=(0, 1), farming=(0, 1))
    report = score(position(ana, ben))
    assert report.winners == ["Ana"]
    assert report.decided_by == "trade"
    assert [s.subject for s in tie_breaks(report)] == ["stable", "gold", "trade"]
    assert tie_breaks(report)[2].text == "Ana and Ben are still tied; most trade territories: Ana (2) wins."
    assert report.verdict == (
        "Ana wins on the third tie-break: tied on 2 VP, stable territories and gold territories, but with the most trade territories (2)."
    )


def test_still_tied_after_all_three_is_a_shared_win():
    report = score(position(player("Ana", gold=(1, 0), trade=(0, 1)), player("Ben", gold=(1, 0), trade=(0, 1))))
    assert report.winners == ["Ana", "Ben"]
    assert report.decided_by == "shared"
    last = tie_breaks(report)[-1]
    assert last.text == "Ana and Ben are still tied; most trade territories: Ana and Ben (1 each): they share the win."
    assert report.verdict == (
        "Ana and Ben share the win: tied on 2 VP, on stable territories, on gold territories and on trade territories. "
        "The rulebook says nothing about a tie after the third tie-break; a shared win is the default reading."
    )


def test_a_tie_break_with_nothing_to_count_leaves_them_tied():
    report = score(position(player("Ana", farming=(1, 0)), player("Ben", farming=(1, 0))))
    texts = [s.text for s in tie_breaks(report)]
    assert texts == [
        "Ana and Ben are tied on 2 VP; most stable territories: Ana and Ben (1 each), still tied.",
        "Ana and Ben are still tied; most gold territories: none of them has any, still tied.",
        "Ana and Ben are still tied; most trade territories: none of them has any: they share the win.",
    ]
    assert report.winners == ["Ana", "Ben"]


def test_only_the_players_tied_on_most_vp_take_part():
    # Cy has the most stable territories of all (4) but no VP: only Ana and Ben are compared.
    ana = player("Ana", gold=(3, 0), farming=(0, 2))
    ben = player("Ben", trade=(3, 0), farming=(0, 2))
    cy = player("Cy", gold=(2, 0), trade=(2, 0))
    report = score(position(ana, ben, cy))
    assert [p.vp for p in report.players] == [2, 2, 0]
    first, second = tie_breaks(report)
    assert first.details["contenders"] == ["Ana", "Ben"]
    assert first.text == "Ana and Ben are tied on 2 VP; most stable territories: Ana and Ben (3 each), still tied."
    assert report.winners == ["Ana"] and report.decided_by == "gold"


def test_a_three_way_tie_narrows_level_by_level():
    # 4 territories each (shared); one stable category each: 2 VP each. Stable: Ana 2, Ben 2, Cy 1.
    ana = player("Ana", gold=(2, 2))
    ben = player("Ben", gold=(0, 1), trade=(2, 1))
    cy = player("Cy", farming=(1, 3))
    report = score(position(ana, ben, cy))
    assert [p.vp for p in report.players] == [2, 2, 2]
    first, second = tie_breaks(report)
    assert first.text == "Ana, Ben and Cy are tied on 2 VP; most stable territories: Ana and Ben (2 each), still tied."
    assert second.text == "Ana and Ben are still tied; most gold territories: Ana (4) wins."
    assert second.details["contenders"] == ["Ana", "Ben"]
    assert report.winners == ["Ana"] and report.decided_by == "gold"


def test_level_1_under_the_house_rule():
    ana = player("Ana", gold=(3, 0), farming=(0, 1))
    ben = player("Ben", trade=(2, 0), farming=(0, 2))
    report = score(position(ana, ben, ties="nobody"))
    assert [p.vp for p in report.players] == [1, 1]
    assert tie_breaks(report)[0].text == "Ana and Ben are tied on 1 VP; most stable territories: Ana (3) wins."
    assert report.winners == ["Ana"]


def test_tie_breaks_keep_the_running_totals():
    ana = player("Ana", gold=(3, 0), farming=(0, 1))
    ben = player("Ben", trade=(2, 0), farming=(0, 2))
    level = tie_breaks(score(position(ana, ben)))[0]
    assert level.totals == {"Ana": 2, "Ben": 2}
