"""Each tap carries an id (static/app.js): a tap sent again, because its answer was lost or the
phone was offline, is taken once, on either store; the pad's − and + included (for as long as
the table lives: tests/web/test_record.py)."""
from tests.web.helpers import HTMX, change, new_table, version

CELL = "monasteries.England.green"


def count(client, token, cell=CELL) -> str:
    html = client.get(f"/t/{token}/board").get_data(as_text=True)
    return html.split(f'id="cell-{cell.replace(".", "-")}"')[1].split(">")[1].split("<")[0]


def test_a_plus_sent_twice_counts_once(client):
    token = new_table(client)
    base = version(client, token)
    change(client, token, CELL, base=base, value="2", tap="first-tap-0001")
    for _attempt in range(2):  # the first answer was lost: the phone sends the same tap again
        response = change(client, token, CELL, base=base + 1, adjust="3", tap="plus-tap-0002")
        assert response.status_code == 200
    assert version(client, token) == base + 2
    assert count(client, token) == "3"


def test_a_tap_sent_again_after_other_changes_is_still_taken_once(client):
    token = new_table(client)
    base = version(client, token)
    change(client, token, CELL, base=base, adjust="1", tap="minus-or-plus-1")
    change(client, token, "advisors.England.red", base=base + 1, value="4", tap="another-phone-1")
    again = change(client, token, CELL, base=base, adjust="1", tap="minus-or-plus-1")
    assert again.status_code == 200 and "Changed on another phone" not in again.get_data(as_text=True)
    assert version(client, token) == base + 2


def test_taps_without_an_id_are_each_taken(client):
    """Forms posted without the script (no id) keep working as before."""
    token = new_table(client)
    base = version(client, token)
    change(client, token, CELL, base=base, value="2")
    change(client, token, CELL, base=base + 1, value="3")  # (the same 2 again would change nothing: test_unchanged_taps.py)
    assert version(client, token) == base + 2


def test_a_conflict_resent_with_its_id_is_taken_once_the_person_chose_it(app, client):
    token = new_table(client)
    base = version(client, token)
    change(app.test_client(), token, CELL, base=base, value="5", tap="other-phone-tap")
    refused = change(client, token, CELL, base=base, value="2", tap="this-phone-tap")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409 and 'name="tap" value="this-phone-tap"' in html  # "use 2 anyway" is that tap
    for _attempt in range(2):
        change(client, token, CELL, base=base + 1, value="2", tap="this-phone-tap")
    assert count(client, token) == "2" and version(client, token) == base + 2


def test_a_malformed_tap_id_is_refused_naming_the_field(client):
    token = new_table(client)
    response = change(client, token, CELL, base=version(client, token), value="2", tap="<script>")
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "<strong>This entry</strong>" in html and "letters, digits" in html
    assert count(client, token) == "0"


def test_a_request_without_a_form_is_refused(client):
    token = new_table(client)
    assert client.post(f"/t/{token}/change", data={}, headers=HTMX).status_code == 400


def test_a_phones_own_earlier_value_is_no_conflict_for_it(client):
    """A tap whose answer was lost moved the cell on; the same phone's next tap, still made on the
    version before it, is no conflict: that phone set the value it would be told about."""
    token = new_table(client)
    base = version(client, token)
    change(client, token, CELL, base=base, value="5", tap="lost-answer-tap")
    again = change(client, token, CELL, base=base, value="6", tap="next-tap-same-cell")
    assert again.status_code == 200 and count(client, token) == "6"


def session_cookie(client) -> str:
    return client.get_cookie(client.application.config["SESSION_COOKIE_NAME"]).value


def test_the_first_tap_resent_with_the_cookies_from_before_is_taken_once(client):
    """The phone's id comes with the table's page, so the resend of its first tap, whose answer
    (and the cookie with it) was lost, is the same phone's (issue 42)."""
    token = new_table(client)
    client.get(f"/t/{token}/board")  # the page the phone taps on
    before = session_cookie(client)
    base = version(client, token)
    assert change(client, token, CELL, base=base, value="2", tap="first-tap-lost1").status_code == 200
    client.set_cookie(client.application.config["SESSION_COOKIE_NAME"], before)  # the answer was lost
    again = change(client, token, CELL, base=base, value="2", tap="first-tap-lost1")
    assert again.status_code == 200 and "not made" not in again.get_data(as_text=True)
    assert version(client, token) == base + 1 and count(client, token) == "2"


def test_a_first_tap_from_a_session_without_an_id_resent_is_recognised_by_what_it_asks(app, client):
    """A page opened before the phone had an id (an older server's): the resend is known by what it asks."""
    token = new_table(client)
    phone = app.test_client()
    phone.page_token()  # a session with the form's token only
    before = session_cookie(phone)
    base = version(client, token)
    assert change(phone, token, CELL, base=base, adjust="1", tap="plus-first-lost").status_code == 200
    phone.set_cookie(app.config["SESSION_COOKIE_NAME"], before)
    again = change(phone, token, CELL, base=base, adjust="1", tap="plus-first-lost")
    assert again.status_code == 200 and count(client, token) == "1" and version(client, token) == base + 1


def test_a_tap_id_reused_for_another_change_is_still_refused(app, client):
    token = new_table(client)
    base = version(client, token)
    change(client, token, CELL, base=base, value="2", tap="reused-tap-id-1")
    phone = app.test_client()
    phone.page_token()
    refused = change(phone, token, CELL, base=base + 1, value="4", tap="reused-tap-id-1")
    assert refused.status_code == 409 and "not made" in refused.get_data(as_text=True)
    other = app.test_client()
    other.get(f"/t/{token}/board")  # a phone with an id of its own, asking the same
    refused = change(other, token, CELL, base=base + 1, value="2", tap="reused-tap-id-1")
    assert refused.status_code == 409 and count(client, token) == "2"
