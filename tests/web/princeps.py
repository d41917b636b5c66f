"""Small builders for the Princeps Machiavelli web tests."""
from __future__ import annotations

import re

from tests.web.helpers import score as score_through_the_button

GAME = "princeps-machiavelli"
SCREEN = "territories"
HTMX = {"HX-Request": "true"}


def new_table(client, names=("Ana", "Ben", "Cleo"), ties="shared") -> str:
    """Create a table through the form; returns its edit token."""
    form = {"action": "start", "ties": ties, **{f"players-{i}-name": name for i, name in enumerate(names)}}
    response = client.post(f"/new/{GAME}", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    assert response.headers["Location"].endswith(f"/{SCREEN}")
    return response.headers["Location"].split("/")[2]


def cell(player: int, kind: str, state: str) -> str:
    return f"players.{player}.territories.{kind}.{state}"


def version(client, token) -> int:
    page = client.get(f"/t/{token}/{SCREEN}", headers=HTMX).get_data(as_text=True)
    return int(re.search(r'data-version="(\d+)"', page).group(1))


def change(client, token, name, base=None, **fields):
    data = {"cell": name, "base": base if base is not None else version(client, token), "screen": SCREEN, **fields}
    return client.post(f"/t/{token}/change", data=data, headers=HTMX)


def enter(client, token, counts: dict[str, int]) -> None:
    for name, value in counts.items():
        response = change(client, token, name, value=value)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]


def holdings(**players: dict[str, int]) -> dict[str, int]:
    """Counts by seat: holdings(p0={"gold_stable": 3}) -> {"players.0.territories.gold.stable": 3}."""
    counts = {}
    for seat, found in players.items():
        for key, value in found.items():
            kind, state = key.split("_")
            counts[cell(int(seat.removeprefix("p")), kind, state)] = value
    return counts


def score(client, token) -> str:
    response = score_through_the_button(client, token, "final", SCREEN)
    assert response.status_code == 303, response.get_data(as_text=True)[:800]
    return client.get(response.headers["Location"]).get_data(as_text=True)


def standings(page: str) -> dict[str, tuple[int, ...]]:
    """Name -> (VP, stable, gold, trade) as the standings table shows them, in its order."""
    rows = page.split('class="card standings"')[1].split("</table>")[0].split("<tr")[2:]
    found = {}
    for row in rows:
        name = re.search(r'<span class="who">([^<]+)</span>', row).group(1)
        found[name] = tuple(int(n) for n in re.findall(r'<td class="num[^"]*">(?:<strong>)?(\d+)', row))
    return found


def used_columns(page: str) -> list[str]:
    head = page.split('class="card standings"')[1].split("</thead>")[0]
    return re.findall(r'<th scope="col" class="num used">([^<]+)</th>', head)
