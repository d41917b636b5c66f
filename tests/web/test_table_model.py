"""The table as served, driven by random sequences of what phones at a real table do, checked
after every step against a plain model of the board (tests/web/table_model.py): Hypothesis's
stateful testing (``RuleBasedStateMachine``), on both stores, every protection on (CSRF, Fetch
Metadata, CSP: the server is ``python -m assistant serve``, tests/served.py).

Two phones and a spectator share a few cells of a Kardinal & König table: counts, "Empty cells: 0",
the pad's Undo, the history's "Set it back", chains added and removed, the intermediate scoring
(scored, kept or replaced, an earlier result used again), taps sent again with the cookies the
phone has or with those from before the tap (its answer and cookie lost), polls in between. After
every step: no 5xx, the board equals the model, every tap counted once, the pad's Undo offered
only for what it can take back, the history's newest entries and their number those of the model.

``make test`` runs ``MODEL_STEPS`` (1,000) steps per store; ``make soak`` 100,000, and prints the
steps per second (a failing sequence is printed shrunk, as Hypothesis does).
"""
from __future__ import annotations

import http.client
import itertools
import json
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

from tests.client import PAGE_TOKEN
from tests.served import serving
from tests.web.helpers import GAME
from tests.web.table_model import CELLS, COLORS, PLAYERS, Model, Outcome

STEPS = int(os.environ.get("MODEL_STEPS", "1000"))
STEPS_PER_RUN = 40  # steps of one sequence at most (each on a table of its own)
_taps = itertools.count()


def new_tap(kind: str = "tap") -> str:
    return f"model-{kind}-{next(_taps):08d}"


class Browser:
    """One phone's browser: its cookies, the page's CSRF token, htmx's headers, a kept connection."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.origin = url
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.token = PAGE_TOKEN.search(self.get("/")[1]).group(1)

    def get(self, path: str, htmx: bool = False) -> tuple[int, str, dict[str, str]]:
        return self._send("GET", path, None, {"HX-Request": "true"} if htmx else {})

    def post(self, path: str, form: dict[str, object], htmx: bool = True) -> tuple[int, str, dict[str, str]]:
        headers = {"X-CSRFToken": self.token, "Sec-Fetch-Site": "same-origin", "Origin": self.origin,
                   "Content-Type": "application/x-www-form-urlencoded"}
        if htmx:
            headers["HX-Request"] = "true"
        return self._send("POST", path, urlencode({k: str(v) for k, v in form.items()}), headers)

    def _send(self, method: str, path: str, body: str | None, headers: dict[str, str]) -> tuple[int, str, dict[str, str]]:
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                cookie, _sep, _attributes = value.partition(";")
                key, _eq, kept = cookie.partition("=")
                self.cookies[key.strip()] = kept
        assert response.status < 500, f"{method} {path}: {response.status}\n{text[:800]}"
        return response.status, text, {name.lower(): value for name, value in response.getheaders()}

    def close(self) -> None:
        self.connection.close()


@dataclass
class SentTap:
    """A tap as a phone sent it, to send again: its form and the cookies it went with."""

    phone: str
    form: dict[str, object]
    cookies: dict[str, str]
    outcome: Outcome
    kind: str  # count, row, chain, undo


@dataclass
class Phone:
    name: str
    browser: Browser
    shown: int = 1  # the version its screen shows
    cell: str = CELLS[0]  # where its pad is open


@dataclass
class Counter:
    steps: int = 0
    runs: int = 0
    found: dict[str, int] = field(default_factory=dict)  # what the steps did, by kind of outcome

    def saw(self, kind: str) -> None:
        self.found[kind] = self.found.get(kind, 0) + 1


def cell_values(page: str) -> dict[str, int]:
    """The model's cells as an editing phone's board shows them."""
    return {cell: int(re.search(rf'id="cell-{cell.replace(".", "-")}"[^>]*>(\d+)</a>', page).group(1)) for cell in CELLS}


def watched_values(page: str) -> dict[str, int]:
    """The model's cells as a spectator's board shows them (each count with its words, hidden from sight)."""
    names = dict((color, name) for name, color in PLAYERS)
    values = {}
    for cell in CELLS:
        pieces, country, color = cell.split(".")
        words = re.escape(f"{country}, {pieces} of {names[color]} ({color}): ")
        values[cell] = int(re.search(rf'<span class="visually-hidden">{words}</span>(\d+)</span>', page).group(1))
    return values


def shown_version(page: str) -> int:
    return int(re.search(r'data-version="(\d+)"', page).group(1))


def live_pad(page: str) -> str:
    """The page without the pad kept for offline use (``<template id="offline-pad">``: no record in it)."""
    return re.sub(r'<template id="offline-pad">.*?</template>', "", page, flags=re.S)


def offered_undo(page: str) -> str | None:
    found = re.search(r'<button type="button" class="undo"[^>]*data-undo="([^"]+)"', live_pad(page))
    return found.group(1) if found else None


def machine_for(url: str, counter: Counter) -> type[RuleBasedStateMachine]:
    class TableMachine(RuleBasedStateMachine):
        """One table, two phones and a spectator."""

        def __init__(self) -> None:
            super().__init__()
            self.model = Model()
            self.sent: list[SentTap] = []
            self.phones: dict[str, Phone] = {}
            self.token = self.watch = ""
            self.spectator: Browser | None = None
            self.stepped = 0

        @initialize()
        def new_table(self) -> None:
            first = Browser(url)
            form: dict[str, object] = {"action": "start", "chains": "disjoint"}
            for index, (name, color) in enumerate(PLAYERS):
                form[f"players-{index}-name"], form[f"players-{index}-color"] = name, color
            status, _page, headers = first.post(f"/new/{GAME}", form, htmx=False)
            assert status == 303, status
            self.token = headers["location"].split("/")[2]
            share = first.get(f"/t/{self.token}/share")[1]
            self.watch = next(found for found in re.findall(r"/t/([\w-]{20,})/board", share) if found != self.token)
            for name, browser in (("A", first), ("B", Browser(url))):
                browser.get(f"/t/{self.token}/board")  # the page the phone taps on gives it its id
                self.phones[name] = Phone(name, browser)
            self.spectator = Browser(url)
            counter.runs += 1

        def teardown(self) -> None:
            for phone in self.phones.values():
                phone.browser.close()
            if self.spectator:
                self.spectator.close()

        # --- what the phones do ---
        def _tap(self, phone: Phone, form: dict[str, object], kind: str, tap: str, expected: Outcome) -> str:
            form = {**form, "tap": tap, "screen": "board", "here": f"cell={phone.cell}", "since": phone.shown}
            cookies = dict(phone.browser.cookies)
            status, page, _headers = phone.browser.post(f"/t/{self.token}/change", form)
            assert status == expected.status, f"{kind} {form}: {status}, the model says {expected.status}\n{page[:600]}"
            self.sent.append(SentTap(phone.name, form, cookies, expected, kind))
            counter.saw(f"{kind} {status}{'' if expected.entry or status != 200 else ' (changed nothing)'}")
            if status == 200:
                phone.shown = self.model.version
                self._check_offer(phone, page)
            return page

        @rule(who=st.sampled_from("AB"), cell=st.sampled_from(CELLS), value=st.integers(0, 3))
        def count(self, who: str, cell: str, value: int) -> None:
            phone = self.phones[who]
            tap = new_tap()
            expected = self.model.count_tap(who, cell, value, phone.shown, tap)
            phone.cell = cell
            self._tap(phone, {"cell": cell, "value": value, "base": phone.shown}, "count", tap, expected)

        @rule(who=st.sampled_from("AB"), value=st.integers(0, 3))
        def count_where_the_other_phone_is(self, who: str, value: int) -> None:
            """Both phones on one cell: the other phone's pad is where this one taps."""
            self.count(who, self.phones["B" if who == "A" else "A"].cell, value)

        @rule(who=st.sampled_from("AB"), value=st.integers(0, 3))
        def count_again(self, who: str, value: int) -> None:
            """A number on the cell the pad is on (after − or +, or the same number again)."""
            self.count(who, self.phones[who].cell, value)

        @rule(who=st.sampled_from("AB"), cell=st.sampled_from(CELLS))
        def row(self, who: str, cell: str) -> None:
            phone = self.phones[who]
            phone.cell = cell
            tap = new_tap()
            expected = self.model.row_tap(who, cell, tap)
            self._tap(phone, {"cell": cell, "rest": "0", "base": phone.shown}, "row", tap, expected)

        @rule(who=st.sampled_from("AB"), color=st.sampled_from(COLORS), length=st.integers(4, 6), adding=st.booleans())
        def chain(self, who: str, color: str, length: int, adding: bool) -> None:
            phone = self.phones[who]
            tap = new_tap()
            expected = self.model.chain_tap(who, color, length, adding, tap)
            self._tap(phone, {"cell": f"chains.{color}", "add" if adding else "remove": length, "base": phone.shown}, "chain", tap, expected)

        @rule(who=st.sampled_from("AB"))
        def undo_offered(self, who: str) -> None:
            """The pad's Undo as the server draws it now, tapped."""
            phone = self.phones[who]
            page = phone.browser.get(f"/t/{self.token}/board?cell={phone.cell}", htmx=True)[1]
            phone.shown = shown_version(page)
            offered = offered_undo(page)
            self._check_offer(phone, page)
            if offered is None:
                return
            base = int(re.search(r'data-undo="[^"]+" data-base="(\d+)"', page).group(1))
            tap = new_tap("undo")
            expected = self.model.undo_tap(who, offered, base, tap)
            self._tap(phone, {"cell": phone.cell, "undo": offered, "base": base}, "undo", tap, expected)

        @precondition(lambda self: any(s.kind in ("count", "row") and s.outcome.entry for s in self.sent))
        @rule(data=st.data())
        def undo_earlier(self, data: st.DataObject) -> None:
            """An Undo of an earlier tap, on a screen that has not seen what happened since (the script's own)."""
            sent = data.draw(st.sampled_from([s for s in self.sent if s.kind in ("count", "row") and s.outcome.entry]))
            phone = self.phones[sent.phone]
            entry = sent.outcome.entry
            tap = new_tap("undo")
            expected = self.model.undo_tap(sent.phone, str(sent.form["tap"]), entry.version, tap)
            self._tap(phone, {"cell": phone.cell, "undo": sent.form["tap"], "base": entry.version}, "undo", tap, expected)

        @rule(who=st.sampled_from("AB"), data=st.data())
        def set_back(self, who: str, data: st.DataObject) -> None:
            """The history's "Set it back": only where the model says it is offered, then tapped."""
            phone = self.phones[who]
            page = phone.browser.get(f"/t/{self.token}/history", htmx=True)[1]
            offered = {int(found) for found in re.findall(r'action="/t/[\w-]+/history/back/(\d+)', page)}
            assert offered == self.model.set_backs(), f"Set it back offered for {sorted(offered)}, the model says {sorted(self.model.set_backs())}"
            if not offered:
                return
            version = data.draw(st.sampled_from(sorted(offered)))
            tap = new_tap("back")
            expected = self.model.set_back(who, version, tap)
            status, _page, _headers = phone.browser.post(f"/t/{self.token}/history/back/{version}", {"base": version, "tap": tap})
            assert status == expected.status, f"set back {version}: {status}, the model says {expected.status}"
            counter.saw(f"set back {status}")

        @rule(who=st.sampled_from("AB"), replace=st.booleans())
        def score(self, who: str, replace: bool) -> None:
            """The intermediate scoring; a kept result is replaced only when the question is answered "Replace it"."""
            browser = self.phones[who].browser
            form: dict[str, object] = {"screen": "board"}
            if self.model.kept is not None and replace:
                form["replace"] = self.model.version
            status, _page, headers = browser.post(f"/t/{self.token}/score/intermediate", form, htmx=False)
            assert status == 303
            where = headers["location"]
            if self.model.kept is not None and not replace:
                assert where.split("?")[0].endswith("/score/intermediate/replace"), where  # asked; "Keep it" changes nothing
                counter.saw("scoring kept")
            elif where.split("?")[0].endswith("/scores/intermediate"):
                self.model.scoring(who)
                counter.saw("scored")
            else:
                counter.saw("scoring refused")  # problems on the board: told there

        @precondition(lambda self: sum(e.kind == "scoring" for e in self.model.entries) > 0)
        @rule(who=st.sampled_from("AB"), data=st.data())
        def use_again(self, who: str, data: st.DataObject) -> None:
            entry = data.draw(st.sampled_from([e for e in self.model.entries if e.kind in ("scoring", "restore")]))
            expected = self.model.use_again(who, entry.version)
            status, _page, _headers = self.phones[who].browser.post(f"/t/{self.token}/scores/intermediate/use/{entry.version}", {}, htmx=False)
            assert status == 303
            counter.saw("used again" if expected.entry else "used again (changed nothing)")

        @precondition(lambda self: bool(self.sent))
        @rule(data=st.data(), with_cookies_from_before=st.booleans())
        def resend(self, data: st.DataObject, with_cookies_from_before: bool) -> None:
            """A tap sent again (its answer lost): with the cookies the phone has now, or those it
            was sent with (the lost answer's cookie never arrived)."""
            sent = data.draw(st.sampled_from(self.sent))
            phone = self.phones[sent.phone]
            now = dict(phone.browser.cookies)
            if with_cookies_from_before:
                phone.browser.cookies = dict(sent.cookies)
            if sent.outcome.entry is not None:  # taken: answered as taken, nothing changes
                status, _page, _headers = phone.browser.post(f"/t/{self.token}/change", sent.form)
                assert status == 200, f"a taken tap sent again: {status}\n{_page[:600]}"
                counter.saw("resent taken")
            else:  # never taken (refused, or it changed nothing): worked out again as it stands now
                expected = self._again(sent)
                status, _page, _headers = phone.browser.post(f"/t/{self.token}/change", sent.form)
                assert status == expected.status, f"{sent.kind} sent again {sent.form}: {status}, the model says {expected.status}\n{_page[:600]}"
                if expected.entry is not None:
                    sent.outcome = expected
                counter.saw(f"resent {status}")
            if with_cookies_from_before:
                phone.browser.cookies = now

        @rule(who=st.sampled_from("AB"))
        def poll(self, who: str) -> None:
            phone = self.phones[who]
            status, page, headers = phone.browser.get(f"/t/{self.token}/board?cell={phone.cell}&since={phone.shown}", htmx=True)
            if phone.shown == self.model.version:
                assert page == "" and headers.get("hx-reswap") == "none", "a poll with nothing new"
            else:
                assert f'name="since" value="{self.model.version}"' in page
                phone.shown = self.model.version
                self._check_offer(phone, page)

        @rule()
        def spectator_watches(self) -> None:
            assert self.spectator is not None
            status, page, _headers = self.spectator.get(f"/t/{self.watch}/board")
            assert status == 200 and "data-undo" not in page and 'href="/t/' + self.watch + '/board?cell=' not in page
            assert shown_version(page) == self.model.version and watched_values(page) == {cell: self.model.count(cell) for cell in CELLS}
            refused = self.spectator.post(f"/t/{self.watch}/change", {"cell": CELLS[0], "value": 1, "base": self.model.version, "tap": "spectator-tap"})[0]
            assert refused == 403

        # --- after every step ---
        @invariant()
        def board_and_history_match_the_model(self) -> None:
            if not self.token:
                return
            counter.steps += self.stepped  # not the check after the table was made
            self.stepped = 1
            page = self.phones["A"].browser.get(f"/t/{self.token}/board", htmx=True)[1]
            assert shown_version(page) == self.model.version, "every tap counted once: the table's version is the model's"
            assert cell_values(page) == {cell: self.model.count(cell) for cell in CELLS}
            history = json.loads(self.phones["B"].browser.get(f"/api/tables/{self.token}/history")[1])
            assert history["version"] == self.model.version and history["entries"] == len(self.model.entries), "the history accounts for every version"
            newest = history["changes"][:3]
            model_newest = list(reversed(self.model.entries))[:3]
            assert [(c["version"], c["kind"]) for c in newest] == [(e.version, e.kind) for e in model_newest]
            for shown, entry in zip(newest, model_newest, strict=True):
                if entry.kind not in ("scoring", "restore"):
                    assert {c["cell"]: (c["before"], c["after"]) for c in shown["cells"]} == {k: tuple(v) for k, v in entry.cells.items()}

        # --- helpers ---
        def _again(self, sent: SentTap) -> Outcome:
            """What a tap never taken asks, worked out on the table as it is now."""
            form, who, tap = sent.form, sent.phone, str(sent.form["tap"])
            base, cell = int(str(form["base"])), str(form["cell"])
            if sent.kind == "count":
                return self.model.count_tap(who, cell, int(str(form["value"])), base, tap)
            if sent.kind == "row":
                return self.model.row_tap(who, cell, tap)
            if sent.kind == "chain":
                adding = "add" in form
                return self.model.chain_tap(who, cell.removeprefix("chains."), int(str(form["add" if adding else "remove"])), adding, tap)
            return self.model.undo_tap(who, str(form["undo"]), base, tap)

        def _check_offer(self, phone: Phone, page: str) -> None:
            """The pad's Undo offers what the model says it can take back, or nothing."""
            if 'class="undo"' not in live_pad(page):
                return  # no pad in this answer
            offer = self.model.undo_offer(phone.name)
            assert offered_undo(page) == (offer.tap if offer else None), f"Undo offers {offered_undo(page)}, the model {offer}"

    return TableMachine


@pytest.fixture(params=("sqlite", "postgresql"), scope="module")
def served(request, tmp_path_factory) -> Iterator[str]:
    instance = tmp_path_factory.mktemp(f"model-{request.param}")
    settings_ = {} if request.param == "sqlite" else {"DATABASE_URL": request.getfixturevalue("postgres").create_database(f"model_{os.getpid()}")}
    with serving(Path(instance), **settings_) as url:
        yield url


def run_model(url: str, steps: int) -> Counter:
    """Sequences of up to ``STEPS_PER_RUN`` steps until ``steps`` have run; the first failing one
    raises, shrunk by Hypothesis."""
    counter = Counter()
    machine = machine_for(url, counter)
    while counter.steps < steps:
        runs = max(1, (steps - counter.steps) // STEPS_PER_RUN)  # sequences are shorter than STEPS_PER_RUN: asked again for the rest
        chosen = settings(deadline=None, max_examples=runs, stateful_step_count=STEPS_PER_RUN, database=None, suppress_health_check=list(HealthCheck))
        run_state_machine_as_test(machine, settings=chosen)
    return counter


def test_the_table_as_served_follows_the_model(served, capsys):
    started = time.perf_counter()
    counter = run_model(served, STEPS)
    seconds = time.perf_counter() - started
    with capsys.disabled():
        print(f"\n{counter.steps} steps in {counter.runs} sequences, {seconds:.0f} s: {counter.steps / seconds:.1f} steps/s; "
              + ", ".join(f"{kind}: {n}" for kind, n in sorted(counter.found.items())))
    assert counter.steps >= STEPS
    # The steps reached what they are about: taps taken, refused as conflicts, changing nothing, sent again.
    assert {"count 200", "count 409", "count 200 (changed nothing)", "resent taken", "undo 200"} <= counter.found.keys(), counter.found
