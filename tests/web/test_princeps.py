"""Princeps Machiavelli on the phone: new table, the six counts per player with the number pad,
validation, the scoring (every category, every tie-break level, both tie rules), the walk,
conflicts and spectators. The shared layer is the same as Kardinal & König's."""
import random
import re

import pytest

from tests.web.helpers import nothing_new
from tests.web.princeps import GAME, HTMX, SCREEN, cell, change, enter, holdings, new_table, score, standings, used_columns, version

# Ana and Ben share "most territories" and tie on 2 VP; Ana has more stable territories.
FIRST_TIE_BREAK = holdings(
    p0={"gold_stable": 3, "farming_destabilised": 1},
    p1={"trade_stable": 2, "farming_destabilised": 2},
    p2={"farming_stable": 1},
)


# --- a new table --------------------------------------------------------------------------------
def test_the_home_page_offers_both_games(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/new/kardinal-und-koenig"' in page and 'href="/new/princeps-machiavelli"' in page
    assert ">Princeps Machiavelli</a>" in page


def test_defaults_start_a_table_in_two_taps(client):
    page = client.get(f"/new/{GAME}").get_data(as_text=True)
    for number in (1, 2, 3):
        assert f'placeholder="Player {number}"' in page
    assert 'name="players-3-name"' not in page
    assert 'value="shared" checked' in page and "default" in page
    assert "the default reading, as usual for majorities, gives each of them +1 VP" in page
    assert "<select" not in page and not re.search(r'class="sw[ "]', page)  # no colours in this game
    response = client.post(f"/new/{GAME}", data={"action": "start", "ties": "shared", "players-0-name": "", "players-1-name": "", "players-2-name": ""})
    assert response.status_code == 303
    screen = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Player 1, Player 2, Player 3" in screen
    assert screen.count('class="cell zero"') == 18  # 3 players x 6 counts


def test_add_and_remove_players_keep_what_was_typed_within_two_to_five(client):
    form = {"players-0-name": "Ana", "players-1-name": "Ben", "ties": "nobody"}
    page = client.post(f"/new/{GAME}", data={**form, "action": "remove-0"}).get_data(as_text=True)
    assert 'value="Ana"' in page  # two players: nobody can be removed
    assert 'value="remove-0"' not in page
    for index in (2, 3, 4):
        form[f"players-{index}-name"] = f"P{index}"
    page = client.post(f"/new/{GAME}", data={**form, "action": "add"}, headers=HTMX).get_data(as_text=True)
    assert 'value="add"' not in page and 'name="players-4-name"' in page and 'value="nobody" checked' in page
    page = client.post(f"/new/{GAME}", data={**form, "action": "remove-1"}).get_data(as_text=True)
    assert 'value="Ben"' not in page and 'value="Ana"' in page and 'value="P4"' in page


def test_names_must_differ_ignoring_case_and_spaces(client):
    form = {"action": "start", "ties": "shared", "players-0-name": "Ana", "players-1-name": "  ana ", "players-2-name": "Cleo"}
    response = client.post(f"/new/{GAME}", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "ana is already the name of another player" in page
    assert 'value="Ana"' in page and 'value="  ana "' in page and 'value="Cleo"' in page  # nothing lost
    assert page.count('aria-invalid="true"') == 1
    # A name left empty is its placeholder, which can clash with a typed one too.
    response = client.post(f"/new/{GAME}", data={"action": "start", "players-0-name": "player 2", "players-1-name": ""})
    assert response.status_code == 400 and "Player 2 is already the name of another player" in response.get_data(as_text=True)


def test_setup_errors_name_the_field(client):
    cases = [
        ({"action": "start"}, "no players given; this app scores 2 or more players (the rulebook names no number)"),
        ({"action": "start", "players-0-name": "Ana"}, "1 player given; this app scores 2 or more players (the rulebook names no number)"),
        ({"action": "start", "players-0-name": "N" * 41, "players-1-name": "Ben"}, "at most 40 characters"),
        ({"action": "start", "players-0-name": "Ana", "players-1-name": "Ben", "ties": "dice"}, "must be one of"),
    ]
    for form, message in cases:
        response = client.post(f"/new/{GAME}", data=form)
        assert response.status_code == 400, form
        assert message in response.get_data(as_text=True), form


def test_malformed_setup_forms_never_crash(client):
    rng = random.Random(11)
    odd = ["", "x", "remove-", "remove-9", "remove-x", "add", "start", "nobody", "\x00", "ü" * 300, "9" * 5000]
    fields = ["action", "ties", "players-0-name", "players-1-name", "players-4-name", "players-9-name", "players--1-name"]
    for _ in range(150):
        form = {field: rng.choice(odd) for field in rng.sample(fields, rng.randint(0, len(fields)))}
        response = client.post(f"/new/{GAME}", data=form, headers=HTMX if rng.random() < 0.5 else {})
        assert response.status_code in {200, 204, 303, 400}, form


# --- entering the counts ------------------------------------------------------------------------
def test_a_tapped_cell_opens_the_pad_and_a_number_moves_on(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/{SCREEN}?cell={cell(0, 'gold', 'stable')}").get_data(as_text=True)
    assert 'id="pad"' in page and "stable gold territories" in page
    assert all(f'name="value" value="{n}"' in page for n in range(9))
    page = change(client, token, cell(0, "gold", "stable"), value=3, here=f"cell={cell(0, 'gold', 'stable')}").get_data(as_text=True)
    assert re.search(r'id="cell-players-0-territories-gold-stable"[^>]*>3</a>', page)
    assert 'class="cell selected zero" id="cell-players-0-territories-gold-destabilised"' in page  # the pad moved on
    # The last count of a player moves on to the next player; the very last closes the pad.
    page = change(client, token, cell(0, "farming", "destabilised"), value=1).get_data(as_text=True)
    assert 'id="cell-players-1-territories-gold-stable"' in page.split('class="cell selected')[1][:80]
    page = change(client, token, cell(2, "farming", "destabilised"), value=0).get_data(as_text=True)
    assert 'id="pad"' not in page.split('<template id="offline-pad">')[0]  # closed (the template is for offline only)
    assert 'class="cell selected' not in page


def test_minus_and_plus_correct_a_count_and_stay(client):
    token = new_table(client)
    enter(client, token, {cell(1, "trade", "stable"): 8})
    here = f"cell={cell(1, 'trade', 'stable')}"
    page = change(client, token, cell(1, "trade", "stable"), adjust=9, here=here).get_data(as_text=True)
    assert re.search(r'id="cell-players-1-territories-trade-stable"[^>]*>9</a>', page)
    assert 'class="cell selected" id="cell-players-1-territories-trade-stable"' in page
    assert "<output>9</output>" in page


def test_without_javascript_a_tap_redirects_to_the_next_cell(client):
    token = new_table(client)
    data = {"cell": cell(0, "gold", "stable"), "value": 2, "base": version(client, token), "screen": SCREEN}
    response = client.post(f"/t/{token}/change", data=data)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/{SCREEN}?cell=players.0.territories.gold.destabilised#cell-players-0-territories-gold-destabilised")


def test_totals_per_player_are_shown_live(client):
    token = new_table(client)
    enter(client, token, FIRST_TIE_BREAK)
    page = client.get(f"/t/{token}/{SCREEN}").get_data(as_text=True)
    ana = page.split('id="player-0"')[1].split("</section>")[0]
    assert "4 territories · 3 stable" in re.sub(r"<[^>]+>", "", ana)
    assert re.findall(r'<span class="cell static"[^>]*>(\d+)</span>', ana) == ["3", "0", "1", "3", "1", "4"]  # gold, trade, farming; stable, destabilised, all
    assert "9 of 24 territory cards on the table" in page


@pytest.mark.parametrize("raw", ["-1", "25", "abc", "1.5", "", "²", "9" * 50])
def test_a_bad_count_is_refused_naming_the_field(client, raw):
    token = new_table(client)
    enter(client, token, {cell(0, "gold", "stable"): 2})
    response = change(client, token, cell(0, "gold", "stable"), value=raw)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "stable gold territories of Ana" in page and "a count is a whole number from 0 to 24" in page
    assert "Nothing was changed" in page
    assert re.search(r'id="cell-players-0-territories-gold-stable"[^>]*>2</a>', page)


def test_unknown_cells_and_players_are_refused(client):
    token = new_table(client)
    for name in ["players.3.territories.gold.stable", "players.0.territories.silver.stable", "players.0.territories.gold.sideways", "monasteries.Frankreich.red", "results.final", ""]:
        response = change(client, token, name, value=1)
        assert response.status_code == 400, name
        assert "is not a field of this table" in response.get_data(as_text=True)


def test_more_than_24_territories_are_shown_where_they_are_and_block_the_scoring(client):
    token = new_table(client)
    enter(client, token, {cell(0, "gold", "stable"): 20, cell(1, "trade", "stable"): 5})
    page = client.get(f"/t/{token}/{SCREEN}?cell={cell(1, 'trade', 'stable')}").get_data(as_text=True)
    message = "25 territories in all, but the game has only 24 territory cards"
    assert page.count(message) == 2  # on the screen and on the pad that covers it
    assert 'class="muted deck over"' in page
    response = client.post(f"/t/{token}/score/final", data={"screen": SCREEN})
    assert response.status_code == 303 and response.headers["Location"] == f"/t/{token}/{SCREEN}"  # Back never resends it
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Cannot score yet" in page and message in page
    assert re.search(r'id="cell-players-0-territories-gold-stable"[^>]*>20</a>', page)
    assert "Cannot score yet" not in client.get(response.headers["Location"]).get_data(as_text=True)  # said once


def test_players_are_renamed_on_the_screen_with_the_same_rules(client):
    token = new_table(client)
    form = client.get(f"/t/{token}/{SCREEN}?rename=1").get_data(as_text=True)
    assert 'name="cell" value="players.1.name"' in form and 'value="Ben"' in form and "hx-trigger" not in form  # no polling while typing
    assert change(client, token, "players.1.name", value="  Bea  ").status_code == 200
    assert "Ana, Bea, Cleo" in client.get(f"/t/{token}/{SCREEN}").get_data(as_text=True)
    for value, message in [("ANA", "ANA is already the name of another player"), ("  ", "every player needs a name"), ("x" * 41, "at most 40 characters")]:
        response = change(client, token, "players.1.name", value=value)
        assert response.status_code == 400 and message in response.get_data(as_text=True), value
        assert "Name of player 2" in response.get_data(as_text=True)


def test_the_tie_rule_is_switched_on_the_screen(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/{SCREEN}").get_data(as_text=True)
    assert "every tied player gets the point" in page
    page = change(client, token, "rules.ties", value="nobody").get_data(as_text=True)
    assert "nobody gets the point" in page and 'name="value" value="shared"' in page
    response = change(client, token, "rules.ties", value="dice")
    assert response.status_code == 400 and "House rule for ties" in response.get_data(as_text=True)


# --- scoring ------------------------------------------------------------------------------------
def test_every_category_and_the_first_tie_break(client):
    token = new_table(client)
    enter(client, token, FIRST_TIE_BREAK)
    page = score(client, token)
    assert "Most territories: Ana and Ben share it (4 each), +1 VP each." in page
    assert "Most stable gold territories: Ana (3), +1 VP." in page
    assert "Most stable trade territories: Ben (2), +1 VP." in page
    assert "Most stable farming territories: Cleo (1), +1 VP." in page
    assert "Ana and Ben are tied on 2 VP; most stable territories: Ana (3) wins." in page
    assert "Ana wins on the first tie-break: tied on 2 VP, but with the most stable territories (3)." in page
    assert standings(page) == {"Ana": (2, 3, 3, 0), "Ben": (2, 2, 0, 2), "Cleo": (1, 1, 0, 0)}
    assert used_columns(page) == ["Stable"]
    assert '<p class="tie cut">' in page and "♛" in page.split("Ana</span>")[0].split("<tr")[-1]
    assert "Tie-break 1: most stable territories" in page
    chart = page.split('class="card chart"')[1].split("</section>")[0]
    assert "territories 1 · stable gold 1" in chart


def test_the_house_rule_gives_a_tied_category_to_nobody(client):
    token = new_table(client, ties="nobody")
    enter(client, token, FIRST_TIE_BREAK)
    page = score(client, token)
    assert "Most territories: Ana and Ben are tied (4 each): nobody gets the point (house rule)." in page
    assert standings(page) == {"Ana": (1, 3, 3, 0), "Ben": (1, 2, 0, 2), "Cleo": (1, 1, 0, 0)}
    assert "Ana, Ben and Cleo are tied on 1 VP; most stable territories: Ana (3) wins." in page
    assert "House rule for ties: a category tied for the most gives nobody the point." in page


@pytest.mark.parametrize(
    "ana, ben, sentence, verdict, used",
    [  # the second counts destabilised gold too; the third, trade
        ({"gold_stable": 1, "gold_destabilised": 1}, {"trade_stable": 1, "trade_destabilised": 1},
         "Ana and Ben are still tied; most gold territories: Ana (2) wins.", "Ana wins on the second tie-break", ["Stable", "Gold"]),
        ({"gold_stable": 1, "trade_destabilised": 1}, {"gold_stable": 1, "farming_destabilised": 1},
         "Ana and Ben are still tied; most trade territories: Ana (1) wins.", "Ana wins on the third tie-break", ["Stable", "Gold", "Trade"]),
    ],
)
def test_the_second_and_third_tie_breaks(client, ana, ben, sentence, verdict, used):
    token = new_table(client, names=("Ben", "Ana"))  # Ana second at the table, first in the standings
    enter(client, token, holdings(p0=ben, p1=ana))
    page = score(client, token)
    assert "Ben and Ana are tied on 2 VP; most stable territories: Ben and Ana (1 each), still tied." in page
    assert sentence.replace("Ana and Ben", "Ben and Ana") in page and verdict in page
    assert used_columns(page) == used
    assert list(standings(page)) == ["Ana", "Ben"]


def test_still_tied_after_every_tie_break_is_a_shared_win(client):
    token = new_table(client, names=("Ana", "Ben"))
    enter(client, token, holdings(p0={"gold_stable": 1}, p1={"gold_stable": 1}))
    page = score(client, token)
    assert "Ana and Ben share the win" in page
    assert "none of them has any: they share the win" in page
    assert page.count('<tr class="winner">') == 2


def test_nobody_wins_a_category_nobody_has(client):
    token = new_table(client, names=("Ana", "Ben"))
    page = score(client, token)
    assert "Nobody has a territory: no point." in page and "Nobody has a stable farming territory: no point." in page
    assert "Ana and Ben share the win" in page


def test_walking_the_steps(client):
    token = new_table(client)
    enter(client, token, FIRST_TIE_BREAK)
    score(client, token)
    walk = f"/t/{token}/scores/final?view=walk&step="
    start = client.get(walk + "0").get_data(as_text=True)
    assert "Before the count: everyone on 0 VP" in start and "the four categories" in start
    assert "Ana wins" not in start  # the verdict waits for the end
    first = client.get(walk + "1").get_data(as_text=True)
    assert "Step 1 of 5" in first and '<h2 class="cut">Most territories</h2>' in first and "+1 VP" in first
    tie = client.get(walk + "5").get_data(as_text=True)
    assert '<h2 class="cut">Tie-break 1: most stable territories</h2>' in tie and "wins</span>" in tie
    assert "nobody scores" not in tie
    end = client.get(walk + "6").get_data(as_text=True)
    assert "Final standings" in end and "Ana wins on the first tie-break" in end
    assert "Markers on the score track" not in end  # no track in this game


def test_no_page_shows_a_colour_swatch(client):
    token = new_table(client)
    enter(client, token, FIRST_TIE_BREAK)
    score(client, token)
    for url in [f"/t/{token}/{SCREEN}", f"/t/{token}/{SCREEN}?cell={cell(0, 'gold', 'stable')}", f"/t/{token}/scores/final", f"/t/{token}/scores/final?view=walk&step=2", f"/t/{token}/scores/final?view=walk&step=6"]:
        page = client.get(url).get_data(as_text=True)
        assert not re.search(r'class="sw[ "]', page) and "c-None" not in page and 'class="shade"' not in page, url


def test_a_changed_table_marks_the_result_out_of_date_and_scoring_again_replaces_it(client):
    token = new_table(client)
    enter(client, token, FIRST_TIE_BREAK)
    score(client, token)
    assert "Ana wins" in client.get("/").get_data(as_text=True)  # the home page's list says how it ended
    enter(client, token, {cell(1, "gold", "stable"): 5})
    assert "The table changed after this scoring" in client.get(f"/t/{token}/scores/final").get_data(as_text=True)
    assert "score again to include the change" in client.get(f"/t/{token}/{SCREEN}").get_data(as_text=True)
    page = score(client, token)
    assert "Ben wins with 3 VP." in page


def test_scores_before_any_scoring_say_where_the_button_is(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/scores").get_data(as_text=True)
    assert "Nothing scored yet" in page and "Score the victory points" in page
    assert 'aria-label="Scorings"' not in page  # one scoring: no switch between scorings


def test_the_core_sentences_follow_the_page_language(client):
    token = new_table(client)
    enter(client, token, FIRST_TIE_BREAK)
    score(client, token)
    page = client.get(f"/t/{token}/scores/final?lang=de").get_data(as_text=True)
    assert '<html lang="de">' in page and "Most territories:" not in page


# --- phones together ----------------------------------------------------------------------------
def test_two_phones_changing_one_count_get_a_choice(app, client):
    token = new_table(client)
    base = version(client, token)
    assert change(app.test_client(), token, cell(0, "gold", "stable"), base=base, value=3).status_code == 200  # the other phone
    response = change(client, token, cell(0, "gold", "stable"), base=base, value=5)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Stable gold territories of Ana was set to 3 on another phone" in page and "You entered 5" in page
    assert "Use 5 anyway" in page
    assert change(client, token, cell(0, "gold", "stable"), value=5).status_code == 200
    # Another count changed meanwhile merges silently.
    assert change(client, token, cell(1, "gold", "stable"), base=base, value=1).status_code == 200


def test_polling_answers_nothing_new_until_something_changed(client):
    token = new_table(client)
    now = version(client, token)
    assert nothing_new(client.get(f"/t/{token}/{SCREEN}?since={now}"))
    enter(client, token, {cell(0, "gold", "stable"): 1})
    assert client.get(f"/t/{token}/{SCREEN}?since={now}").status_code == 200


def test_spectators_see_the_counts_and_change_nothing(client):
    token = new_table(client)
    enter(client, token, {cell(0, "gold", "stable"): 4})
    share = client.get(f"/t/{token}/share").get_data(as_text=True)
    watch = (set(re.findall(r"/t/([A-Za-z0-9_-]{20,})/territories", share)) - {token}).pop()
    page = client.get(f"/t/{watch}/{SCREEN}?cell={cell(0, 'gold', 'stable')}&rename=0").get_data(as_text=True)
    # No form posts a change (the poll sends the screen's arguments from hidden inputs, cell= too).
    assert "watching only" in page and 'id="pad"' not in page and "<a class=\"cell" not in page and "/change" not in page
    assert re.search(r'<span class="cell"[^>]*><span class="visually-hidden">[^<]*: </span>4</span>', page)
    assert client.post(f"/t/{watch}/change", data={"cell": cell(0, "gold", "stable"), "value": 1, "base": 2}).status_code == 403


def test_random_forms_and_urls_never_cause_a_server_error(client):
    token = new_table(client)
    rng = random.Random(7)
    odd = ["", "0", "-1", "24", "25", "abc", "²", "9" * 5000, cell(0, "gold", "stable"), "players.0.name", "players.9.name", "rules.ties", "nobody", "players", "\x00", "ü" * 300]
    fields = ["cell", "value", "adjust", "base", "screen", "here", "action", "ties"]
    for _ in range(200):
        form = {field: rng.choice(odd) for field in rng.sample(fields, rng.randint(0, len(fields)))}
        url = rng.choice([f"/t/{token}/change", f"/t/{token}/score/final", f"/t/{token}/score/intermediate"])
        response = client.post(url, data=form, headers=HTMX if rng.random() < 0.5 else {})
        assert response.status_code < 500, (url, form)
    for _ in range(100):
        query = "&".join(f"{rng.choice(['cell', 'rename', 'since', 'step', 'view', 'add'])}={rng.choice(odd)[:50]}" for _ in range(rng.randint(0, 3)))
        path = rng.choice([f"/t/{token}/{SCREEN}", f"/t/{token}/board", f"/t/{token}/scores", f"/t/{token}/scores/final"])
        assert client.get(f"{path}?{query}").status_code < 500, (path, query)


def test_princeps_pages_have_no_inline_script_or_style(client):
    token = new_table(client)
    enter(client, token, FIRST_TIE_BREAK)
    score(client, token)
    for url in [f"/new/{GAME}", f"/t/{token}/{SCREEN}?cell={cell(0, 'gold', 'stable')}", f"/t/{token}/{SCREEN}?rename=0", f"/t/{token}/scores/final", f"/t/{token}/scores/final?view=walk&step=5"]:
        page = client.get(url).get_data(as_text=True)
        assert "<script>" not in page and " style=" not in page and " onclick" not in page, url


def test_player_names_are_escaped_everywhere(client):
    token = new_table(client, names=("<b>Ana</b>", "Ben", "Cleo"))
    enter(client, token, FIRST_TIE_BREAK)
    score(client, token)
    for url in ["/", f"/t/{token}/{SCREEN}", f"/t/{token}/{SCREEN}?cell={cell(0, 'gold', 'stable')}", f"/t/{token}/{SCREEN}?rename=0", f"/t/{token}/scores/final", f"/t/{token}/scores/final?view=walk&step=1"]:
        page = client.get(url).get_data(as_text=True)
        assert "<b>Ana" not in page and "&lt;b&gt;Ana&lt;/b&gt;" in page, url
