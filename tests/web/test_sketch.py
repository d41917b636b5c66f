"""The chain sketch: drawing deltas, the limit, two phones drawing at once, bad input, scoring."""
import html
import re

import pytest

from tests.web.helpers import HTMX, enter, new_table

PLAYERS = (("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"))


class Phone:
    """One phone drawing on a player's sketch: it remembers what it showed (version, sketch rev)."""

    def __init__(self, client, token, color="green"):
        self.client, self.token, self.color = client, token, color
        self.selected = ""
        self.look()

    def look(self, **args):
        query = "&".join(f"{k}={v}" for k, v in {"sketch": self.color, **({"at": self.selected} if self.selected else {}), **args}.items())
        self.page = self.client.get(f"/t/{self.token}/chains?{query}", headers=HTMX).get_data(as_text=True)
        return self.page

    @property
    def base(self) -> int:
        return int(re.search(r'data-version="(\d+)"', self.page).group(1))

    @property
    def rev(self) -> int:
        return int(re.search(r'name="rev" value="(\d+)"', self.page).group(1))

    def tap(self, do, spot="", start=None, expect=200, **extra):
        data = {
            "cell": f"sketch.{self.color}", "do": f"{do}@{spot}" if spot else do, "from": self.selected if start is None else start,
            "rev": self.rev, "base": self.base, "screen": "chains", "here": f"sketch={self.color}" + (f"&at={self.selected}" if self.selected else ""), **extra,
        }
        response = self.client.post(f"/t/{self.token}/change", data=data, headers=HTMX)
        assert response.status_code == expect, response.get_data(as_text=True)[:1500]
        self.page = response.get_data(as_text=True)
        found = re.search(r'name="from" value="([^"]*)"', self.page)
        self.selected = found.group(1) if found and response.status_code == 200 else self.selected
        return self.page

    def draw(self, *spots):
        for spot in spots:
            self.tap("add", spot)


def nodes(page) -> dict[str, str]:
    """spot -> letter of every monastery shown."""
    return dict(re.findall(r'data-spot="(\d\.\d)"[^>]*>\s*<span class="disc[^"]*"[^>]*>(\w)</span>', page))


def in_chain(page, number) -> set[str]:
    return set(re.findall(rf'aria-label="Monastery (\w), chain {number}\b', page))


def points(page) -> int:
    return int(re.search(r'id="sketch-points">(\d+) point', page).group(1))


@pytest.fixture
def table(client):
    token = new_table(client, players=PLAYERS)
    enter(client, token, {"monasteries.Burgund.green": 6, "monasteries.Italien.green": 6})
    return token


LINE = ("0.1", "1.1", "2.1", "3.1", "4.1", "5.1")


def test_each_tap_on_an_empty_spot_adds_a_monastery_joined_to_the_last(client, table):
    phone = Phone(client, table)
    phone.draw(*LINE)
    assert nodes(phone.page) == dict(zip(LINE, "ABCDEF"))
    assert phone.selected == "5.1"  # drawing goes on from the last one
    assert in_chain(phone.page, 1) == set("ABCDEF") and points(phone.page) == 6
    assert "Chain 1: 6 monasteries" in phone.page and "A–B–C–D–E–F" in phone.page
    assert "In the sketch: 6 of 12 monasteries on the board" in phone.page


def test_a_branch_is_left_over_and_a_long_branch_is_a_chain_of_its_own(client, table):
    phone = Phone(client, table)
    phone.draw(*LINE)
    phone.selected = "2.1"  # tap F to let go, tap C: selections are links, no change
    phone.draw("2.2")
    assert points(phone.page) == 6 and "Not in a chain: G" in phone.page
    assert "Monastery G is a branch or a leftover and does not count" in phone.page
    assert "gives the same here" in phone.page
    phone.draw("2.3", "2.4", "2.5")
    assert points(phone.page) == 10
    assert in_chain(phone.page, 2) == set("GHIJ")
    assert "a side branch of 4 or more is a chain of its own" in phone.page
    assert "Chains that touch" not in phone.page  # the chain's sentence says it already, once is enough
    assert (
        "Under the default reading a side branch of 4 or more is a chain of its own; "
        "with the house rule 'only the longest line of each group' it would be 8 points." in html.unescape(phone.page)
    )
    response = client.post(f"/t/{table}/change", data={"cell": "rules.chains", "value": "longest-per-group", "base": phone.base, "screen": "chains", "here": "sketch=green"}, headers=HTMX)
    page = response.get_data(as_text=True)
    assert points(page) == 8 and in_chain(page, 1) == set("CDEFGHIJ") and "Not in a chain: A, B" in page


def test_join_cut_remove_and_undo(client, table):
    phone = Phone(client, table)
    phone.draw("0.0", "1.0", "2.0", "3.0")
    assert points(phone.page) == 4
    phone.tap("join", "0.0")  # a ring of 4
    assert points(phone.page) == 4 and phone.selected == "0.0"
    phone.tap("cut", "1.0")  # A–B cut: the line B–C–D–A
    assert in_chain(phone.page, 1) == set("ABCD")
    assert "B–C–D–A" in phone.page or "A–D–C–B" in phone.page
    phone.tap("remove", "3.0", start="")
    assert nodes(phone.page) == {"0.0": "A", "1.0": "B", "2.0": "C"} and points(phone.page) == 0
    assert "No chain yet" in phone.page
    phone.tap("undo")
    assert nodes(phone.page) == {"0.0": "A", "1.0": "B", "2.0": "C", "3.0": "D"} and points(phone.page) == 4
    for _ in range(6):
        phone.tap("undo")
    assert nodes(phone.page) == {}
    page = phone.tap("undo", expect=400)
    assert "there is nothing to undo" in page


def test_a_removed_letter_is_given_to_the_next_monastery(client, table):
    phone = Phone(client, table)
    phone.draw("0.0", "1.0", "2.0")
    phone.tap("remove", "1.0", start="")
    phone.selected = ""
    phone.draw("4.4")
    assert nodes(phone.page) == {"0.0": "A", "2.0": "C", "4.4": "B"}


def test_no_more_monasteries_than_on_the_board(client, table):
    client.post(f"/t/{table}/change", data={"cell": "chains.green", "add": 4, "base": Phone(client, table).base, "screen": "chains"}, headers=HTMX)
    phone = Phone(client, table)
    assert "(and 4 in counted chains)" in phone.page
    phone.draw(*LINE, "5.2", "5.3")  # 8 drawn + 4 counted = 12 on the board
    assert "Full: enter more on the Board tab" in phone.page
    before = nodes(phone.page)
    page = phone.tap("add", "5.4", expect=400)
    assert "all 12 monasteries on the board are drawn or counted already, so no monastery was added" in page
    assert nodes(page) == before and "Nothing was changed" in page
    phone.look()
    phone.tap("join", "0.1")  # roads can still be drawn
    assert "Chain 1: 8 monasteries" in phone.page


def test_a_player_without_monasteries_on_the_board_cannot_draw(client, table):
    phone = Phone(client, table, color="red")
    assert "Enter this player's monasteries on the Board tab first." in html.unescape(phone.page)
    page = phone.tap("add", "0.0", expect=400)
    assert "the 0 monastery on the board" in page or "all 0 monasteries" in page


def test_the_final_scoring_uses_the_sketch_and_the_counted_lengths(client, table):
    phone = Phone(client, table)
    phone.draw(*LINE)
    phone.selected = "2.1"
    phone.draw("2.2")
    client.post(f"/t/{table}/change", data={"cell": "chains.green", "add": 4, "base": phone.base, "screen": "chains"}, headers=HTMX)
    chains = client.get(f"/t/{table}/chains").get_data(as_text=True)
    assert "Sketch: 7 monasteries" in chains and "10 points" in chains  # 6 drawn + 4 counted
    response = client.post(f"/t/{table}/score/final", data={"screen": "chains"})
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "the line A–B–C–D–E–F scores 6; a counted chain of 4 scores 4; 10 points in all" in page
    phone.look()
    phone.selected = "5.1"
    phone.tap("add", "5.2")
    chains = client.get(f"/t/{table}/chains").get_data(as_text=True)
    assert "The table changed after the final scoring" in chains


def test_two_phones_adding_monasteries_merge(client, table):
    first, second = Phone(client, table), Phone(client, table)
    first.draw("0.0", "1.0")
    second.draw("0.5", "1.5")  # from the sketch it showed before the first phone drew
    page = second.page
    assert nodes(page) == {"0.0": "A", "1.0": "B", "0.5": "C", "1.5": "D"}
    third = Phone(client, table)
    first.tap("add", "2.0")
    third.selected = "1.0"
    third.tap("add", "2.0")  # the same monastery and road from two phones: one monastery
    assert nodes(third.page) == {"0.0": "A", "1.0": "B", "2.0": "E", "0.5": "C", "1.5": "D"}


def test_a_tap_from_a_removed_monastery_is_a_clear_conflict(client, table):
    first = Phone(client, table)
    first.draw("0.0", "1.0", "2.0")
    second = Phone(client, table)
    second.selected = "2.0"
    first.tap("remove", "2.0", start="")
    page = second.tap("add", "3.0", expect=409)
    assert "A monastery you tapped was removed on another phone after this phone showed the sketch, so nothing was drawn." in page
    assert "Nothing was overwritten" in page and ">OK<" in page
    assert "anyway" not in page
    assert nodes(page) == {"0.0": "A", "1.0": "B"}  # the sketch as it is now


def test_removing_a_monastery_another_phone_joined_is_refused_and_can_be_forced(client, table):
    first = Phone(client, table)
    first.draw("0.0", "1.0")
    second = Phone(client, table)
    first.draw("2.0")  # B–C drawn on the first phone
    page = second.tap("remove", "1.0", start="", expect=409)
    assert "Another phone changed monastery B after this phone showed the sketch; its roads now go to: A, C." in page
    assert "Keep B" in page and "Remove B anyway" in page
    resend = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page.split("Remove B anyway")[0].split('class="notice conflict"')[1]))
    response = client.post(f"/t/{table}/change", data=resend, headers=HTMX)
    assert response.status_code == 200
    assert "1.0" not in nodes(response.get_data(as_text=True))


def test_undo_after_another_phones_change_is_refused(client, table):
    first, second = Phone(client, table), Phone(client, table)
    first.draw("0.0")
    second.look()
    first.draw("1.0")
    page = second.tap("undo", expect=409)
    assert "Undo would take back a change you have not seen" in page
    assert nodes(page) == {"0.0": "A", "1.0": "B"}


def test_a_road_cut_on_another_phone_is_not_drawn_again_silently(client, table):
    first = Phone(client, table)
    first.draw("0.0", "1.0")
    second = Phone(client, table)
    first.selected = "1.0"
    first.tap("cut", "0.0")
    second.selected = "0.0"
    page = second.tap("add", "1.0", expect=409)  # the spot was taken: joining it would redraw the cut road
    assert "Another phone cut the road A–B after this phone showed the sketch." in page
    assert "Draw it anyway" in page


BAD_FORMS = [
    {"do": "add@9.9"},
    {"do": "add@1.1.1"},
    {"do": "add@-1.0"},
    {"do": "fly@1.1"},
    {"do": "add"},
    {"do": "join@1.1", "from": ""},
    {"do": "join@1.1", "from": "1.1"},
    {"do": "join@1.1", "from": "4.4"},  # no monastery there
    {"do": "add@1.1", "from": "x"},
    {"do": "cut@1.1", "from": "².1"},
    {"do": "add@1.1", "rev": "abc"},
    {"do": "add@1.1", "rev": ""},
    {"do": "add@0.0"},  # taken
    {"do": "remove@" + "9" * 5000},
    {"do": "add@1.1", "cell": "sketch.purple"},
    {"do": "add@1.1", "cell": "sketch."},
]


def test_bad_sketch_forms_are_refused_in_words(client, table):
    phone = Phone(client, table)
    phone.draw("0.0")
    for form in BAD_FORMS:
        data = {"cell": "sketch.green", "rev": phone.rev, "base": phone.base, "screen": "chains", "here": "sketch=green", **form}
        response = client.post(f"/t/{table}/change", data=data, headers=HTMX)
        assert response.status_code == 400, form
        page = response.get_data(as_text=True)
        assert 'class="notice error"' in page and "Nothing was changed" in page, form
    assert nodes(Phone(client, table).page) == {"0.0": "A"}


def test_odd_sketch_urls_show_the_list_or_the_sketch(client, table):
    for query in ["sketch=purple", "sketch=", "sketch=green&at=9.9", "sketch=green&at=abc", "sketch=green&mode=zap", "sketch=green&mode=remove", "sketch=green&at=" + "1" * 90]:
        response = client.get(f"/t/{table}/chains?{query}")
        assert response.status_code == 200, query


def test_spectators_see_the_sketch_and_cannot_draw(client, table):
    phone = Phone(client, table)
    phone.draw(*LINE[:4])
    share = client.get(f"/t/{table}/share").get_data(as_text=True)
    watch = (set(re.findall(r"/t/([A-Za-z0-9_-]{20,})/board", share)) - {table}).pop()
    page = client.get(f"/t/{watch}/chains?sketch=green&mode=remove&at=0.1").get_data(as_text=True)
    assert "Watching only" in page and "<button" not in page.split('id="sketch-board"')[1].split("</form>")[0]
    assert points(page) == 4
    data = {"cell": "sketch.green", "do": "add@3.3", "rev": phone.rev, "base": phone.base, "screen": "chains"}
    assert client.post(f"/t/{watch}/change", data=data, headers=HTMX).status_code == 403


def test_without_javascript_a_tap_redirects_to_the_sketch(client, table):
    phone = Phone(client, table)
    data = {"cell": "sketch.green", "do": "add@2.2", "from": "", "rev": phone.rev, "base": phone.base, "screen": "chains", "here": "sketch=green"}
    response = client.post(f"/t/{table}/change", data=data)
    assert response.status_code == 303
    assert "sketch=green" in response.headers["Location"] and "at=2.2" in response.headers["Location"]
    assert response.headers["Location"].endswith("#sketch")


def test_fewer_monasteries_on_the_board_later_is_shown_on_the_sketch(client, table):
    phone = Phone(client, table)
    phone.draw(*LINE)
    enter(client, table, {"monasteries.Italien.green": 0, "monasteries.Burgund.green": 5})
    page = phone.look()
    assert "6 monasteries in chains, but Andreas (green) has only 5 monasteries on the board" in page
    assert points(page) == 6  # the sketch stays as drawn until the table corrects one or the other


def test_a_ring_is_a_line_that_may_start_anywhere(client, table):
    phone = Phone(client, table)
    phone.draw("1.1", "2.1", "3.2", "2.3", "1.3", "0.2")
    phone.tap("join", "1.1")  # seven taps: a ring of 6
    assert points(phone.page) == 6 and in_chain(phone.page, 1) == set("ABCDEF")
    assert "Not in a chain" not in phone.page


def test_the_sketchs_styles_load_on_the_chains_tab_only(client):
    """The board's first load carries no other tab's styles (issue 34); the chains tab and its
    sketch have theirs."""
    token = new_table(client, PLAYERS)

    def sheets(path: str) -> list[str]:
        response = client.get(path, follow_redirects=True)
        assert response.status_code == 200, path
        page = response.get_data(as_text=True)
        return [href.split("?")[0] for href in re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)]

    assert sheets(f"/t/{token}/board") == ["/static/app.css", "/static/kardinal/kardinal.css"]
    assert sheets(f"/t/{token}/chains?sketch=green") == ["/static/app.css", "/static/kardinal/kardinal.css", "/static/kardinal/sketch.css"]
    assert sheets(f"/t/{token}/scores") == ["/static/app.css", "/static/kardinal/kardinal.css"]


def test_a_sketch_tap_that_changes_nothing_is_no_change(client, table):
    """Removing a monastery another tap removed already is what the tap wanted: taken, no version (issue 42)."""
    phone = Phone(client, table)
    phone.draw("1.1", "2.1")
    phone.tap("remove", "2.1")
    made, entries = phone.base, client.get(f"/api/tables/{table}/history").get_json()["entries"]
    phone.tap("remove", "2.1", rev=phone.rev - 1)  # the same tap from a screen before the first
    assert phone.base == made and client.get(f"/api/tables/{table}/history").get_json()["entries"] == entries
    assert nodes(phone.page) == {"1.1": "A"}
