"""Board variants belong to whoever saved them: only they (this phone, or anyone with the edit
link) change one; everyone can view it, copy it (the copy is the copier's) and start a table on
it. Variants saved before owners existed are read-only for all. The list is paged.

Every post sends the form's CSRF token, as a browser does, so these tests hold with the
protection on."""
import re
import sqlite3
import time

import pytest

from tests.web.test_board_check import board_form

GAME = "kardinal-und-koenig"


def csrf(client) -> str:
    page = client.get("/boards").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def post(client, url, form, **kwargs):
    return client.post(url, data={**form, "csrf_token": csrf(client)}, **kwargs)


def save(client, **changes) -> int:
    response = post(client, "/boards", board_form(**changes))
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return int(re.search(r"/boards/(\d+)\?saved=1$", response.headers["Location"]).group(1))


def shown(client, ident) -> str:
    return client.get(f"/boards/{ident}").get_data(as_text=True)


def edit_link(page: str) -> str:
    return re.search(r'href="(?:http://localhost)?(/boards/\d+\?key=[A-Za-z0-9_-]{20,})"', page).group(1)


@pytest.fixture
def owner(app):
    return app.test_client()


@pytest.fixture
def visitor(app):
    return app.test_client()


def test_a_visitor_without_the_link_cannot_rename_or_rewire_a_variant(owner, visitor):
    ident = save(owner, name="Our board")
    renamed = post(visitor, f"/boards/{ident}", board_form(name="Mine now", version=1))
    rewired = post(visitor, f"/boards/{ident}", board_form(name="Our board", version=1, n1=("England", "Aragon")))
    assert (renamed.status_code, rewired.status_code) == (403, 403)
    page = shown(owner, ident)
    assert 'name="name" value="Our board"' in page and "Mine now" not in page
    assert '<option value="Frankreich" selected>' in page.split('id="alliance-1"')[1].split("</li>")[0]
    # What the visitor typed is kept, offered as a board of their own.
    refused = rewired.get_data(as_text=True)
    assert "belongs to whoever saved it" in refused
    assert '<option value="Aragon" selected>' in refused.split('id="alliance-1"')[1].split("</li>")[0]
    assert 'action="/boards"' in refused


def test_a_visitor_sees_a_variant_read_only_with_a_copy_link(owner, visitor):
    ident = save(owner, name="Our board")
    page = shown(visitor, ident)
    assert "Save this board" not in page and page.count("<fieldset") == page.count("<fieldset disabled")
    assert f'href="/boards?from={ident}"' in page and f'href="/new/{GAME}?board={ident}"' in page
    assert "key=" not in page


def test_the_owner_changes_it_and_so_does_anyone_given_the_edit_link(owner, visitor, app):
    ident = save(owner, name="Our board")
    saved = owner.get(f"/boards/{ident}?saved=1").get_data(as_text=True)
    link = edit_link(saved)
    assert post(owner, f"/boards/{ident}", board_form(name="Our board, checked", version=1)).status_code == 303
    other_phone = app.test_client()
    assert "Save this board" in other_phone.get(link).get_data(as_text=True)
    assert post(other_phone, f"/boards/{ident}", board_form(name="Checked twice", version=2)).status_code == 303  # remembered
    assert 'value="Checked twice"' in shown(visitor, ident)
    wrong = link[:-4] + ("aaaa" if not link.endswith("aaaa") else "bbbb")
    assert "Save this board" not in visitor.get(wrong).get_data(as_text=True)
    assert post(visitor, f"/boards/{ident}", {**board_form(name="x", version=3), "key": wrong.split("key=")[1]}).status_code == 403


def test_anyone_can_copy_a_variant_and_the_copy_is_theirs(owner, visitor):
    ident = save(owner, name="Our board", n1=("England", "Aragon"))
    form = visitor.get(f"/boards?from={ident}").get_data(as_text=True)
    assert "This starts from a copy of “Our board”." in form
    assert '<option value="Aragon" selected>' in form.split('id="alliance-1"')[1].split("</li>")[0]
    copy = save(visitor, name="Our copy", n1=("England", "Aragon"))
    assert copy != ident
    assert post(visitor, f"/boards/{copy}", board_form(name="Our copy, fixed", version=1)).status_code == 303
    assert post(owner, f"/boards/{copy}", board_form(name="Taken back", version=2)).status_code == 403
    assert "Save this board" not in shown(visitor, ident) and "Save this board" in shown(visitor, copy)


def old_database(path, variants: int = 1) -> None:
    """The schema and rows as the app made them before variants had owners."""
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TABLE board_variant (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, name TEXT NOT NULL,"
            " data TEXT NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL)"
        )
        now = time.time()
        rows = [
            (GAME, f"Old board {n}", f'{{"name": "Old board {n}", "alliances": [], "fields": {{}}}}', 1, now + n, now + n)
            for n in range(1, variants + 1)
        ]
        db.executemany("INSERT INTO board_variant (game, name, data, version, created, updated) VALUES (?,?,?,?,?,?)", rows)
    db.close()


def test_variants_saved_before_owners_existed_are_read_only_for_everyone_and_copyable(tmp_path):
    from assistant.web import create_app

    path = tmp_path / "old.sqlite"
    old_database(path)
    client = create_app({"TESTING": True, "DATABASE": str(path)}).test_client()  # CSRF on
    page = shown(client, 1)
    assert "Old board 1" in page and "Saved before boards had owners" in page and "Save this board" not in page
    assert post(client, "/boards/1", board_form(name="Renamed", version=1)).status_code == 403
    assert "This starts from a copy of “Old board 1”." in client.get("/boards?from=1").get_data(as_text=True)
    copy = save(client, name="Our copy")
    assert post(client, f"/boards/{copy}", board_form(name="Ours", version=1)).status_code == 303
    form = client.get(f"/new/{GAME}?board=1").get_data(as_text=True)
    assert '<option value="1" selected>Old board 1</option>' in form


def test_a_thousand_variants_keep_the_list_and_the_new_table_form_small(tmp_path):
    from assistant.web import create_app

    path = tmp_path / "many.sqlite"
    old_database(path, variants=1000)
    client = create_app({"TESTING": True, "DATABASE": str(path)}).test_client()
    first = client.get("/boards").get_data(as_text=True)
    listed = re.findall(r'<a href="/boards/(\d+)"><strong>', first)
    assert listed == [str(n) for n in range(1000, 980, -1)]  # the 20 newest
    assert len(first.encode()) < 80_000
    assert 'href="/boards?page=2"' in first
    last = client.get("/boards?page=50").get_data(as_text=True)
    assert re.findall(r'<a href="/boards/(\d+)"><strong>', last)[-1] == "1" and "page=51" not in last
    assert client.get("/boards?page=999").status_code == 200
    form = client.get(f"/new/{GAME}").get_data(as_text=True)
    offered = re.findall(r"<option value=", form.split('name="board"')[1].split("</select>")[0])
    assert len(offered) == 21 and len(form.encode()) < 60_000  # the published board and the 20 newest
    assert '<option value="3" selected>Old board 3</option>' in client.get(f"/new/{GAME}?board=3").get_data(as_text=True)


ODD = ["", "0", "-1", "2", "99999999999999999999", "abc", "<script>", "\x00", "ü" * 300, "1.5", "[1]"]


def test_no_key_or_page_a_client_sends_causes_a_server_error(owner, visitor):
    ident = save(owner, name="Our board")
    for value in ODD:
        for client in (owner, visitor):
            expected = 400 if "\x00" in str(value) else 200  # a NUL is refused before any route (errors.refuse_nul_bytes)
            assert client.get(f"/boards?page={value}").status_code == expected
            assert client.get(f"/boards/{ident}?key={value}&page={value}").status_code == expected
            response = post(client, f"/boards/{ident}", {**board_form(name="Our board", version=1), "key": value})
            assert response.status_code in (303, 400, 403, 409), (value, response.status_code)
    with owner.session_transaction() as session:
        session["boards"] = [["x", 1], [ident], "junk", [ident, 5]]  # a cookie from elsewhere: ignored
    assert owner.get(f"/boards/{ident}").status_code == 200 and owner.get(f"/new/{GAME}").status_code == 200
