"""Errors stop the scoring and name the field and the reason; warnings are scored but shown."""
import pytest

from assistant.problems import InvalidInput
from assistant.translator import translator_for
from tests.kardinal.helpers import position, score, step


def problems(data):
    with pytest.raises(InvalidInput) as caught:
        score(data)
    return {p.field: p.reason for p in caught.value.problems}


@pytest.mark.parametrize("colors", [("green", "red"), ("green", "red", "blue", "yellow", "purple", "white")])
def test_player_count_outside_3_to_5(colors):
    found = problems(position(colors=colors))
    assert "the game is for 3 to 5 players" in found["players"]
    assert found["players"].startswith(f"{len(colors)} players given")


def test_duplicate_colour():
    found = problems(position(colors=("green", "red", "green")))
    assert found == {"players.2.color": "green is taken by another player"}


def test_unknown_colour_lists_the_palette():
    found = problems(position(colors=("green", "red", "pink")))
    assert found["players.2.color"].startswith("unknown colour 'pink'; the colours are: red, green, blue")


def test_unknown_country_lists_the_valid_names():
    found = problems(position(monasteries={"Narnia": {"green": 1}}))
    assert found["monasteries.Narnia"] == (
        "unknown country; the countries are: England, Franken, Bayern, Italien, Aragon, Frankreich, Lothringen, Schwaben, Burgund"
    )


@pytest.mark.parametrize("name", ["Frankreich", "frankreich", "FRANCE", "Francia", "Frankrig", "francia", " Frankreich "])
def test_country_names_in_seed_languages_and_any_case(name):
    report = score(position("intermediate", monasteries={name: {"green": 2}}))
    assert report.steps[5].subject == "Frankreich" and report.steps[5].awards == {"green": 2}


@pytest.mark.parametrize("name", ["Borgoña", "borgona", "Borgogna", "Burgundy", "Burgund"])
def test_burgund_aliases(name):
    assert score(position("intermediate", monasteries={name: {"green": 1}})).steps[8].awards == {"green": 1}


def test_the_same_country_twice_under_two_names():
    found = problems(position(monasteries={"Frankreich": {"green": 1}, "France": {"red": 1}}))
    assert found == {"monasteries.France": "Frankreich is given twice"}


@pytest.mark.parametrize(
    "value, reason",
    [(-1, "must not be negative"), (1.5, "must be a whole number"), ("3", "must be a whole number"), (True, "must be a whole number"), (None, "must be a whole number")],
)
def test_counts_must_be_whole_non_negative_numbers(value, reason):
    found = problems(position(monasteries={"Italien": {"green": value}}))
    assert found == {"monasteries.Italien.green": reason}


def test_negative_previous_and_chain_length():
    found = problems(position(previous={"green": -3}, chains={"red": {"lengths": [-4]}}))
    assert found["previous.green"] == "must not be negative"
    assert found["chains.red.lengths.0"] == "must not be negative"


def test_more_than_20_monasteries():
    per_country = {"England": {"green": 6}, "Franken": {"green": 6}, "Bayern": {"green": 6}, "Italien": {"green": 3}}
    found = problems(position(monasteries=per_country))
    assert found == {"monasteries.*.green": "Green has 21 monasteries on the board, but a player owns only 20"}


def test_more_than_8_advisors():
    found = problems(position(advisors={"England": {"red": 5}, "Bayern": {"red": 4}}))
    assert found == {"advisors.*.red": "Red has 9 advisors on the board, but a player owns only 8"}


def test_more_monasteries_than_known_cloister_fields():
    assert problems(position(monasteries={"Schwaben": {"green": 3, "red": 2}})) == {
        "monasteries.Schwaben": "5 monasteries, but Schwaben has only 4 cloister fields, as published reviews give it (the rulebooks "
                                "give no count); a board with more is corrected in the board check"
    }
    assert score(position(monasteries={"Frankreich": {"green": 4, "red": 4}})).warnings == []


def test_chain_shorter_than_4():
    found = problems(position(monasteries={"England": {"green": 5}}, chains={"green": {"lengths": [3]}}))
    assert found == {"chains.green.lengths.0": "a chain has at least 4 monasteries, not 3"}


def test_more_chain_monasteries_than_on_the_board():
    roads = [["a", "b"], ["b", "c"], ["c", "d"]]
    found = problems(position(monasteries={"England": {"green": 7}}, chains={"green": {"roads": roads, "lengths": [4]}}))
    assert found == {"chains.green": "8 monasteries in chains, but Green has only 7 monasteries on the board"}


def test_road_from_a_monastery_to_itself():
    found = problems(position(monasteries={"England": {"green": 5}}, chains={"green": {"roads": [["a", "a"]]}}))
    assert found == {"chains.green.roads.0": "a road joins two different monasteries, not a to itself"}


def test_pieces_of_a_colour_nobody_plays():
    found = problems(position(monasteries={"England": {"black": 1}}, chains={"white": {"lengths": [4]}}, previous={"orange": 2}))
    assert found == {
        "monasteries.England.black": "no player plays black",
        "chains.white": "no player plays white",
        "previous.orange": "no player plays orange",
    }


def test_missing_and_unknown_fields():
    found = problems({"players": [{"color": "green"}] * 3, "monastries": {}})
    assert found["scoring"] == "is required"
    assert found["monastries"] == "is not a known field"


def test_scoring_must_be_intermediate_or_final():
    assert problems(position(scoring="halftime")) == {"scoring": "must be one of: 'intermediate' or 'final'"}


def test_not_an_object():
    assert problems([1, 2]) == {"input": "must be a JSON object"}


def test_every_error_is_reported_at_once():
    found = problems(position(colors=("green", "green"), monasteries={"Atlantis": {"green": 1}}))
    assert {"players", "players.1.color", "monasteries.Atlantis"} <= set(found)


# --- warnings ---
def test_advisor_cap_broken_is_a_warning_with_the_numbers():
    report = score(position(monasteries={"Italien": {"green": 2, "red": 1}}, advisors={"Italien": {"blue": 3}}))
    (warning,) = report.warnings
    assert warning.field == "advisors.Italien"
    assert warning.reason == "3 advisors in Italien, but the most monasteries anyone has there is 2: at most 2 advisors may stand there"


def test_advisors_without_monasteries_is_a_warning():
    report = score(position(advisors={"Aragon": {"blue": 1}}))
    assert [(w.field, w.reason) for w in report.warnings] == [
        ("advisors.Aragon", "advisors in Aragon, but no monastery there: they cannot have been placed")
    ]


def test_chains_in_an_intermediate_scoring_are_a_warning():
    report = score(position("intermediate", monasteries={"England": {"green": 4}}, chains={"green": {"lengths": [4]}}))
    assert [(w.field, w.reason) for w in report.warnings] == [("chains", "chains are scored only in the final scoring; they are ignored now")]
    assert all(p.chains == 0 for p in report.players)


def test_a_duplicated_colour_is_not_reported_twice_elsewhere():
    data = position(colors=("green", "red", "green"), advisors={"England": {"green": 5}, "Bayern": {"green": 4}})
    with pytest.raises(InvalidInput) as caught:
        score(data)
    fields = [p.field for p in caught.value.problems]
    assert fields.count("advisors.*.green") == 1


def test_warnings_come_with_the_errors():
    data = position(advisors={"Aragon": {"blue": 1}}, monasteries={"Narnia": {"green": 1}})
    with pytest.raises(InvalidInput) as caught:
        score(data)
    assert [p.field for p in caught.value.problems] == ["monasteries.Narnia"]
    assert [w.field for w in caught.value.warnings] == ["advisors.Aragon"]


def test_errors_about_a_player_use_the_name_and_colour():
    found = problems(position(names={"red": "Barbara"}, advisors={"England": {"red": 5}, "Bayern": {"red": 4}}))
    assert found["advisors.*.red"] == "Barbara (red) has 9 advisors on the board, but a player owns only 8"


def test_one_player_is_said_in_the_singular():
    assert problems(position(colors=("green",)))["players"] == "1 player given; the game is for 3 to 5 players"


def test_a_country_with_one_cloister_field_is_said_in_the_singular():
    found = problems(position(monasteries={"Bayern": {"green": 2}}, board={"name": "Counted", "fields": {"Bayern": 1}}))
    assert found["monasteries.Bayern"] == "2 monasteries, but Bayern has only 1 cloister field"


def test_an_advisor_cap_of_one_is_said_in_the_singular():
    report = score(position(monasteries={"Italien": {"green": 1}}, advisors={"Italien": {"blue": 2}}))
    assert [w.reason for w in report.warnings] == [
        "2 advisors in Italien, but the most monasteries anyone has there is 1: at most 1 advisor may stand there"
    ]


def test_warnings_name_the_country_as_the_players_language_does():
    # Spanish: the board's German name with the Spanish one beside it where they differ.
    report = score(position(monasteries={"Italien": {"green": 1}}, advisors={"Italien": {"blue": 2}, "Frankreich": {"red": 1}}), tr=translator_for("es"))
    assert [(w.field, w.reason) for w in report.warnings] == [
        ("advisors.Italien", "2 consejeros en Italien (Italia), pero el jugador mayoritario solo tiene 1 monasterio allí: puede haber como máximo 1 consejero"),
        ("advisors.Frankreich", "hay consejeros en Frankreich (Francia), pero ningún monasterio: no pueden haberse colocado allí"),
    ]


def test_country_errors_name_the_countries_as_the_players_language_does():
    data = position(monasteries={"Narnia": {"green": 1}, "italia": {"green": 1}, "Italien": {"red": 1}})
    with pytest.raises(InvalidInput) as caught:
        score(data, tr=translator_for("es"))
    assert [(p.field, p.reason) for p in caught.value.problems] == [
        (
            "monasteries.Narnia",
            "país desconocido; los países son: England (Inglaterra), Franken (Franconia), Bayern (Baviera), Italien (Italia), Aragon, "
            "Frankreich (Francia), Lothringen (Lorena), Schwaben (Suabia), Burgund (Borgoña)",
        ),
        ("monasteries.Italien", "Italien (Italia) aparece dos veces"),
    ]


def test_chain_errors_are_reported_past_a_colour_nobody_plays():
    assert problems(position(chains={"black": {"lengths": [4]}, "green": {"lengths": [2]}})) == {
        "chains.black": "no player plays black",
        "chains.green.lengths.0": "a chain has at least 4 monasteries, not 2",
        "chains.green": "2 monasteries in chains, but Green has only 0 monasteries on the board",
    }


def test_a_single_monastery_under_a_chain_is_said_in_the_singular():
    data = position(monasteries={"England": {"green": 1}}, chains={"green": {"roads": [["a", "b"], ["b", "c"], ["c", "d"]]}})
    assert problems(data) == {"chains.green": "4 monasteries in chains, but Green has only 1 monastery on the board"}


def test_advisors_may_name_a_country_in_any_language():
    report = score(position(advisors={"inglaterra": {"green": 1}, "FRANCIA": {"green": 1}}, monasteries={"England": {"green": 1}, "Frankreich": {"green": 1}}))
    assert report.warnings == []
    assert step(report, "alliance", number=1).awards == {"green": 2}


def test_a_final_scoring_with_chains_has_no_warning():
    data = position(monasteries={"England": {"green": 4}}, chains={"green": {"roads": [["a", "b"], ["b", "c"], ["c", "d"]]}})
    assert score(data).warnings == []


def test_a_cloister_field_error_names_the_country_as_the_players_language_does():
    with pytest.raises(InvalidInput) as caught:
        score(position(monasteries={"Frankreich": {"green": 5, "red": 4}}), tr=translator_for("es"))
    assert [(p.field, p.reason) for p in caught.value.problems] == [("monasteries.Frankreich", "9 monasterios, pero Frankreich (Francia) solo tiene 8 claustros, según las reseñas publicadas (los reglamentos no dan el número); un tablero con más se corrige en la revisión del tablero")]


def test_two_players_of_one_name_are_refused_naming_the_second():
    """Issue "What a newcomer still trips on", finding 10: two Kardinal players called Bo reached BG Stats as one."""
    found = problems(position(names={"green": "Bo", "red": "bo"}))
    assert found["players.1.name"] == "bo is already the name of another player"
    assert "players.0.name" not in found
    assert score(position(names={"green": "Bo", "red": "Bo Ek"})).winners  # a name within another is no clash
