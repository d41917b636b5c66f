"""Monastery majorities beyond the rulebook examples: ties at every place, one player, empty."""
import pytest

from assistant.games.kardinal.monasteries import score_country
from tests.kardinal.helpers import position, score, step


@pytest.mark.parametrize(
    "counts, expected",
    [
        ({"a": 3}, {"a": 3}),  # one player scores every monastery there
        ({"a": 2, "b": 2, "c": 2}, {"a": 6, "b": 6, "c": 6}),  # all tied for first
        ({"a": 5, "b": 3, "c": 3}, {"a": 11, "b": 5, "c": 5}),  # tie for second
        ({"a": 5, "b": 3, "c": 2, "d": 2}, {"a": 12, "b": 5, "c": 3, "d": 3}),  # tie for third
        ({"a": 4, "b": 3, "c": 2, "d": 1, "e": 1}, {"a": 11, "b": 4, "c": 3, "d": 2, "e": 2}),  # tie for fourth
        ({"a": 5, "b": 4, "c": 3, "d": 2, "e": 1}, {"a": 15, "b": 5, "c": 4, "d": 3, "e": 2}),  # five places
        ({"a": 2, "b": 2, "c": 1, "d": 1}, {"a": 6, "b": 6, "c": 2, "d": 2}),  # ties at both places
        ({"a": 0, "b": 1}, {"b": 1}),  # zero monasteries is no place
        ({}, {}),
    ],
)
def test_dense_ranking(counts, expected):
    assert score_country(counts).awards == expected


def test_places_name_their_count_and_colours_in_player_order():
    result = score_country({"b": 2, "a": 2, "c": 1}, order=["a", "b", "c"])
    assert [(p.number, p.count, p.colors, p.points) for p in result.places] == [(1, 2, ("a", "b"), 5), (2, 1, ("c",), 2)]


def test_every_country_is_a_step_in_rulebook_order_even_when_empty():
    report = score(position("intermediate", monasteries={"Burgund": {"green": 1}}))
    assert [s.subject for s in report.steps] == [
        "England", "Franken", "Bayern", "Italien", "Aragon", "Frankreich", "Lothringen", "Schwaben", "Burgund",
    ]
    assert step(report, "country", "England").text == "England: no monasteries, nobody scores."
    assert step(report, "country", "Burgund").text == "Burgund: Green alone has a monastery here (1) and scores 1 point."


def test_tie_for_second_sentence():
    report = score(position("intermediate", monasteries={"Bayern": {"green": 5, "red": 3, "blue": 3}}))
    text = step(report, "country", "Bayern").text
    assert "Red and Blue share second place with 3 each and each score 5, as many as the monasteries Green has" in text


def test_running_totals_add_up_step_by_step():
    report = score(
        position(
            "intermediate",
            monasteries={"England": {"green": 2, "red": 1}, "Frankreich": {"red": 3, "blue": 1}},
            previous={"blue": 10},
        )
    )
    totals = [s.totals for s in report.steps]
    assert totals[0] == {"green": 3, "red": 2, "blue": 10}  # England
    assert totals[-1] == {"green": 3, "red": 6, "blue": 13}
    assert [p.total for p in report.players] == [3, 6, 13]
    assert [p.points for p in report.players] == [3, 6, 3]
