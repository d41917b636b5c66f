"""Prints the web app's figures (a benchmark, not a test): `make benchmark`.

1. Server time per count change: the request a phone sends for one tap on the number pad
   (POST /t/<id>/change, as htmx sends it), answered with the re-rendered board, measured
   in-process through the WSGI test client on a 5-player table that fills up as it goes.
2. First-load page weight of the board-entry screen: its HTML plus every stylesheet and
   script it loads, as the app sends them gzip-compressed (what a phone downloads first).

Targets (issue 3): under 10 ms median per count change; under 60 KB compressed first load.
"""
from __future__ import annotations

import gzip
import os
import re
import statistics
import tempfile
import time
from pathlib import Path

from assistant.games.kardinal.board import published_board
from assistant.web import create_app

CHANGES = 600
POLLS = 600
PLAYERS = ["red", "green", "blue", "yellow", "purple"]
HTMX = {"HX-Request": "true", "Accept-Encoding": "gzip"}  # as a phone's browser sends it


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        client = shipped_client(Path(folder) / "bench.sqlite")
        token = new_table(client)
        change_times, change_cpu = count_changes(client, token)
        poll_times = polls(client, token)
        weight = first_load(client, token)
    print(f"count change (POST /change, board fragment back), {CHANGES} taps:")
    print(f"  median {ms(statistics.median(change_times))}  p90 {ms(quantile(change_times, 0.9))}  max {ms(max(change_times))} (target < 10 ms median)")
    print(f"  CPU time: median {ms(statistics.median(change_cpu))} (the same work, less disturbed by other processes)")
    print(f"poll with nothing new (204), {POLLS} polls: median {ms(statistics.median(poll_times))}")
    print("first load of the board-entry screen (gzip):")
    for name, raw, packed in weight:
        print(f"  {name:<40} {raw / 1024:7.1f} KB raw  {packed / 1024:6.1f} KB gzip")
    total = sum(packed for _, _, packed in weight)
    print(f"  total {total / 1024:.1f} KB gzip (target < 60 KB)")


def shipped_client(database: Path):
    """The app as shipped (CSRF on); the client sends the page's token, as htmx does. On the
    PostgreSQL database DATABASE_URL names, when set (docs/deployment.md), else on ``database``."""
    app = create_app({"TESTING": True, "DATABASE": str(database), "DATABASE_URL": os.environ.get("DATABASE_URL", ""), "SECRET_KEY": "bench"})
    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    client.environ_base["HTTP_X_CSRFTOKEN"] = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    return client


def new_table(client) -> str:
    form = {"action": "start", "chains": "disjoint"}
    for index, color in enumerate(PLAYERS):
        form[f"players-{index}-name"] = f"Player {index + 1}"
        form[f"players-{index}-color"] = color
    response = client.post("/new/kardinal-und-koenig", data=form)
    return response.headers["Location"].split("/")[2]


def count_changes(client, token: str) -> list[float]:
    """Taps spread over every cell; values 0..4 keep within the caps most of the time."""
    cells = [f"{pieces}.{country}.{color}" for country in published_board().country_keys for pieces in ("monasteries", "advisors") for color in PLAYERS]
    version = 1
    times, cpu = [], []
    for index in range(CHANGES):
        data = {"cell": cells[index % len(cells)], "value": str(index % 3), "base": str(version), "screen": "board", "here": ""}
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.post(f"/t/{token}/change", data=data, headers=HTMX)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert response.status_code == 200, response.status_code
        version = int(re.search(rb'data-version="(\d+)"', gzip.decompress(response.data)).group(1))
    return times, cpu


def polls(client, token: str) -> list[float]:
    version = int(re.search(rb'data-version="(\d+)"', gzip.decompress(client.get(f"/t/{token}/board", headers=HTMX).data)).group(1))
    times = []
    for _ in range(POLLS):
        start = time.perf_counter()
        response = client.get(f"/t/{token}/board?since={version}", headers=HTMX)
        times.append(time.perf_counter() - start)
        assert response.status_code == 204
    return times


def first_load(client, token: str) -> list[tuple[str, int, int]]:
    """Each response as the server sends it to a browser that accepts gzip."""
    found = []
    page = client.get(f"/t/{token}/board", headers={"Accept-Encoding": "gzip"})
    html = unpacked(page)
    found.append(("board page HTML", len(html), len(page.data)))
    for url in re.findall(rb'<(?:link rel="stylesheet"|script)[^>]*(?:href|src)="([^"]+)"', html):
        response = client.get(url.decode(), headers={"Accept-Encoding": "gzip"})
        found.append((url.decode(), len(unpacked(response)), len(response.data)))
    return found


def unpacked(response) -> bytes:
    return gzip.decompress(response.data) if response.headers.get("Content-Encoding") == "gzip" else response.data


def quantile(values: list[float], q: float) -> float:
    return sorted(values)[int(q * (len(values) - 1))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


if __name__ == "__main__":
    main()
