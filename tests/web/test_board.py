"""Entering the board: one delta per tap, mistakes shown where they are, nothing lost."""
import re

from tests.web.helpers import HTMX, change, enter, new_table, nothing_new, version, view_token


def test_a_count_is_set_and_the_pad_moves_on(client):
    token = new_table(client)
    response = change(client, token, "monasteries.Frankreich.green", value=4)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.search(r'id="cell-monasteries-Frankreich-green"[^>]*>4</a>', page)
    assert 'class="cell selected' in page.split('id="cell-monasteries-Frankreich-red"')[0][-200:]
    assert "4 of 8 cloister fields taken" in page
    pad = page.split('id="pad"')[1]
    assert "20 left in supply" in pad and "16 left in supply" not in pad  # the pad now shows red's supply
    assert page.lstrip().startswith('<section id="screen"')  # a fragment for htmx


def test_minus_and_plus_correct_without_moving_on(client):
    token = new_table(client)
    change(client, token, "advisors.Italien.blue", value=2)
    page = change(client, token, "advisors.Italien.blue", adjust=1, here="cell=advisors.Italien.blue").get_data(as_text=True)
    assert re.search(r'id="cell-advisors-Italien-blue"[^>]*aria-current="true">1</a>', page)


def test_the_advisor_cap_and_supply_are_shown_and_broken_caps_explained(client):
    token = new_table(client)
    enter(client, token, {"monasteries.Italien.green": 1, "advisors.Italien.blue": 2})
    page = client.get(f"/t/{token}/board").get_data(as_text=True)
    assert "advisors: 2 of at most 1" in page
    assert "2 advisors in Italien, but the most monasteries anyone has there is 1" in page
    assert ">6</span>" in page  # blue has 6 advisors left


def test_too_many_monasteries_in_a_country_are_marked_at_the_country(client):
    token = new_table(client)
    enter(client, token, {"monasteries.Schwaben.green": 3, "monasteries.Schwaben.red": 2})
    page = client.get(f"/t/{token}/board").get_data(as_text=True)
    section = page.split('id="country-Schwaben"')[1].split("</section>")[0]
    assert "5 monasteries, but Schwaben has only 4 cloister fields" in section


def test_more_than_twenty_monasteries_are_kept_and_explained(client):
    token = new_table(client)
    enter(client, token, {"monasteries.England.green": 20, "monasteries.Franken.green": 3})
    page = client.get(f"/t/{token}/board").get_data(as_text=True)
    assert "has 23 monasteries on the board, but a player owns only 20" in page
    assert re.search(r'id="cell-monasteries-Franken-green"[^>]*>3</a>', page)  # kept, not lost


def test_out_of_range_and_malformed_counts_are_refused_in_words(client):
    token = new_table(client)
    for value in ["21", "-1", "abc", "", "3.5", "9" * 50]:
        response = change(client, token, "monasteries.Frankreich.green", value=value)
        assert response.status_code == 400, value
        assert "a count of monasteries is a whole number from 0 to 20" in response.get_data(as_text=True)
    response = change(client, token, "advisors.Frankreich.green", value="9")
    assert "from 0 to 8" in response.get_data(as_text=True)
    assert version(client, token) == 1


def test_unknown_cells_and_forged_versions_are_refused(client):
    token = new_table(client)
    for cell in ["monasteries.Atlantis.green", "monasteries.Frankreich.pink", "nonsense", "", "players.9.name", "x" * 5000]:
        response = change(client, token, cell, value=1)
        assert response.status_code == 400, cell
        assert "is not a field of this table" in response.get_data(as_text=True)
    for base in ["99", "0", "-5", "abc", ""]:
        response = change(client, token, "monasteries.Frankreich.green", base=base, value=1)
        assert response.status_code == 400, base
        assert "out of date" in response.get_data(as_text=True)
    response = client.post(f"/t/{token}/change", data={"value": "1"}, headers=HTMX)
    assert response.status_code == 400
    assert client.post("/t/unknowntable12345/change", data={}).status_code == 404


def test_changes_to_different_cells_from_old_versions_merge(client):
    token = new_table(client)
    base = version(client, token)
    assert change(client, token, "monasteries.Frankreich.green", base=base, value=4).status_code == 200
    assert change(client, token, "monasteries.Frankreich.red", base=base, value=2).status_code == 200
    page = client.get(f"/t/{token}/board").get_data(as_text=True)
    assert "6 of 8 cloister fields taken" in page


def test_a_change_to_a_cell_changed_meanwhile_is_refused_and_can_be_applied_anyway(client):
    token = new_table(client)
    base = version(client, token)
    change(client, token, "monasteries.Frankreich.green", base=base, value=3)  # the other phone
    response = change(client, token, "monasteries.Frankreich.green", base=base, value=4, here="cell=monasteries.Frankreich.green")
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Frankreich, monasteries of Andreas (green) was set to 3 on another phone" in page
    assert "You entered 4" in page and "Nothing was overwritten" in page
    assert not re.search(r'id="screen-poller"[^>]*hx-trigger', page)  # no polling wipes the message (table/_poller.html)
    anyway = re.search(r'<form method="post"[^>]*>(.*?)</form>', page.split("Changed on another phone")[1], re.S).group(1)
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', anyway))
    assert fields["value"] == "4" and fields["cell"] == "monasteries.Frankreich.green"
    assert client.post(f"/t/{token}/change", data=fields, headers=HTMX).status_code == 200
    assert re.search(r'id="cell-monasteries-Frankreich-green"[^>]*>4</a>', client.get(f"/t/{token}/board").get_data(as_text=True))


def test_the_same_value_from_two_phones_is_no_conflict(client):
    token = new_table(client)
    base = version(client, token)
    change(client, token, "monasteries.Frankreich.green", base=base, value=3)
    assert change(client, token, "monasteries.Frankreich.green", base=base, value=3).status_code == 200


def test_polling_answers_nothing_new_until_something_changes(client):
    token = new_table(client)
    base = version(client, token)
    assert nothing_new(client.get(f"/t/{token}/board?since={base}", headers=HTMX))
    change(client, token, "monasteries.Bayern.red", value=2)
    response = client.get(f"/t/{token}/board?since={base}", headers=HTMX)
    assert response.status_code == 200
    assert f'name="since" value="{base + 1}"' in response.get_data(as_text=True)  # the version it shows now


def test_the_poll_gives_way_and_every_link_in_the_screen_goes_at_once(client):
    """The poll is #screen-poller's, beside #screen (hx-sync "#screen:abort": dropped while a
    person's request is on its way, aborted by one); #screen's "this:replace" is what every link
    and form in it inherits. An answer brings the poller anew (out of band), with the screen's poll."""
    token = new_table(client)
    page = client.get(f"/t/{token}/board").get_data(as_text=True)
    screen = re.search(r'<section id="screen"[^>]*>', page).group(0)
    assert 'hx-sync="this:replace"' in screen and "hx-get" not in screen and "hx-trigger" not in screen
    poller = re.search(r'<span id="screen-poller"[^>]*>', page).group(0)
    assert f'hx-get="/t/{token}/board"' in poller and 'hx-trigger="every 2s"' in poller and 'hx-sync="#screen:abort"' in poller
    assert 'hx-target="#screen"' in poller and 'hx-include="#screen-poll"' in poller and "hx-swap-oob" not in poller
    answer = client.get(f"/t/{token}/chains", headers=HTMX).get_data(as_text=True)
    poller = re.search(r'<span id="screen-poller"[^>]*>', answer).group(0)
    assert 'hx-swap-oob="true"' in poller and f'hx-get="/t/{token}/chains"' in poller


def test_spectators_see_the_board_but_cannot_change_it(client):
    token = new_table(client)
    change(client, token, "monasteries.Bayern.red", value=2)
    watch = view_token(client, token)
    page = client.get(f"/t/{watch}/board").get_data(as_text=True)
    assert "watching only" in page and "hx-post" not in page and "/change" not in page
    assert client.post(f"/t/{watch}/change", data={"cell": "monasteries.Bayern.red", "value": "5", "base": "2"}).status_code == 403
    assert client.post(f"/t/{watch}/score/intermediate", data={}).status_code == 403
    assert version(client, token) == 2


def test_chains_are_added_and_removed_per_player(client):
    token = new_table(client)
    enter(client, token, {"monasteries.Burgund.red": 5, "monasteries.Italien.red": 4, "monasteries.Bayern.red": 5})
    change(client, token, "chains.red", screen="chains", add=5)
    page = change(client, token, "chains.red", screen="chains", add=4, here="add=red").get_data(as_text=True)
    assert "9 points" in page and '<button name="add" value="5"' in page  # the length pad stays open
    assert '<button name="add" value="6"' not in page  # 14 monasteries, 9 in chains: 5 left
    page = change(client, token, "chains.red", screen="chains", remove=5).get_data(as_text=True)
    assert "4 points" in page
    assert change(client, token, "chains.red", screen="chains", remove=7).status_code == 400
    assert change(client, token, "chains.red", screen="chains", add=3).status_code == 400


def test_the_length_pad_offers_what_the_players_monasteries_allow(client):
    """Issue "What a newcomer still trips on", finding 4: the pad offered 4 to 20 to a player with 13."""
    token = new_table(client)
    enter(client, token, {"monasteries.Burgund.red": 13})
    page = client.get(f"/t/{token}/chains?add=red").get_data(as_text=True)
    offered = [int(n) for n in re.findall(r'<button name="add" value="(\d+)">', page)]
    assert offered == list(range(4, 14))
    change(client, token, "chains.red", screen="chains", add=11)
    page = client.get(f"/t/{token}/chains?add=red").get_data(as_text=True)
    assert '<button name="add"' not in page and "Only 2 monasteries of this player are left outside the counted chains" in page


def test_chains_longer_than_the_monasteries_on_the_board_are_explained(client):
    token = new_table(client)
    enter(client, token, {"monasteries.Burgund.red": 4})
    page = change(client, token, "chains.red", screen="chains", add=6).get_data(as_text=True)
    assert "6 monasteries in chains, but Barbara (red) has only 4 monasteries on the board" in page


def test_the_house_rule_can_be_switched(client):
    token = new_table(client)
    page = change(client, token, "rules.chains", screen="chains", value="longest-per-group").get_data(as_text=True)
    assert "Only the longest line of each group counts" in page
    assert change(client, token, "rules.chains", screen="chains", value="bogus").status_code == 400


def test_a_player_is_renamed_and_polling_waits_while_typing(client):
    token = new_table(client)
    form = client.get(f"/t/{token}/board?rename=1", headers=HTMX).get_data(as_text=True)
    assert 'name="value" value="Barbara"' in form and not re.search(r'id="screen-poller"[^>]*hx-trigger', form)
    page = change(client, token, "players.1.name", value="  Babs  ").get_data(as_text=True)
    assert ">Babs</span>" in page and "Barbara" not in page
    assert change(client, token, "players.1.name", value="B" * 41).status_code == 400


def test_unknown_or_hostile_url_arguments_are_ignored(client):
    token = new_table(client)
    for query in ["_scheme=javascript", "token=abc", "screen=x", "_external=1", "cell=" + "x" * 5000, "rename=99", "add=pink"]:
        assert client.get(f"/t/{token}/board?{query}").status_code == 200, query
        assert client.get(f"/t/{token}/chains?{query}").status_code == 200, query
    response = change(client, token, "monasteries.Frankreich.green", value=3, here="token=x&_anchor=y&screen=z&cell=monasteries.Frankreich.green")
    assert response.status_code == 200


def test_odd_numbers_from_clients_never_crash(client):
    token = new_table(client)
    for since in ["²", "9" * 5000, "-1", "1_0"]:
        assert client.get(f"/t/{token}/board?since={since}", headers=HTMX).status_code == 200
    for value in ["²", "1_0", "٣x"]:
        assert change(client, token, "monasteries.Frankreich.green", value=value).status_code == 400
    assert change(client, token, "monasteries.Frankreich.green", base="9" * 5000, value=1).status_code == 400
    assert change(client, token, "players.².name", value="x").status_code == 400


def test_without_javascript_a_tap_redirects_to_the_next_cell(client):
    token = new_table(client)
    response = client.post(f"/t/{token}/change", data={"cell": "monasteries.Frankreich.green", "value": "4", "base": "1", "screen": "board"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/board?cell=monasteries.Frankreich.red#cell-monasteries-Frankreich-red")


def test_fragments_refresh_the_table_title_and_are_not_cached(client):
    token = new_table(client)
    response = change(client, token, "players.0.name", value="Anna")
    assert 'id="table-title" hx-swap-oob="true">Anna, Barbara, Doris, Purple<' in response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store" and "HX-Request" in response.headers["Vary"]


def test_a_spectators_count_cells_say_what_they_count_in_text_not_in_a_prohibited_label(client):
    """Issue "What a newcomer still trips on", finding 7: 90 spans with aria-label (axe: aria-prohibited-attr)."""
    token = new_table(client)
    enter(client, token, {"monasteries.England.red": 3})
    page = client.get(f"/t/{view_token(client, token)}/board").get_data(as_text=True)
    assert not re.search(r"<span[^>]*aria-label", page)
    assert '<span class="visually-hidden">England, monasteries of Barbara (red): </span>3</span>' in page


def test_a_rename_to_another_players_name_is_refused_and_the_typed_name_kept(client):
    token = new_table(client)
    response = change(client, token, "players.1.name", value="andreas", here="rename=1")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "andreas is already the name of another player" in page and 'value="andreas"' in page


def test_a_spectators_chains_tab_gives_no_instructions_for_entering(client):
    token = new_table(client)
    watch = view_token(client, token)
    assert "Enter each chain's length" in client.get(f"/t/{token}/chains").get_data(as_text=True)
    assert "Enter each chain's length" not in client.get(f"/t/{watch}/chains").get_data(as_text=True)
