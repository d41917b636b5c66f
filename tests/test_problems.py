"""pydantic's errors in our own words (assistant/problems.py): no sentence of one game's."""
import pytest
from pydantic import BaseModel, Field, ValidationError

from assistant.games.kardinal.variants import make_variant
from assistant.problems import InvalidInput, pydantic_problems
from assistant.translator import ENGLISH, translator_for
from tests.kardinal.test_variants import PUBLISHED, pairs


class Counted(BaseModel):
    pair: tuple[str, str] = ("a", "b")
    some: list[int] = Field(default=[1, 2], min_length=2, max_length=3)
    one: list[int] = Field(default=[1], min_length=1, max_length=1)


def reasons(data, tr=ENGLISH):
    with pytest.raises(ValidationError) as caught:
        Counted.model_validate(data)
    return {p.field: p.reason for p in pydantic_problems(caught.value, tr)}


@pytest.mark.parametrize(
    "data, reason",
    [
        ({"pair": ["a", "b", "c"]}, {"pair": "must have at most 2 entries"}),
        ({"pair": ["a"]}, {"pair.1": "is required"}),
        ({"some": [1]}, {"some": "must have at least 2 entries"}),
        ({"some": [1, 2, 3, 4]}, {"some": "must have at most 3 entries"}),
        ({"one": []}, {"one": "must have at least 1 entry"}),
        ({"one": [1, 2]}, {"one": "must have at most 1 entry"}),
    ],
)
def test_too_short_and_too_long_say_how_many_entries(data, reason):
    assert reasons(data) == reason


@pytest.mark.parametrize("language", ["de", "es", "da", "it"])
def test_the_counts_are_translated(language):
    found = reasons({"some": [1], "pair": ["a", "b", "c"]}, translator_for(language))
    assert "2" in found["some"] and "3" not in found["some"] and "entries" not in found["some"]
    assert "2" in found["pair"] and "entries" not in found["pair"]


def test_an_alliance_of_three_countries_is_refused_in_words_of_no_game():
    with pytest.raises(InvalidInput) as caught:
        make_variant({"name": "x", "alliances": pairs(n1=["England", "Aragon", "Bayern"])}, PUBLISHED, ENGLISH)
    assert {p.field: p.reason for p in caught.value.problems} == {"board.alliances.0": "must have at most 2 entries"}
