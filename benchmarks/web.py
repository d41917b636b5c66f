"""Prints the web app's figures (a benchmark, not a test): `make benchmark`.

1. Server time per count change: the request a phone sends for one tap on the number pad
   (POST /t/<id>/change, as htmx sends it), measured in-process through the WSGI test client,
   twice: a table entering its final board (fresh 5-player tables, each count of a board drawn
   as benchmarks/table_entry.py draws final boards, entered in the pad's order), the target's
   case; and a board with problems everywhere (0-2 on every cell in turn: three players over
   the advisors they own, most countries over their advisors), where every answer also moves
   over-limit marks and lists problems.
2. A poll with nothing new (GET /t/<id>/board?since=<version>, answered with an empty 200)
   beside a bare Flask app answering the same after one indexed SQLite lookup
   (benchmarks/baseline_app.py), in turns, each called straight through WSGI as a server calls it, with what a phone sends
   (its session cookie, htmx's headers); their ratio.
3. First-load page weight of the board-entry screen: its HTML plus every stylesheet and
   script it loads, as the app sends them gzip-compressed (what a phone downloads first).

4. Where a count change's CPU goes, step by step (the same taps, each step's functions timed):
   load (the table read by its link), parse (the form read into a change), apply (the game's
   change on the state, the compare-and-set built), save (the row and its record entry written,
   one transaction), render (the answer's parts), the rest (Flask: the request, the session and
   CSRF checks, compression). Beside it, in turns, its floor: the same taps answered with the
   version alone, no parts rendered (what the request, the session, CSRF and the table's read
   and write cost before any HTML).

Goals, each printed beside its figure: a count change entering a board at most 2.0 ms median of
server CPU (issue 34; 3 ms in issue 13, 10 ms in issue 3); a poll at most 1.5 times the bare
endpoint (issue 13; over HTTP, beside granian's floor: benchmarks/polls.py); at most 36 KB
compressed first load (issue 34; 60 KB in issue 3).
"""
from __future__ import annotations

import gzip
import io
import os
import random
import re
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from baseline_app import create_baseline_app, fill
from table_entry import random_final_board
from werkzeug.test import EnvironBuilder

from assistant.games.kardinal.board import published_board
from assistant.web import create_app

CHANGES = 600
POLL_ROUNDS = 30  # in turns: a batch of the app's polls, a batch of the bare endpoint's
POLL_BATCH = 200
PLAYERS = ["red", "green", "blue", "yellow", "purple"]
HTMX = {"HX-Request": "true", "Accept-Encoding": "gzip"}  # as a phone's browser sends it
SHOWN_VERSION = re.compile(rb'id="screen-poll"[^>]*><input type="hidden" name="since" value="(\d+)"')  # what the next poll sends


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        client = shipped_client(Path(folder) / "bench.sqlite")
        entry_times, entry_cpu = board_entry_changes(client)
        token = new_table(client)
        change_times, change_cpu = count_changes(client, token)
        fsync = fsync_time(Path(folder))  # synchronous=FULL syncs the WAL once per change
        poll, bare = poll_and_baseline(client, token, Path(folder) / "baseline.sqlite")
        weight = first_load(client, token)
        steps, steps_total = tap_steps(client)
        answered, floor = beside_the_floor(client)
    print(f"count change (POST /change, what changed back), {CHANGES} taps entering final boards:")
    print_times(entry_times, entry_cpu, " (goal: at most 2.0 ms of CPU, median)")
    print(f"the same, {CHANGES} taps on a board with problems everywhere:")
    print_times(change_times, change_cpu)
    print(f"  of either, waiting for the disk: fsync of one 4 KB write in the database's folder, median {ms(fsync)} now")
    print(f"poll with nothing new (empty 200) beside a bare Flask + SQLite endpoint, {POLL_ROUNDS} rounds of {POLL_BATCH} each, in turns:")
    print(f"  app's poll      median {ms(statistics.median(poll))} per request")
    print(f"  bare endpoint   median {ms(statistics.median(bare))} per request")
    print(f"  ratio {statistics.median(poll) / statistics.median(bare):.2f} (target <= 1.5)")
    print("first load of the board-entry screen (gzip):")
    for name, raw, packed in weight:
        print(f"  {name:<40} {raw / 1024:7.1f} KB raw  {packed / 1024:6.1f} KB gzip")
    total = sum(packed for _, _, packed in weight)
    print(f"  total {total / 1024:.1f} KB gzip (goal: at most 36 KB)")
    print(f"where a count change's CPU goes, {STEP_TAPS} taps entering final boards, mean per tap:")
    for step, seconds in steps.items():
        print(f"  {step:<8} {ms(seconds)}  {seconds / steps_total:5.1%}")
    print(f"  all      {ms(steps_total)}")
    print(f"the floor under it: the same taps answered with their version alone (no parts rendered), {FLOOR_ROUNDS} rounds in turns:")
    print(f"  answered in parts     median CPU {ms(statistics.median(answered))}")
    print(f"  version alone (floor) median CPU {ms(statistics.median(floor))}  (the request, session, CSRF, load, parse, apply, save)")


STEP_TAPS = 300
# The functions each step's time is spent in, as the change view calls them (patched where it looks them up).
STEPS = {
    "load": [("assistant.web.views.table", "editable_table")],
    "parse": [("assistant.web.views.table", "change_origin"), ("assistant.web.views.table", "read_change"), ("assistant.web.views.table", "taken_tap")],
    "apply": [("assistant.web.views.table", "apply_change")],
    "save": [("assistant.web.store.record", "write")],
    "render": [("assistant.web.views.table", "render_changes"), ("assistant.web.views.table", "render_screen")],
}


def tap_steps(client) -> tuple[dict[str, float], float]:
    """Mean CPU per tap in each step (apply without its save), and in all."""
    import importlib

    spent = dict.fromkeys(STEPS, 0.0)
    patched = []

    def timed(step: str, function):
        def measured(*args, **kwargs):
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[step] += time.process_time() - start
        return measured

    for step, places in STEPS.items():
        for module_name, name in places:
            module = importlib.import_module(module_name)
            patched.append((module, name, getattr(module, name)))
            setattr(module, name, timed(step, getattr(module, name)))
    try:
        global CHANGES
        saved, CHANGES = CHANGES, STEP_TAPS
        _times, cpu = board_entry_changes(client, seed=29)
    finally:
        CHANGES = saved
        for module, name, function in patched:
            setattr(module, name, function)
    total = sum(cpu)
    steps = {step: seconds / STEP_TAPS for step, seconds in spent.items()}
    steps["apply"] -= steps["save"]  # the save runs inside apply_change
    steps["rest"] = total / STEP_TAPS - sum(steps.values())
    return steps, total / STEP_TAPS


FLOOR_ROUNDS = 6  # in turns, CHANGES / FLOOR_ROUNDS taps each: the app's answers, then the floor's


def beside_the_floor(client) -> tuple[list[float], list[float]]:
    """CPU per tap entering final boards, answered as the app answers, and answered with only the
    version the phone shows (``render_changes`` replaced: what a tap costs before its answer's
    HTML), in turns, so that the machine's drift falls on both alike."""
    from assistant.web.views import table as views

    global CHANGES
    saved, real = CHANGES, views.render_changes
    answered: list[float] = []
    floor: list[float] = []
    try:
        CHANGES = saved // FLOOR_ROUNDS
        for round_ in range(FLOOR_ROUNDS):
            views.render_changes = real
            answered += board_entry_changes(client, seed=100 + round_)[1]
            views.render_changes = version_alone
            floor += board_entry_changes(client, seed=100 + round_)[1]
    finally:
        CHANGES, views.render_changes = saved, real
    return answered, floor


def version_alone(table, game, screen, args, parts, notice=None, status=200, written=None):
    """The floor's answer to a tap (in place of ``render_changes``): the version the phone shows now, nothing else."""
    return f'<span id="screen-poll" hidden><input type="hidden" name="since" value="{table.version}"></span>', status, {}


def print_times(times: list[float], cpu: list[float], target: str = "") -> None:
    print(f"  median {ms(statistics.median(times))}  p90 {ms(quantile(times, 0.9))}  max {ms(max(times))}{target}")
    print(f"  CPU time: median {ms(statistics.median(cpu))} (the same work, less disturbed by other processes)")


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


def board_entry_changes(client, seed: int = 13) -> tuple[list[float], list[float]]:
    """``CHANGES`` taps entering final boards (drawn at random, seeded), each on a fresh table:
    every count in the pad's order (country by country, monasteries then advisors), a number
    for each, from the pad open on its cell."""
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    while len(times) < CHANGES:
        token, version = new_table(client), 1
        for cell, value in random_final_board(rng, PLAYERS).items():
            if len(times) == CHANGES:
                break
            version = tap(client, token, cell, value, version, times, cpu)
    return times, cpu


def count_changes(client, token: str) -> tuple[list[float], list[float]]:
    """Taps spread over every cell in turn, 0, 1, 2 over and over: as each cell keeps its value
    from round to round, three players end up over the 8 advisors they own and most countries
    with more advisors than allowed, so every answer carries problems and moves marks."""
    cells = [f"{pieces}.{country}.{color}" for country in published_board().country_keys for pieces in ("monasteries", "advisors") for color in PLAYERS]
    version = 1
    times: list[float] = []
    cpu: list[float] = []
    for index in range(CHANGES):
        version = tap(client, token, cells[index % len(cells)], index % 3, version, times, cpu)
    return times, cpu


def tap(client, token: str, cell: str, value: int, version: int, times: list[float], cpu: list[float]) -> int:
    """One number tapped on the pad open on ``cell`` (as the pad posts: ``here`` says where the
    phone is, ``since`` the version its screen shows); its wall and CPU time; the version now shown."""
    data = {"cell": cell, "value": str(value), "base": str(version), "screen": "board", "here": f"cell={cell}", "since": str(version),
            "tap": secrets.token_hex(12)}  # the pad's own id for the tap (static/app.js)
    # The request as a server hands it to the app (its environ made before the clock starts: the
    # client's work), the answer read whole as a server reads it: the server's own time alone.
    environ = EnvironBuilder(path=f"/t/{token}/change", method="POST", data=data, environ_base=client.environ_base,
                             headers={**HTMX, "Cookie": f"session={client.get_cookie('session').value}"}).get_environ()
    answer: list = []
    start, start_cpu = time.perf_counter(), time.process_time()
    result = client.application(environ, lambda status, headers, exc_info=None: answer.extend([status, headers]))
    body = b"".join(result)
    getattr(result, "close", lambda: None)()
    times.append(time.perf_counter() - start)
    cpu.append(time.process_time() - start_cpu)
    assert answer[0].startswith("200"), answer
    for name, value in answer[1]:  # the session the app gave the phone (its id, on its first tap), kept as a browser keeps it
        if name == "Set-Cookie" and value.startswith("session="):
            client.set_cookie("session", value.split(";", 1)[0].removeprefix("session="))
    shown = gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body  # an answer under 1 KB goes as it is
    return int(SHOWN_VERSION.search(shown).group(1))


def fsync_time(folder: Path, count: int = 200) -> float:
    path = folder / "fsync-probe"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        times = []
        for _ in range(count):
            os.write(fd, b"x" * 4096)
            start = time.perf_counter()
            os.fsync(fd)
            times.append(time.perf_counter() - start)
        return statistics.median(times)
    finally:
        os.close(fd)
        path.unlink()


def poll_and_baseline(client, token: str, baseline_database: Path) -> tuple[list[float], list[float]]:
    """Per-request medians of each batch: the app's poll with nothing new, the bare endpoint."""
    version = int(re.search(rb'data-version="(\d+)"', gzip.decompress(client.get(f"/t/{token}/board", headers=HTMX).data)).group(1))
    cookie = f"session={client.get_cookie('session').value}"
    poll = wsgi_call(client.application, f"/t/{token}/board?since={version}", cookie)
    fill(str(baseline_database), token)
    bare = wsgi_call(create_baseline_app(str(baseline_database)), f"/poll/{token}", cookie)
    poll_times, bare_times = [], []
    for _ in range(POLL_ROUNDS):
        for call, times in ((poll, poll_times), (bare, bare_times)):
            start = time.perf_counter()
            for _ in range(POLL_BATCH):
                call()
            times.append((time.perf_counter() - start) / POLL_BATCH)
    return poll_times, bare_times


def wsgi_call(app, path: str, cookie: str) -> Callable[[], None]:
    """One GET as a WSGI server makes it (a fresh environ, the body read and closed), checked to be an empty 200."""
    environ = EnvironBuilder(path=path, headers={**HTMX, "Cookie": cookie}).get_environ()

    def start_response(status: str, headers, exc_info=None) -> None:
        assert status.startswith("200"), (path, status)

    def call() -> None:
        body = app({**environ, "wsgi.input": io.BytesIO()}, start_response)
        assert b"".join(body) == b"", path
        getattr(body, "close", lambda: None)()

    return call


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
