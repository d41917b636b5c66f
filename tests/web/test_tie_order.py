"""Players tied on points whom the tie-break puts on different places get a sentence saying so
(the 3rd and 4th on 35 points, ordered by supply): before, only the columns showed it. The
order is our reading (the rulebooks break a tie only for the win), and the sentence says so, with
the other reading, a shared place (docs/rules-readings.md). The winners' tie is the verdict's to tell."""
from __future__ import annotations

from assistant.web.games import web_game
from assistant.web.games.base import PlayerView
from assistant.web.views.scores import tie_orders


def row(place: int, name: str, colour: str, total: int, supply: int, winner: bool = False) -> dict:
    player = PlayerView(key=colour, name=name, label=f"{name} ({colour})", total=total, color=colour, tie_breaks=(supply,))
    return {"place": place, "player": player, "total": total, "tie_breaks": (supply,), "winner": winner}


STANDINGS = [row(1, "Andreas", "red", 47, 20, winner=True), row(2, "Barbara", "green", 40, 18),
             row(3, "Doris", "blue", 35, 26), row(4, "Eva", "yellow", 35, 21), row(5, "Fritz", "black", 30, 9)]


def test_places_tied_on_points_say_the_supply_ordered_them(app):
    with app.test_request_context("/?lang=en"):
        assert tie_orders(web_game("kardinal-und-koenig"), STANDINGS, 0) == [
            "Tied on 35 points, Doris (blue) and Eva (yellow) are placed by their supply: the more pieces left, the better. "
            "That is the default reading: the rulebooks break a tie only for the win; read strictly, they share the place."
        ]
    with app.test_request_context("/?lang=de"):
        assert tie_orders(web_game("kardinal-und-koenig"), STANDINGS, 0) == [
            "Punktgleich mit 35 Punkten: Doris (blue) und Eva (yellow) werden nach ihrem Vorrat geordnet; wer mehr Steine übrig hat, steht vorn. "
            "Das ist die Standardlesart: Die Spielregeln entscheiden einen Gleichstand nur für den Sieg; streng gelesen teilen sie sich den Platz."
        ]


def test_a_tie_that_shares_a_place_or_decides_the_win_gets_no_second_sentence(app):
    shared = [row(1, "Andreas", "red", 47, 20, winner=True), row(2, "Barbara", "green", 35, 21), row(2, "Doris", "blue", 35, 21)]
    won = [row(1, "Andreas", "red", 47, 20, winner=True), row(2, "Barbara", "green", 47, 18)]
    with app.test_request_context("/?lang=en"):
        game = web_game("kardinal-und-koenig")
        assert tie_orders(game, shared, 0) == []  # the same place: nothing ordered them
        assert tie_orders(game, won, 1) == []  # the verdict says how the tie-break decided the win
        assert tie_orders(web_game("princeps-machiavelli"), STANDINGS, 0) == [
            "Doris (blue) and Eva (yellow) have the same total (35) and are placed by the columns after it, from the left. "
            "That is the default reading: the rulebook breaks a tie only for the win; read strictly, they share the place."
        ]
