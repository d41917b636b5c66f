"""The published board against what the sources say of it (docs/rules-readings.md): the squares
the Danish rulebook puts on water are the board's sea crossings, only 14 and 15 have their
countries from the rulebooks, and the only cloister field counts are the two of the reviews."""
from assistant.games.kardinal.board import published_board

# The Danish rulebook: "Forbindelserne over vand (1,2,3,5,6 og 15) er ikke veje, men derimod steder
# hvor sammenslutninger kan forekomme."
OVER_WATER = {1, 2, 3, 5, 6, 15}


def test_the_sea_crossings_are_the_danish_rulebooks_squares_over_water():
    board = published_board()
    assert {alliance.number for alliance in board.alliances if alliance.sea} == OVER_WATER


def test_only_alliances_14_and_15_have_their_countries_from_the_rulebooks():
    board = published_board()
    given = {alliance.number: set(alliance.countries) for alliance in board.alliances if alliance.source == "rulebook"}
    assert given == {14: {"Italien", "Burgund"}, 15: {"Italien", "Bayern"}}


def test_the_only_known_cloister_fields_are_the_reviews_two():
    board = published_board()
    assert {country.key: country.fields for country in board.countries if country.fields is not None} == {"Frankreich": 8, "Schwaben": 4}
