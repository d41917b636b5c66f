"""Invalid input: every problem names the field and says why in plain words."""
import pytest

from assistant.games.princeps import input_from_counts
from tests.princeps.helpers import player, position, problems, score

GOLD_STABLE = "players.0.territories.gold.stable"


def with_gold_stable(value):
    return position({"name": "Ana", "territories": {"gold": {"stable": value}}}, player("Ben"))


def test_negative_count():
    assert problems(with_gold_stable(-1)) == [(GOLD_STABLE, "must not be negative")]


@pytest.mark.parametrize("value", [1.5, 2.0, "2", True, False, None, [2]])
def test_counts_are_strictly_whole_numbers(value):
    assert problems(with_gold_stable(value)) == [(GOLD_STABLE, "must be a whole number")]


def test_a_count_above_the_deck():
    assert problems(with_gold_stable(25)) == [
        (GOLD_STABLE, "must be at most 24: the game has only 24 territory cards")
    ]


def test_the_whole_deck_in_one_count_is_allowed():
    assert score(with_gold_stable(24)).winners == ["Ana"]


def test_more_territories_on_the_table_than_in_the_deck():
    data = position(player("Ana", gold=(10, 5)), player("Ben", trade=(5, 5)))
    assert problems(data) == [("players", "25 territories in all, but the game has only 24 territory cards")]


def test_no_players():
    assert problems(position()) == [("players", "no players given; this app scores 2 or more players (the rulebook names no number)")]


def test_one_player():
    assert problems(position(player("Ana"))) == [("players", "1 player given; this app scores 2 or more players (the rulebook names no number)")]


def test_players_missing():
    assert problems({"game": "princeps-machiavelli"}) == [("players", "is required")]


@pytest.mark.parametrize("second", ["Ana", "ana", "  ANA ", "Ana\t"])
def test_duplicate_names_trimmed_and_case_insensitive(second):
    reason = f"{' '.join(second.split())} is already the name of another player"
    assert problems(position(player("Ana"), player(second))) == [("players.1.name", reason)]


@pytest.mark.parametrize("name", ["", "   "])
def test_empty_name(name):
    assert problems(position(player("Ana"), player(name))) == [("players.1.name", "must not be empty")]


def test_missing_name():
    assert problems(position(player("Ana"), {"territories": {}})) == [("players.1.name", "is required")]


def test_name_must_be_text():
    assert problems(position(player("Ana"), {"name": 7})) == [("players.1.name", "must be text")]


def test_names_are_trimmed():
    report = score(position(player("  Ana   Lucía "), player("Ben", gold=(1, 0))))
    assert report.players[0].name == "Ana Lucía"


def test_unknown_kind_of_wealth():
    data = position({"name": "Ana", "territories": {"silver": {"stable": 1}}}, player("Ben"))
    assert problems(data) == [
        ("players.0.territories.silver", "unknown kind of wealth; the kinds are: gold, trade, farming")
    ]


def test_unknown_state():
    data = position({"name": "Ana", "territories": {"gold": {"stabilised": 1}}}, player("Ben"))
    assert problems(data) == [
        ("players.0.territories.gold.stabilised", "unknown state; the states are: stable, destabilised")
    ]


@pytest.mark.parametrize(
    "data, field",
    [
        ({"extra": 1}, "extra"),
        ({"players": [{"name": "Ana", "colour": "red"}, {"name": "Ben"}]}, "players.0.colour"),
        ({"rules": {"ties": "shared", "chains": "disjoint"}}, "rules.chains"),
    ],
)
def test_unknown_fields(data, field):
    base = position(player("Ana"), player("Ben"))
    assert problems({**base, **data}) == [(field, "is not a known field")]


def test_unknown_tie_rule():
    data = position(player("Ana"), player("Ben"), ties="half")
    assert problems(data) == [("rules.ties", "must be one of: 'shared' or 'nobody'")]


@pytest.mark.parametrize(
    "data, field",
    [
        ([], "input"),
        ({"players": {"Ana": {}}}, "players"),
        ({"players": ["Ana", "Ben"]}, "players.0"),
        ({"players": [{"name": "Ana", "territories": {"gold": 3}}, {"name": "Ben"}]}, "players.0.territories.gold"),
        ({"players": [{"name": "Ana", "territories": [1, 2]}, {"name": "Ben"}]}, "players.0.territories"),
    ],
)
def test_wrong_shapes_name_the_field(data, field):
    found = problems({"game": "princeps-machiavelli", **data} if isinstance(data, dict) else data)
    assert [f for f, _ in found][:1] == [field]


def test_every_problem_is_reported_at_once():
    data = {
        "game": "princeps-machiavelli",
        "players": [
            {"name": "Ana", "territories": {"gold": {"stable": -2}, "wine": {}}},
            {"name": "ana", "territories": {"trade": {"destabilised": 1.5}}},
        ],
        "rules": {"ties": "sometimes"},
    }
    assert sorted(field for field, _ in problems(data)) == [
        "players.0.territories.gold.stable",
        "players.0.territories.wine",
        "players.1.name",
        "players.1.territories.trade.destabilised",
        "rules.ties",
    ]


def test_the_input_is_not_changed():
    data = position({"name": "Ana", "territories": {"wine": {}}}, player("Ben"))
    before = repr(data)
    problems(data)
    assert repr(data) == before


# --- warnings: odd but scorable ---------------------------------------------------------------
def test_more_players_than_prince_cards_is_a_warning():
    report = score(position(*(player(name) for name in "ABCDEF")))
    assert [(w.field, w.reason) for w in report.warnings] == [
        ("players", "6 players, but the game has only 5 Prince cards, one per player")
    ]


def test_five_players_no_warning():
    assert score(position(*(player(name) for name in "ABCDE"))).warnings == []


# --- the builder for an entry screen ----------------------------------------------------------
def test_input_from_counts_builds_a_valid_input():
    data = input_from_counts(
        [("Ana", {"gold_stable": 2, "farming_destabilised": 1}), ("Ben", {"trade_stable": 3})], ties="nobody"
    )
    assert data["players"][0]["territories"] == {
        "gold": {"stable": 2, "destabilised": 0},
        "trade": {"stable": 0, "destabilised": 0},
        "farming": {"stable": 0, "destabilised": 1},
    }
    report = score(data)
    assert report.rules == {"ties": "nobody"}
    assert [p.vp for p in report.players] == [1, 1]


def test_input_from_counts_plays_shared_ties_unless_told():
    assert score(input_from_counts([("Ana", {"gold_stable": 1}), ("Ben", {})])).rules == {"ties": "shared"}


# --- every problem of a messy input, each once -------------------------------------------------
def test_every_unknown_kind_and_state_is_reported_past_a_player_without_territories():
    data = position(
        {"name": "Ana"},
        {"name": "Ben", "territories": {"silver": {"stable": 1}, "copper": {"stable": 1}, "gold": {"stabilised": 1}}},
    )
    assert problems(data) == [
        ("players.1.territories.silver", "unknown kind of wealth; the kinds are: gold, trade, farming"),
        ("players.1.territories.copper", "unknown kind of wealth; the kinds are: gold, trade, farming"),
        ("players.1.territories.gold.stabilised", "unknown state; the states are: stable, destabilised"),
    ]


def test_names_are_checked_past_a_name_that_is_not_text():
    data = position({"name": 7}, player("Ana Lucía"), player(" ana   LUCÍA "))
    assert problems(data) == [
        ("players.2.name", "ana LUCÍA is already the name of another player"),
        ("players.0.name", "must be text"),
    ]


@pytest.mark.parametrize("data", [[], "players", 3, None])
def test_the_input_must_be_an_object(data):
    assert problems(data) == [("input", "must be a JSON object")]
