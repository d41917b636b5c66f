"""The map's geometry: nothing overlaps on the published board, links bow around countries in
their way, and the cards with the counts sit in a row under the map, covering nothing on it."""
from itertools import combinations

import pytest

from assistant.games.kardinal.board import published_board
from assistant.web.games.kardinal.board_map import HEIGHT, WIDTH, Count, DrawnCountry, Focus, MapCard, MapDrawing, Rect, board_map, box

BOARD = published_board()
FIVE = [Count("green", "Andreas", 4), Count("red", "Barbara Maria", 3, True), Count("blue", "Doris", 2), Count("yellow", "Eva", 2), Count("black", "Frederik", 1)]


def rect(item: DrawnCountry | MapCard) -> Rect:
    return Rect(item.x, item.y, item.w, item.h)


def squares(drawn: MapDrawing) -> list[Rect]:
    return [Rect(link.qx, link.qy, drawn.square, drawn.square) for link in drawn.links]


def test_countries_and_squares_of_the_published_board_never_overlap():
    drawn = board_map(BOARD)
    boxes = [rect(c) for c in drawn.countries]
    for shape in boxes + squares(drawn):
        assert 0 <= shape.x and shape.right <= WIDTH and 0 <= shape.y and shape.bottom <= HEIGHT
    for first, second in combinations(boxes + squares(drawn), 2):
        assert first.overlap(second) == 0
    assert all(" L" in link.d or "L" in link.d for link in drawn.links)  # all straight


def test_a_link_with_a_country_in_its_way_bows_around_it():
    moved = BOARD.alliances[0].model_copy(update={"countries": ("England", "Aragon"), "source": "table"})
    board = BOARD.model_copy(update={"alliances": (moved, *BOARD.alliances[1:])})
    link = next(link for link in board_map(board, changed=frozenset({1})).links if link.number == 1)
    assert "Q" in link.d and "changed" in link.classes
    frankreich = box("Frankreich")
    assert not any(frankreich.contains(*link.curve.at(i / 20)) for i in range(21))


@pytest.mark.parametrize("alliance", BOARD.alliances, ids=lambda a: str(a.number))
def test_the_cards_of_an_alliance_step_sit_under_the_map_and_cover_nothing_on_it(alliance):
    first, second = alliance.countries
    drawn = board_map(BOARD, Focus(countries=(first, second), alliance=alliance.number, counts={first: FIVE, second: FIVE[:2]}, pieces="advisors"))
    lit = [c for c in drawn.countries if c.card]
    cards = [rect(c.card) for c in lit]
    assert len(cards) == 2 and cards[0].overlap(cards[1]) == 0
    for country, card in zip(lit, cards):
        assert 0 <= card.x and card.right <= WIDTH and HEIGHT < card.y and card.bottom <= drawn.height
        assert not any(card.overlap(shape) for shape in [rect(c) for c in drawn.countries] + squares(drawn))
        assert country.w == box(country.key).w  # the country itself stays its own size
    west, east = sorted(lit, key=lambda c: c.x)
    assert west.card.x < east.card.x  # each card on its country's side


def test_a_card_that_does_not_fit_beside_the_other_goes_under_it():
    wide = [Count("green", "Wwwwwwwwww", 8, True)]
    drawn = board_map(BOARD, Focus(countries=("England", "Franken"), alliance=3, counts={"England": wide, "Franken": wide}, pieces="w" * 30))
    first, second = sorted((rect(c.card) for c in drawn.countries if c.card), key=lambda card: card.y)
    assert second.y >= first.bottom and second.bottom <= drawn.height and max(first.right, second.right) <= WIDTH


def test_a_country_step_dims_everything_else():
    drawn = board_map(BOARD, Focus(countries=("Frankreich",), counts={"Frankreich": FIVE}, pieces="monasteries"))
    lit = [c for c in drawn.countries if c.lit]
    assert [c.key for c in lit] == ["Frankreich"] and len(lit[0].card.rows) == 5
    assert lit[0].card.rows[1].text == "Barbara M… 3" and lit[0].card.rows[1].strong
    assert all("dim" in link.classes for link in drawn.links)
    assert all("dim" in c.classes for c in drawn.countries if not c.lit)
