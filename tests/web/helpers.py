"""Small builders so each test says only what it is about."""
from __future__ import annotations

import re

GAME = "kardinal-und-koenig"
HTMX = {"HX-Request": "true"}
# The Danish/English rulebook examples, with enough monasteries that the advisor cap holds.
EXAMPLE = {
    "monasteries.Frankreich.green": 4,
    "monasteries.Frankreich.red": 2,
    "monasteries.Frankreich.blue": 1,
    "monasteries.Lothringen.red": 2,
    "monasteries.Lothringen.purple": 2,
    "monasteries.Lothringen.blue": 1,
    "monasteries.Italien.green": 4,
    "monasteries.Burgund.red": 2,
    "advisors.Italien.blue": 2,
    "advisors.Italien.red": 1,
    "advisors.Italien.green": 1,
    "advisors.Burgund.blue": 1,
    "advisors.Burgund.red": 1,
}


def new_table(client, players=(("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("", "purple")), rule="disjoint"):
    """Create a table through the form; returns its edit token."""
    form = {"action": "start", "chains": rule}
    for index, (name, color) in enumerate(players):
        form[f"players-{index}-name"] = name
        form[f"players-{index}-color"] = color
    response = client.post(f"/new/{GAME}", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"].split("/")[2]


def version(client, token) -> int:
    page = client.get(f"/t/{token}/board", headers=HTMX).get_data(as_text=True)
    return int(re.search(r'data-version="(\d+)"', page).group(1))


def change(client, token, cell, base=None, screen="board", **fields):
    data = {"cell": cell, "base": base if base is not None else version(client, token), "screen": screen, **fields}
    return client.post(f"/t/{token}/change", data=data, headers=HTMX)


def enter(client, token, counts):
    for cell, value in counts.items():
        response = change(client, token, cell, value=value)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]


def nothing_new(response) -> bool:
    """A poll's answer when the table has not changed: an empty 200 that htmx swaps nowhere (polls.py)."""
    return response.status_code == 200 and response.data == b"" and response.headers.get("HX-Reswap") == "none"


def view_token(client, token) -> str:
    page = client.get(f"/t/{token}/share").get_data(as_text=True)
    tokens = set(re.findall(r"/t/([A-Za-z0-9_-]{20,})/board", page)) - {token}
    assert len(tokens) == 1
    return tokens.pop()


def score(client, token, scoring, screen="board", **headers):
    """Score a table through its button; the questions a scoring asks are answered as the person
    would: "Score without chains" (the table has none entered), "Replace it" (a kept result),
    each with what its own button sends."""
    response = client.post(f"/t/{token}/score/{scoring}", data={"screen": screen}, headers=headers)
    if response.status_code == 303 and "#" in response.headers["Location"]:  # asked on the tab, at the card
        question = client.get(response.headers["Location"], headers=headers).get_data(as_text=True)
        answer = re.search(r'name="confirm" value="([\w-]+)"', question).group(1)
        response = client.post(f"/t/{token}/score/{scoring}", data={"screen": screen, "confirm": answer}, headers=headers)
    if response.status_code == 303 and response.headers["Location"].split("?")[0].endswith(f"/score/{scoring}/replace"):
        question = client.get(response.headers["Location"], headers=headers).get_data(as_text=True)
        asked = re.search(r'name="replace" value="(\d+)"', question).group(1)
        response = client.post(f"/t/{token}/score/{scoring}", data={"screen": screen, "replace": asked}, headers=headers)
    return response
