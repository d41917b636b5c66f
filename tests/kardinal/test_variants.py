"""Board variants: a table corrects alliances and cloister fields; scoring uses the variant."""
import pytest

from assistant.games.kardinal.board import published_board
from assistant.games.kardinal.variants import make_variant, variant_json
from assistant.problems import InvalidInput
from assistant.translator import ENGLISH
from tests.kardinal.helpers import position, score, step

PUBLISHED = published_board()


def pairs(**changes):
    alliances = [list(a.countries) for a in PUBLISHED.alliances]
    for number, pair in changes.items():
        alliances[int(number.strip("n")) - 1] = pair
    return alliances


def test_published_board_round_trips_unchanged():
    board = make_variant(variant_json(PUBLISHED), PUBLISHED, ENGLISH)
    assert board.alliances == PUBLISHED.alliances and board.countries == PUBLISHED.countries


def test_changed_alliance_is_marked_as_the_tables_and_scored():
    board = make_variant({"name": "Our board", "alliances": pairs(n1=["England", "Aragon"])}, PUBLISHED, ENGLISH)
    first = board.alliances[0]
    assert (first.number, first.countries, first.source) == (1, ("England", "Aragon"), "table")
    assert board.alliances[1] == PUBLISHED.alliances[1]
    advisors = {"England": {"green": 1}, "Aragon": {"green": 2}}
    data = position(advisors=advisors, monasteries={"England": {"red": 2}, "Aragon": {"red": 2}}, board={"name": "Our board", "alliances": pairs(n1=["England", "Aragon"])})
    report = score(data)
    assert step(report, "alliance", number=1).awards == {"green": 3}
    assert report.board == "Our board"
    assert "the table corrected alliance 1" in report.notes[-1]
    published = {key: value for key, value in data.items() if key != "board"}
    assert step(score(published), "alliance", number=1).awards == {}  # England–Frankreich there


def test_cloister_fields_can_be_filled_in():
    board = make_variant({"name": "Counted", "fields": {"Bayern": 6, "Frankreich": None}}, PUBLISHED, ENGLISH)
    assert board.country("Bayern").fields == 6 and board.country("Frankreich").fields is None
    with pytest.raises(InvalidInput) as caught:
        score(position(monasteries={"Bayern": {"green": 7}}, board={"name": "Counted", "fields": {"Bayern": 6}}))
    assert caught.value.problems[0].reason == "7 monasteries, but Bayern has only 6 cloister fields"


@pytest.mark.parametrize(
    "data, field, reason",
    [
        ({"name": "x", "alliances": pairs(n3=["England", "England"])}, "board.alliances.2", "an alliance joins two different countries, not England with itself"),
        ({"name": "x", "alliances": pairs(n3=["England", "Narnia"])}, "board.alliances.2", "unknown country Narnia; the countries are: England, Franken, Bayern, Italien, Aragon, Frankreich, Lothringen, Schwaben, Burgund"),
        ({"name": "x", "alliances": pairs(n3=["Frankreich", "England"])}, "board.alliances.2", "Frankreich–England is alliance 1 already"),
        ({"name": "x", "alliances": pairs()[:14]}, "board.alliances", "the board has 15 numbered alliances; give a pair of countries for each"),
        ({"name": "x", "fields": {"Bayern": 0}}, "board.fields.Bayern", "must be a number of cloister fields from 1 to 40, or empty if unknown"),
        ({"name": "x", "fields": {"Bayern": "6"}}, "board.fields.Bayern", "must be a whole number"),
        ({"name": "", "fields": {}}, "board.name", None),
        ({"name": "x", "colour": "red"}, "board.colour", "is not a known field"),
    ],
)
def test_variant_errors_name_the_field(data, field, reason):
    with pytest.raises(InvalidInput) as caught:
        make_variant(data, PUBLISHED, ENGLISH)
    found = {p.field: p.reason for p in caught.value.problems}
    assert field in found
    if reason:
        assert found[field] == reason


def test_the_published_board_stays_untouched():
    make_variant({"name": "x", "alliances": pairs(n1=["England", "Aragon"]), "fields": {"Bayern": 5}}, PUBLISHED, ENGLISH)
    assert published_board().alliances[0].countries == ("England", "Frankreich")
    assert published_board().country("Bayern").fields is None
