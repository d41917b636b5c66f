"""No request spends more than one work budget on chains (about a second), and a kept scoring
is shown again (scores, walk, home page, spectators) without searching its chains again."""
import json
import re

import pytest

from assistant.games.work import REQUEST_WORK
from assistant.web.games.kardinal import sketch_screen
from assistant.web.store.db import get_db
from tests.kardinal.helpers import SearchSteps, absurd_position, complete_bipartite, thinned_bipartite, units_decide
from tests.web.helpers import HTMX, enter, new_table, view_token
from tests.web.test_sketch import Phone

FIVE = (("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("Emil", "purple"), ("Frida", "yellow"))
COUNTRIES = ("England", "Franken", "Bayern", "Italien", "Aragon")


# --- the API ----------------------------------------------------------------------------------------
def test_five_absurd_road_graphs_through_the_api_are_refused_naming_the_field(client, monkeypatch):
    body = absurd_position()
    assert len(json.dumps(body)) > 6000  # the reported request: 5 players x K(8,12), 6.4 KB
    steps = SearchSteps(monkeypatch)
    response = client.post("/api/score", json=body)
    assert response.status_code == 400
    assert [e["field"] for e in response.get_json()["errors"]] == ["chains.green.roads"]
    assert "error: chains.green.roads: too many roads between these monasteries" in response.get_json()["error"]
    assert 0 < steps.units <= REQUEST_WORK


def test_roads_each_searchable_alone_are_refused_together_within_one_request(client, monkeypatch):
    units_decide(monkeypatch)
    steps = SearchSteps(monkeypatch)
    response = client.post("/api/score?lang=de", json=absurd_position(roads=thinned_bipartite()))
    assert response.status_code == 400
    errors = response.get_json()["errors"]
    assert [e["field"] for e in errors] == ["chains.green.roads", "chains.red.roads"]
    assert "too many roads" not in errors[0]["reason"] and errors[0]["reason"]  # in German
    assert steps.units <= REQUEST_WORK


# --- a table: the sketch and the scoring button ------------------------------------------------------
def lattice_spots(count: int) -> list[str]:
    return [f"{index % 6}.{index // 6}" for index in range(count)]


def absurd_sketch() -> dict:
    """A sketch of 20 monasteries where each of the first 8 has a road to each of the other 12."""
    spots = lattice_spots(20)
    letters = "ABCDEFGHIJKLMNOPQRST"
    roads = sorted(sorted((spots[i], spots[8 + j])) for i, j in ((int(a[1:]), int(b[1:])) for a, b in complete_bipartite(8, 12)))
    return {"nodes": dict(zip(spots, letters)), "roads": roads, "rev": 96, "touched": {}, "undo": []}


def edit_state(app, token: str, change) -> None:
    """Change a table's stored state directly (as an older version of the app, or a long game, left it)."""
    with app.app_context():
        db = get_db()
        state = json.loads(db.execute("SELECT state FROM game_table WHERE id = ?", (token,)).fetchone()["state"])
        change(state)
        db.execute("UPDATE game_table SET state = ?, version = version + 1 WHERE id = ?", (json.dumps(state), token))


@pytest.fixture
def absurd_table(app, client):
    """Five players, 20 monasteries each, every sketch the absurd one."""
    token = new_table(client, players=FIVE)
    enter(client, token, {f"monasteries.{country}.{color}": 4 for country in COUNTRIES for _, color in FIVE})

    def draw(state):
        state["sketches"] = {color: absurd_sketch() for _, color in FIVE}

    edit_state(app, token, draw)
    sketch_screen._covers.cache_clear()  # what an earlier test worked out is not this test's work
    return token


def test_the_chains_tab_with_five_absurd_sketches_stays_within_one_budget(client, absurd_table, monkeypatch):
    units_decide(monkeypatch)
    steps = SearchSteps(monkeypatch)
    page = client.get(f"/t/{absurd_table}/chains").get_data(as_text=True)
    assert page.count("Too many roads to try every way of splitting them into chains") == 5
    assert 0 < steps.units <= REQUEST_WORK


def test_a_tap_on_an_absurd_sketch_stays_within_one_budget(client, absurd_table, monkeypatch):
    units_decide(monkeypatch)
    phone = Phone(client, absurd_table, "green")
    steps = SearchSteps(monkeypatch)
    page = phone.tap("cut", "2.1", start="0.0")  # the road A-O (both ends of K(8,12)) cut
    assert "Too many roads to try every way of splitting them into chains" in page
    assert 0 < steps.units <= REQUEST_WORK


def test_scoring_five_absurd_sketches_is_refused_on_the_chains_tab_keeping_everything(app, client, absurd_table, monkeypatch):
    units_decide(monkeypatch)
    before = client.get(f"/t/{absurd_table}/chains").get_data(as_text=True)
    version = re.search(r'data-version="(\d+)"', before).group(1)
    steps = SearchSteps(monkeypatch)
    response = client.post(f"/t/{absurd_table}/score/final", data={"screen": "chains"})
    assert response.status_code == 303 and steps.units <= REQUEST_WORK
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Chains of Andreas (green): too many roads between these monasteries" in page
    after = client.get(f"/t/{absurd_table}/chains").get_data(as_text=True)
    assert re.search(r'data-version="(\d+)"', after).group(1) == version  # nothing changed, nothing lost


def test_after_a_refused_scoring_the_chains_tab_works_each_sketch_out_in_a_budget_of_its_own(client, absurd_table, monkeypatch):
    """The refusal is shown after a redirect: the tab is a request of its own, so the scoring's
    spent budget never leaves a sketch "not worked out"."""
    units_decide(monkeypatch)
    steps = SearchSteps(monkeypatch)
    response = client.post(f"/t/{absurd_table}/score/final", data={"screen": "chains"})
    assert steps.units <= REQUEST_WORK
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Cannot score yet" in page
    assert page.count("Too many roads to try every way") == 5 and "not worked out" not in page


# --- a kept scoring is shown without searching ------------------------------------------------------
@pytest.fixture
def scored(client):
    """A table scored twice; green drew two chains that share a monastery (a search finds them)."""
    token = new_table(client)
    enter(client, token, {"monasteries.England.green": 9, "monasteries.England.red": 2})
    phone = Phone(client, token, "green")
    phone.draw("0.0", "1.0", "2.0", "3.0", "4.0")
    phone.selected = "2.0"
    phone.draw("2.1", "2.2", "2.3", "2.4")
    assert client.post(f"/t/{token}/score/intermediate", data={"screen": "board"}).status_code == 303
    assert client.post(f"/t/{token}/score/final", data={"screen": "chains"}).status_code == 303
    return token


def pages_of_a_kept_scoring(client, token) -> list[str]:
    spectator = view_token(client, token)
    urls = [
        f"/t/{token}/scores",
        f"/t/{token}/scores/final",
        f"/t/{token}/scores/final?view=walk",
        *(f"/t/{token}/scores/final?view=walk&step={step}" for step in (1, 10, 25, 28, 29)),
        f"/t/{token}/scores/intermediate",
        f"/t/{spectator}/scores/final",
        f"/t/{spectator}/scores/final?view=walk&step=27",
        "/",
    ]
    pages = []
    for url in urls:
        response = client.get(url, follow_redirects=True)
        assert response.status_code == 200, url
        pages.append(response.get_data(as_text=True))
    pages.append(client.get(f"/t/{spectator}/scores/final", headers=HTMX).get_data(as_text=True))
    return pages


def test_pages_of_a_kept_scoring_search_no_chains(client, scored, monkeypatch):
    steps = SearchSteps(monkeypatch)
    pages = pages_of_a_kept_scoring(client, scored)
    assert (steps.searches, steps.units) == (0, 0)
    assert "Andreas (green): the line A–B–C–D–E scores 5; the line F–G–H–I scores 4; 9 points in all." in pages[1]
    assert "Andreas (green) wins with 31 points." in pages[-2]  # the home page: the verdict


def test_a_kept_scoring_is_explained_again_in_the_page_language_without_searching(client, scored, monkeypatch):
    steps = SearchSteps(monkeypatch)
    page = client.get(f"/t/{scored}/scores/final?lang=de").get_data(as_text=True)
    assert steps.searches == 0
    assert "Andreas (Grün)" in page and "A–B–C–D–E" in page and "the line A–B–C–D–E" not in page


def test_a_result_kept_before_its_chains_were_still_opens_with_its_scores(app, client, scored, monkeypatch):
    def as_kept_before(state):
        for kept in state["results"].values():
            del kept["found"]  # the shape the app kept results in before: input, totals, at, version

    edit_state(app, scored, as_kept_before)
    steps = SearchSteps(monkeypatch)
    pages = pages_of_a_kept_scoring(client, scored)
    assert "Andreas (green): the line A–B–C–D–E scores 5; the line F–G–H–I scores 4; 9 points in all." in pages[1]
    assert steps.searches > 0  # searched again, as before, within each request's budget


def test_a_result_kept_before_with_roads_too_many_to_search_now_still_opens(app, client, scored, monkeypatch):
    """Kept when one search could take a second (and five of them five): shown within the budget."""

    def absurd_and_kept_before(state):
        kept = state["results"]["final"]
        del kept["found"]
        kept["input"]["monasteries"]["Bayern"] = {"green": 11}
        kept["input"]["chains"]["green"] = {"roads": complete_bipartite(8, 12)}

    edit_state(app, scored, absurd_and_kept_before)
    steps = SearchSteps(monkeypatch)
    page = client.get(f"/t/{scored}/scores/final").get_data(as_text=True)
    assert "This result can no longer be shown. Score again to see it." in page
    home = client.get("/")
    # The kept input is no longer the table's: the start page says so, without searching it again.
    assert home.status_code == 200 and "The table changed after it was scored" in home.get_data(as_text=True)
    assert steps.units <= 2 * REQUEST_WORK  # two requests


@pytest.mark.timing(loads_cores=True)
def test_a_request_stops_searching_at_its_seconds_whatever_units_are_left(client, monkeypatch):
    """Security review, finding 7: a busy server (here: a budget of 0.05 s) refuses the request
    as a quiet one does, naming the field, instead of spending more than its seconds."""
    from assistant.games import work

    monkeypatch.setattr(work, "REQUEST_SECONDS", 0.05)
    steps = SearchSteps(monkeypatch)
    response = client.post("/api/score", json=absurd_position())
    assert response.status_code == 400
    assert [e["field"] for e in response.get_json()["errors"]] == ["chains.green.roads"]
    assert 0 < steps.units < REQUEST_WORK // 4
