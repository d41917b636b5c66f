"""The board check: list, create and change board variants, errors next to their field, tables
scored on the variant they were started with, and the published board never changed."""
import random
import re
import sqlite3

from assistant.games.kardinal.board import published_board
from tests.client import browser_app
from tests.web.helpers import GAME, HTMX, enter, new_table, score

PUBLISHED = published_board()
# Alliance 1 on England–Aragon: green holds the advisor majority in both and scores 3.
POSITION = {
    "monasteries.England.red": 2,
    "monasteries.Aragon.red": 2,
    "advisors.England.green": 1,
    "advisors.Aragon.green": 2,
}


def board_form(name="Our board", version=None, **changes):
    """The board-check form of the published board, with ``n1=("England", "Aragon")``-style changes
    and ``Bayern="6"``-style cloister fields."""
    form = {"name": name}
    for alliance in PUBLISHED.alliances:
        a, b = changes.get(f"n{alliance.number}", alliance.countries)
        form[f"alliance-{alliance.number}-a"], form[f"alliance-{alliance.number}-b"] = a, b
    for country in PUBLISHED.countries:
        form[f"fields-{country.key}"] = changes.get(country.key, "" if country.fields is None else str(country.fields))
    if version is not None:
        form["version"] = version
    return form


def save(client, **changes) -> int:
    response = client.post("/boards", data=board_form(**changes))
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return int(re.search(r"/boards/(\d+)\?saved=1$", response.headers["Location"]).group(1))


def section(page: str, element_id: str) -> str:
    """The HTML of a row of the form (an alliance's list item, a country's label)."""
    rest = page[page.index(f'id="{element_id}"') :]
    return rest.split("</li>" if element_id.startswith("alliance-") else "</label>")[0]


def new_table_on(client, board_id, players=(("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"))):
    form = {"action": "start", "chains": "disjoint", "board": str(board_id)}
    for index, (name, color) in enumerate(players):
        form[f"players-{index}-name"], form[f"players-{index}-color"] = name, color
    response = client.post(f"/new/{GAME}", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:800]
    return response.headers["Location"].split("/")[2]


def final(client, token) -> str:
    score(client, token, "intermediate")
    response = score(client, token, "final", "chains")
    assert response.status_code == 303, response.get_data(as_text=True)[:800]
    return client.get(response.headers["Location"]).get_data(as_text=True)


def test_the_page_shows_the_15_alliances_marked_and_the_known_cloister_fields(client):
    page = client.get("/boards").get_data(as_text=True)
    assert page.count('<li class="alliance-row') == 15
    # Each alliance names its source, true to it (docs/rules-readings.md): its countries given in the
    # rulebooks, named on the German rules page, or read off the map.
    sources = {
        "pair given in the rulebooks": {14, 15},
        "pair named on the rules page, number read off the map": {2, 6, 10, 11, 12, 13},
        "read off the map — check on your board": {1, 3, 4, 5, 7, 8, 9},
    }
    for words, numbers in sources.items():
        assert {n for n in range(1, 16) if f">{words}<" in section(page, f"alliance-{n}")} == numbers, words
    legend = page.split('class="map-legend"')[1].split("</figcaption>")[0]
    assert "pair named in the rules" in legend and "read off the map (hollow)" in legend
    assert "in the rulebook<" not in page  # the pairs of the rules page are not the rulebooks'
    assert "across the sea" in section(page, "alliance-15") and "over land" in section(page, "alliance-14")
    assert 'name="fields-Frankreich" value="8"' in page and 'name="fields-Schwaben" value="4"' in page
    assert 'name="fields-Bayern" value=""' in page
    # The map: every country labelled, 15 numbered squares, the six sea links dashed.
    svg = page.split('<figure class="board-map" id="check-map">')[1].split("</svg>")[0]
    assert 'role="img"' in svg and "<title" in svg
    assert all(f">{key}</text>" in svg for key in PUBLISHED.country_keys)
    assert len(re.findall(r'<g class="square', svg)) == 15
    assert len(re.findall(r'<path class="link sea', svg)) == 6
    assert "style=" not in svg  # the content security policy forbids inline styles


def test_the_start_page_and_the_new_table_form_lead_to_the_board_check(client):
    assert 'href="/boards"' in client.get("/").get_data(as_text=True)
    form = client.get(f"/new/{GAME}").get_data(as_text=True)
    assert 'href="/boards"' in form and "Check the board's alliances" in form
    assert '<option value="" selected>Published board (default)</option>' in form


def test_a_saved_variant_is_listed_offered_for_new_tables_and_can_be_changed(client):
    ident = save(client, n1=("England", "Aragon"), Bayern="6")
    page = client.get(f"/boards/{ident}?saved=1").get_data(as_text=True)
    assert "Saved." in page and f'href="/new/{GAME}?board={ident}"' in page
    assert 'name="name" value="Our board"' in page
    assert "changed: the published board has England–Frankreich" in section(page, "alliance-1")
    listing = client.get("/boards").get_data(as_text=True).split("Saved boards")[1]
    assert "Our board" in listing and "1 alliance changed: 1 England–Aragon" in listing and "Bayern 6" in listing
    form = client.get(f"/new/{GAME}?board={ident}").get_data(as_text=True)
    assert f'<option value="{ident}" selected>Our board</option>' in form

    response = client.post(f"/boards/{ident}", data=board_form(name="Our board, checked", version=1, n1=("England", "Aragon"), n5=("Frankreich", "Italien")))
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'value="Our board, checked"' in page and "changed: the published board has Frankreich–Aragon" in section(page, "alliance-5")
    assert 'name="version" value="2"' in page


def test_a_save_from_an_older_page_is_refused_and_keeps_what_was_typed(client):
    ident = save(client)
    assert client.post(f"/boards/{ident}", data=board_form(version=1, n2=("England", "Bayern"))).status_code == 303
    response = client.post(f"/boards/{ident}", data=board_form(version=1, n3=("England", "Italien")), headers=HTMX)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Someone saved this board from another phone" in page
    assert '<option value="Italien" selected>' in section(page, "alliance-3")
    assert 'name="version" value="2"' in page  # saving again replaces theirs, on purpose
    assert client.post(f"/boards/{ident}", data=board_form(version=2, n3=("England", "Italien"))).status_code == 303


def test_errors_appear_next_to_their_field_and_nothing_typed_is_lost(client):
    form = board_form(name="", n3=("England", "England"), n4=("Frankreich", "England"), Bayern="abc", Italien="0")
    response = client.post("/boards", data=form, headers=HTMX)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    row3 = section(page, "alliance-3")
    assert "an alliance joins two different countries, not England with itself" in row3 and 'aria-invalid="true"' in row3
    assert row3.count('<option value="England" selected>') == 2
    assert "Frankreich–England is alliance 1 already" in section(page, "alliance-4")
    assert "must be a whole number" in section(page, "fields-Bayern") and 'value="abc"' in section(page, "fields-Bayern")
    assert "from 1 to 40, or empty if unknown" in section(page, "fields-Italien") and 'value="0"' in section(page, "fields-Italien")
    name = page.split('name="name"')[1].split("</fieldset>")[0]
    assert "give this board a name" in name
    assert client.get("/boards").get_data(as_text=True).count('href="/boards/') == 0  # nothing saved


def test_names_are_unique_and_the_published_board_cannot_be_overwritten(client):
    save(client, name="Our board")
    for name in ("our BOARD", "published", "Published board"):
        page = client.post("/boards", data=board_form(name=name)).get_data(as_text=True)
        assert "there is a board called" in page, name
    page = client.post("/boards", data=board_form(name="x" * 41)).get_data(as_text=True)
    assert "must be at most 40 characters long" in page
    assert client.post("/boards/published", data=board_form()).status_code == 404
    assert client.get("/boards/0").status_code == 404


def test_a_table_started_on_a_variant_scores_with_it_and_says_so(client):
    ident = save(client, n1=("England", "Aragon"))
    on_variant = new_table_on(client, ident)
    enter(client, on_variant, POSITION)
    page = final(client, on_variant)
    assert "Alliance 1, England–Aragon: Andreas (green) holds the advisor majority in both and scores all 3 advisors" in page
    assert "Board: “Our board”, a variant checked against the printed board." in page.split('class="card standings"')[1].split("</section>")[0]
    assert "Scored on the board variant “Our board”; the table corrected alliance 1." in page

    published = new_table(client)
    enter(client, published, POSITION)
    page = final(client, published)
    assert "Alliance 1, England–Frankreich: nobody" in page
    assert "Board: as published" in page and "board variant" not in page


def test_editing_a_variant_later_does_not_change_a_table_started_on_it(client):
    ident = save(client, n1=("England", "Aragon"))
    token = new_table_on(client, ident)
    enter(client, token, POSITION)
    final(client, token)
    client.post(f"/boards/{ident}", data=board_form(name="Renamed", version=1))  # back to England–Frankreich
    page = client.get(f"/t/{token}/scores/final").get_data(as_text=True)
    assert "Alliance 1, England–Aragon: Andreas (green)" in page and "“Our board”" in page
    assert "The table changed after this scoring" not in page
    page = final(client, token)  # scoring again still uses the table's copy
    assert "Alliance 1, England–Aragon: Andreas (green)" in page


def test_the_variants_cloister_fields_count_on_the_board_screen(client):
    ident = save(client, Bayern="6", Frankreich="")
    token = new_table_on(client, ident)
    enter(client, token, {"monasteries.Bayern.green": 4, "monasteries.Bayern.red": 3, "monasteries.Frankreich.green": 9})
    page = client.get(f"/t/{token}/board").get_data(as_text=True)
    bayern = page.split('id="country-Bayern"')[1].split('id="country-')[0]
    assert "7 monasteries, but Bayern has only 6 cloister fields" in bayern
    frankreich = page.split('id="country-Frankreich"')[1].split('id="country-')[0]
    assert "cloister fields" not in frankreich  # unknown on this board


def test_the_published_board_stays_untouched(client):
    save(client, n1=("England", "Aragon"), n2=("Franken", "Italien"), Bayern="6", Frankreich="")
    assert published_board().alliances[0].countries == ("England", "Frankreich")
    assert published_board().country("Frankreich").fields == 8 and published_board().country("Bayern").fields is None
    page = client.get("/boards").get_data(as_text=True)
    assert '<option value="Frankreich" selected>' in section(page, "alliance-1")
    assert 'name="fields-Frankreich" value="8"' in page


def test_a_board_that_is_gone_is_an_error_next_to_the_choice(client):
    form = {"action": "start", "chains": "disjoint", "board": "99", "players-0-name": "Ann", "players-0-color": "red", "players-1-color": "green", "players-2-color": "blue"}
    response = client.post(f"/new/{GAME}", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "This board is not saved here (any more)" in page.split('class="card board-choice"')[1]
    assert 'value="Ann"' in page


def test_the_live_map_follows_the_pairs_as_typed(client):
    response = client.post("/boards/map", data=board_form(n1=("England", "Aragon"), n2=("England", "England")), headers=HTMX)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert len(re.findall(r'<g class="square', page)) == 14  # the unfinished pair is left out
    assert re.search(r'<g class="square sea changed"><rect[^>]*/><text[^>]*>1</text>', page)
    assert 'id="alliance-1-facts" hx-swap-oob="true"' in page and "changed: the published board has England–Frankreich" in page


def test_the_walk_shows_the_map_with_the_step_highlighted_and_the_counts(client):
    ident = save(client, n1=("England", "Aragon"))
    token = new_table_on(client, ident)
    enter(client, token, POSITION)
    final(client, token)
    page = client.get(f"/t/{token}/scores/final?view=walk&step=1").get_data(as_text=True)
    svg = page.split('id="step-map"')[1].split("</svg>")[0]
    assert "Map of the board: England highlighted</title>" in svg
    assert "Monasteries in England: Barbara (red): 2.</desc>" in svg
    assert re.search(r'<g class="country lit card">.*?>England</text>.*?>monasteries</text>.*?c-red.*?>Barbara 2</text>', svg, re.S)
    page = client.get(f"/t/{token}/scores/final?view=walk&step=10").get_data(as_text=True)
    svg = page.split('id="step-map"')[1].split("</svg>")[0]
    assert "alliance 1, England–Aragon (across the sea), highlighted" in svg
    assert "Advisors in England: Andreas (green): 1, majority. Advisors in Aragon: Andreas (green): 2, majority." in svg
    assert re.search(r'<g class="square sea lit"><rect[^>]*/><text[^>]*>1</text>', svg)
    assert svg.count('<g class="country lit card">') == 2
    assert 'class="count strong"' in svg
    chain_step = client.get(f"/t/{token}/scores/final?view=walk&step=25").get_data(as_text=True)
    assert 'id="step-map"' not in chain_step and "Chains of" in chain_step
    start = client.get(f"/t/{token}/scores/final?view=walk&step=0").get_data(as_text=True)
    assert "Board: “Our board”" in start


def test_an_old_database_gets_the_new_table(tmp_path):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE game_table (id TEXT PRIMARY KEY, view_id TEXT NOT NULL UNIQUE, game TEXT NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL, changed TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL)")
    app = browser_app({"TESTING": True, "DATABASE": str(path)})
    client = app.test_client()
    assert client.get("/boards").status_code == 200
    save(client)
    token = new_table(client)  # a table from before variants existed has no "board" in its state
    enter(client, token, POSITION)
    assert "Board: as published" in final(client, token)


ODD = ["", "0", "1", "-1", "99", "abc", "England", "england", "Narnia", "²", "9" * 3000, "<script>", "\x00", "ü" * 300, "published"]
FIELDS = ["name", "version", "alliance-1-a", "alliance-1-b", "alliance-15-b", "fields-Bayern", "fields-Narnia", "board", "from"]


def test_no_client_input_causes_a_server_error(client):
    ident = save(client)
    rng = random.Random(11)
    for _ in range(250):
        form = board_form() if rng.random() < 0.5 else {}
        form.update({field: rng.choice(ODD) for field in rng.sample(FIELDS, rng.randint(0, len(FIELDS)))})
        url = rng.choice(["/boards", f"/boards/{ident}", "/boards/map", "/boards/abc", f"/new/{GAME}"])
        response = client.post(url, data=form, headers=HTMX if rng.random() < 0.5 else {})
        assert response.status_code < 500, (url, form)
    for _ in range(80):
        query = f"{rng.choice(['from', 'board', 'saved'])}={rng.choice(ODD)[:50]}"
        path = rng.choice(["/boards", f"/boards/{ident}", "/boards/x", f"/new/{GAME}", "/boards/99999999999"])
        assert client.get(f"{path}?{query}").status_code < 500, (path, query)


def test_a_stored_variant_the_core_would_now_refuse_still_opens(client, app):
    ident = save(client)
    with app.app_context():
        from assistant.web.store.db import get_db

        get_db().execute("UPDATE board_variant SET data = ? WHERE id = ?", ('{"name": "x", "alliances": [["England", "Narnia"]], "fields": {"Bayern": 99}}', ident))
    page = client.get(f"/boards/{ident}").get_data(as_text=True)
    assert 'name="fields-Bayern" value="99"' in page and '<option value="Frankreich" selected>' in section(page, "alliance-1")
    assert client.get("/boards").status_code == 200 and client.get(f"/boards?from={ident}").status_code == 200
    assert client.get(f"/new/{GAME}").status_code == 200
    form = {"action": "start", "board": str(ident), "players-0-color": "red", "players-1-color": "green", "players-2-color": "blue"}
    assert "This board cannot be read any more" in client.post(f"/new/{GAME}", data=form).get_data(as_text=True)
    response = client.post(f"/boards/{ident}", data=board_form(version=1, Bayern="99"))
    assert response.status_code == 400 and "from 1 to 40" in response.get_data(as_text=True)


def test_a_variants_name_is_text_everywhere(client):
    ident = save(client, name='<b onclick="x()">Ours</b>', n1=("England", "Aragon"))
    token = new_table_on(client, ident)
    enter(client, token, POSITION)
    pages = [final(client, token), client.get(f"/t/{token}/scores/final?view=walk&step=0").get_data(as_text=True)]
    pages += [client.get(url).get_data(as_text=True) for url in (f"/boards/{ident}", "/boards", f"/new/{GAME}")]
    for page in pages:
        assert "<b onclick" not in page and "&lt;b onclick=" in page
