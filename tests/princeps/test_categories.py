"""The four VP categories: who holds the most, shared and house-rule ties, zero of a kind."""
import pytest

from tests.princeps.helpers import player, position, result, score, step


def test_most_territories_counts_destabilised_ones():
    report = score(position(player("Ana", gold=(0, 3)), player("Ben", trade=(2, 0))))
    most = step(report, "category", "territories")
    assert most.awards == {"Ana": 1}
    assert most.text == "Most territories: Ana (3), +1 VP."
    assert most.details["counts"] == {"Ana": 3, "Ben": 2}


@pytest.mark.parametrize(
    "category, kind, label",
    [("stable_gold", "gold", "gold"), ("stable_trade", "trade", "trade"), ("stable_farming", "farming", "farming")],
)
def test_each_stable_kind_is_its_own_category(category, kind, label):
    ana = player("Ana", **{kind: (3, 0)})
    ben = player("Ben", **{kind: (1, 4)})  # more of the kind in all, but fewer stable
    report = score(position(ana, ben))
    most = step(report, "category", category)
    assert most.awards == {"Ana": 1}
    assert most.text == f"Most stable {label} territories: Ana (3), +1 VP."
    assert most.details["outcome"] == "single"
    assert step(report, "category", "territories").awards == {"Ben": 1}


def test_the_categories_come_in_the_rulebook_order():
    report = score(position(player("Ana", gold=(1, 0)), player("Ben")))
    assert [(s.kind, s.subject) for s in report.steps] == [
        ("category", "territories"),
        ("category", "stable_gold"),
        ("category", "stable_trade"),
        ("category", "stable_farming"),
    ]


def test_one_player_can_take_all_four_points():
    report = score(position(player("Ana", gold=(1, 0), trade=(1, 0), farming=(1, 0)), player("Ben")))
    assert result(report, "Ana").vp == 4
    assert result(report, "Ana").categories == ["territories", "stable_gold", "stable_trade", "stable_farming"]
    assert result(report, "Ben").vp == 0
    assert [s.totals for s in report.steps] == [
        {"Ana": 1, "Ben": 0},
        {"Ana": 2, "Ben": 0},
        {"Ana": 3, "Ben": 0},
        {"Ana": 4, "Ben": 0},
    ]


# --- ties in a category -------------------------------------------------------------------------
def test_a_tied_category_is_shared_by_default():
    report = score(position(player("Ana", gold=(5, 0)), player("Ben", farming=(2, 3)), player("Cy", trade=(1, 0))))
    most = step(report, "category", "territories")
    assert most.awards == {"Ana": 1, "Ben": 1}
    assert most.text == "Most territories: Ana and Ben share it (5 each), +1 VP each."
    assert most.details["outcome"] == "shared"
    assert report.rules == {"ties": "shared"}


def test_a_three_way_shared_category_names_everyone():
    players = [player(name, gold=(2, 0)) for name in ("Ana", "Ben", "Cy")]
    most = step(score(position(*players)), "category", "stable_gold")
    assert most.awards == {"Ana": 1, "Ben": 1, "Cy": 1}
    assert most.text == "Most stable gold territories: Ana, Ben and Cy share it (2 each), +1 VP each."


def test_house_rule_nobody_gets_a_tied_category():
    data = position(player("Ana", gold=(5, 0)), player("Ben", farming=(2, 3)), player("Cy", trade=(1, 0)), ties="nobody")
    report = score(data)
    most = step(report, "category", "territories")
    assert most.awards == {}
    assert most.text == "Most territories: Ana and Ben are tied (5 each): nobody gets the point (house rule)."
    assert most.details["outcome"] == "nobody"
    assert most.details["holders"] == ["Ana", "Ben"]
    assert report.rules == {"ties": "nobody"}
    assert report.notes == ["House rule for ties: a category tied for the most gives nobody the point."]


def test_house_rule_leaves_untied_categories_alone():
    data = position(player("Ana", gold=(3, 0)), player("Ben", gold=(1, 0), trade=(2, 0)), ties="nobody")
    report = score(data)
    assert step(report, "category", "territories").awards == {}  # 3 each
    assert step(report, "category", "stable_gold").awards == {"Ana": 1}
    assert step(report, "category", "stable_trade").awards == {"Ben": 1}


def test_house_rule_can_change_the_winner():
    ana = player("Ana", gold=(2, 0))
    ben = player("Ben", gold=(2, 0))
    cy = player("Cy", trade=(1, 0))
    shared = score(position(ana, ben, cy))
    nobody = score(position(ana, ben, cy, ties="nobody"))
    # Shared: Ana and Ben each score most territories and most stable gold; Cy only stable trade.
    assert [p.vp for p in shared.players] == [2, 2, 1]
    assert [p.vp for p in nobody.players] == [0, 0, 1]
    assert nobody.winners == ["Cy"] and nobody.decided_by == "vp"


# --- zero of a kind is never the most -------------------------------------------------------------
@pytest.mark.parametrize(
    "category, sentence",
    [
        ("stable_gold", "Nobody has a stable gold territory: no point."),
        ("stable_trade", "Nobody has a stable trade territory: no point."),
        ("stable_farming", "Nobody has a stable farming territory: no point."),
    ],
)
def test_nobody_scores_a_stable_kind_nobody_holds(category, sentence):
    everything_destabilised = dict(gold=(0, 2), trade=(0, 2), farming=(0, 2))
    report = score(position(player("Ana", **everything_destabilised), player("Ben", gold=(0, 1))))
    most = step(report, "category", category)
    assert most.awards == {}
    assert most.text == sentence
    assert most.details["outcome"] == "none"
    assert most.details["holders"] == []


def test_nobody_with_a_territory_means_no_point_for_most_territories():
    report = score(position(player("Ana"), player("Ben")))
    most = step(report, "category", "territories")
    assert most.awards == {}
    assert most.text == "Nobody has a territory: no point."


def test_zero_is_not_the_most_even_when_everyone_ties_on_it():
    report = score(position(player("Ana", gold=(1, 0)), player("Ben", gold=(1, 0))))
    assert step(report, "category", "stable_trade").awards == {}
    assert step(report, "category", "stable_gold").awards == {"Ana": 1, "Ben": 1}


def test_player_results_carry_every_count():
    report = score(position(player("Ana", gold=(2, 1), trade=(0, 3), farming=(4, 0)), player("Ben")))
    ana = result(report, "Ana").model_dump()
    assert ana == {
        "name": "Ana",
        "vp": 3,
        "territories": 10,
        "stable": 6,
        "destabilised": 4,
        "gold": 3,
        "trade": 3,
        "farming": 4,
        "stable_gold": 2,
        "stable_trade": 0,
        "stable_farming": 4,
        "categories": ["territories", "stable_gold", "stable_farming"],
    }


def test_missing_kinds_states_and_territories_count_zero():
    data = position({"name": "Ana", "territories": {"gold": {"stable": 2}}}, {"name": "Ben"})
    report = score(data)
    assert result(report, "Ana").territories == 2
    assert result(report, "Ben").territories == 0
    assert report.warnings == []


def test_a_category_nobody_holds_reports_a_most_of_zero():
    report = score(position(player("Ana", gold=(1, 0)), player("Ben")))
    farming = step(report, "category", "stable_farming")
    assert farming.awards == {}
    assert farming.details == {"counts": {"Ana": 0, "Ben": 0}, "most": 0, "holders": [], "outcome": "none"}
    assert farming.text == "Nobody has a stable farming territory: no point."
