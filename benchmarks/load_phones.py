"""The phones of benchmarks/load.py, as locust users (FastHttpUser): one client process of the
load benchmark, started by it (importing locust patches the standard library for gevent, so
this runs in a process of its own): python benchmarks/load_phones.py PLAN.json RESULTS.json

A phone opens its table's board once, then polls it every ``POLL_SECONDS`` as the board page
does (``hx-trigger="every 2s"``, templates/table/_screen.html), sending the version it shows;
one phone a table (the tapper) has the number pad open and also taps a count every
``change_seconds``, from the version it shows, as htmx sends it (CSRF token, htmx headers).
"""
from __future__ import annotations

import json
import random
import re
import sys
import time

import gevent
from locust import FastHttpUser, events, task
from locust.env import Environment

POLL_SECONDS = 2  # the app's POLL_SECONDS: the board page's hx-trigger
HTMX = {"HX-Request": "true", "Accept-Language": "en", "Sec-Fetch-Site": "same-origin"}
PLAYERS = ("red", "green", "blue", "yellow", "purple")
COUNTRIES = ("Frankreich", "Burgund", "Lothringen", "Italien", "England", "Bayern")
CELLS = [f"{pieces}.{country}.{color}" for country in COUNTRIES for pieces in ("monasteries",) for color in PLAYERS]
VERSION = re.compile(r'(?:data-version|name="since" value)="(\d+)"')
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')

# Read from the plan file before the users start (main).
plan: dict = {"phones": [], "change_seconds": 10.0, "join_seconds": POLL_SECONDS, "measure_from": 0.0}
times_ms: list[float] = []
failures: list[str] = []
poll_phases: list[float] = []  # when in the poll period each measured poll started: are the phones in step?
changes: list[tuple[str, int, float]] = []  # (table, the version a tap made, when it was answered), measured ones
seen: list[tuple[str, int, float]] = []  # (table, a version a poll showed first, when), measured ones


@events.request.add_listener
def _record(request_type, name, response_time, response_length, exception=None, **_kwargs) -> None:
    if time.time() < plan["measure_from"]:
        return  # the page loads and the first staggered polls are the warm-up
    times_ms.append(response_time)
    if name == "poll":
        poll_phases.append(_kwargs.get("start_time", time.time()) % POLL_SECONDS)
    if exception is not None:
        failures.append(f"{request_type} {name}: {exception}"[:200])


class Phone(FastHttpUser):
    network_timeout = 30.0
    connection_timeout = 30.0

    def on_start(self) -> None:
        self.token, self.tapper = plan["phones"].pop()
        self.taps = 0
        self.next_tap = time.time() + random.uniform(0, plan["change_seconds"])
        time.sleep(random.uniform(0, plan["join_seconds"]))  # phones come in at any moment, not all at once
        page = self.client.get(f"/t/{self.token}/board", headers={"Accept-Language": "en"}, name="page").text or ""
        self.version = int(VERSION.search(page).group(1))
        self.csrf = CSRF.search(page).group(1)
        self.cell = CELLS[0]
        self.next_poll = time.time()  # its first poll now, then every POLL_SECONDS on its own beat

    def wait_time(self) -> float:
        """Every ``POLL_SECONDS`` from the phone's own first poll, as each page's ``every 2s``
        keeps its own beat. (locust's constant_pacing counted on_start's staggering sleep as the
        first task's time, which brought every phone into step: all polls in one 0.1 s of the 2 s.)"""
        self.next_poll += POLL_SECONDS
        return max(0.0, self.next_poll - time.time())

    @task
    def poll(self) -> None:
        query = f"cell={self.cell}&since={self.version}" if self.tapper else f"since={self.version}"
        with self.client.get(f"/t/{self.token}/board?{query}", headers=HTMX, name="poll", catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"poll answered {response.status_code}")
            elif response.text:  # the changes (an empty answer: nothing new)
                self.version = int(VERSION.search(response.text).group(1))
                if time.time() >= plan["measure_from"]:
                    seen.append((self.token, self.version, time.time()))
        if self.tapper and time.time() >= self.next_tap:
            self.next_tap += plan["change_seconds"]
            self.tap()

    def tap(self) -> None:
        self.cell = CELLS[self.taps % len(CELLS)]
        self.taps += 1
        # As the pad posts it: the version the screen shows (since) goes with it.
        shown = str(self.version)
        form = {"cell": self.cell, "value": str(self.taps % 4), "base": shown, "screen": "board", "here": f"cell={self.cell}", "since": shown}
        headers = {**HTMX, "X-CSRFToken": self.csrf, "Origin": self.host}
        with self.client.post(f"/t/{self.token}/change", data=form, headers=headers, name="change", catch_response=True) as response:
            if response.status_code == 200:
                self.version = int(VERSION.search(response.text).group(1))
                if time.time() >= plan["measure_from"]:
                    changes.append((self.token, self.version, time.time()))
            else:
                response.failure(f"change answered {response.status_code}")


def main(plan_file: str, results_file: str) -> None:
    """The plan's phones (``url``, ``phones``: [token, tapper], ``change_seconds``,
    ``join_seconds``: over which the phones come in, ``measure_from``: epoch seconds, ``seconds``);
    writes the response times measured."""
    with open(plan_file, encoding="utf-8") as file:
        given = json.load(file)
    plan.update(
        phones=[tuple(phone) for phone in given["phones"]], change_seconds=given["change_seconds"],
        join_seconds=given["join_seconds"], measure_from=given["measure_from"],
    )
    count = len(plan["phones"])
    environment = Environment(user_classes=[Phone], host=given["url"], events=events)
    runner = environment.create_local_runner()
    runner.start(count, spawn_rate=count * 4)
    gevent.sleep(max(0.0, given["measure_from"] + given["seconds"] - time.time()))
    plan["measure_from"] = float("inf")  # nothing after the measured time counts
    runner.quit()
    with open(results_file, "w", encoding="utf-8") as file:
        json.dump({"times_ms": times_ms, "poll_phases": poll_phases, "failures": len(failures), "first_failures": failures[:3],
                   "changes": changes, "seen": seen}, file)


if __name__ == "__main__":
    main(*sys.argv[1:3])
