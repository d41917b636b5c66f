"""Only as many chain searches at once as the machine has cores (assistant/web/serving/admission.py):
the rest wait a moment, then 503 with Retry-After, in the page's language or as the API's JSON;
a real board's pages never wait, and /healthz answers while clients loop the heaviest scoring.
benchmarks/heavy_clients.py prints the latencies."""
from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest

from assistant.web.serving import admission
from tests.kardinal.helpers import absurd_position
from tests.served import serving
from tests.web.helpers import new_table
from tests.web.test_work_budget import absurd_table  # noqa: F401  (a fixture)


@contextmanager
def every_slot_taken():
    taken = [admission.take_slot(0) for _ in range(admission.SLOTS)]
    assert all(taken), "a slot was still held by an earlier request"
    try:
        yield
    finally:
        for _ in taken:
            admission.give_slot()


@pytest.fixture
def quick_wait(monkeypatch):
    monkeypatch.setattr(admission, "WAIT_SECONDS", 0.2)


def test_an_api_scoring_that_finds_every_slot_taken_is_a_503_in_json_with_retry_after(client, quick_wait):
    with every_slot_taken():
        response = client.post("/api/score", json=absurd_position())
    assert response.status_code == 503 and response.headers["Retry-After"] == str(admission.RETRY_SECONDS)
    reason = "the server is busy with other scorings; try again in a moment"
    assert response.get_json() == {"error": f"error: request: {reason}", "errors": [{"field": "request", "reason": reason}]}
    with every_slot_taken():
        german = client.post("/api/score?lang=de", json=absurd_position())
    assert german.status_code == 503 and german.headers["Content-Language"] == "de" and "ausgelastet" in german.get_json()["errors"][0]["reason"]
    assert client.post("/api/score", json=absurd_position()).status_code == 400  # a slot free: searched, and refused as too much work


def test_a_page_whose_sketches_find_every_slot_taken_says_so_in_its_language(client, absurd_table, quick_wait):  # noqa: F811
    with every_slot_taken():
        response = client.get(f"/t/{absurd_table}/chains?lang=de")
    assert response.status_code == 503 and response.headers["Retry-After"] == str(admission.RETRY_SECONDS)
    page = response.get_data(as_text=True)
    assert "Der Server ist ausgelastet" in page and "Nichts ging verloren" in page
    assert client.get(f"/t/{absurd_table}/chains").status_code == 200  # the slots given back


def test_a_real_boards_pages_and_changes_never_wait_for_a_slot(client, quick_wait):
    token = new_table(client)
    with every_slot_taken():
        for screen in ("board", "chains", "scores"):
            assert client.get(f"/t/{token}/{screen}").status_code == 200, screen
    assert all(admission.take_slot(0) for _ in range(admission.SLOTS))  # none was kept
    for _ in range(admission.SLOTS):
        admission.give_slot()


def _post_heavy(url: str) -> tuple[int, dict, float, bytes]:
    started = time.monotonic()
    headers = {"Content-Type": "application/json", "Accept-Language": "de-AT,de;q=0.9"}
    request = Request(url + "/api/score", data=json.dumps(absurd_position()).encode(), headers=headers)
    try:
        with urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, time.monotonic() - started, response.read()
    except HTTPError as error:
        with error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}, time.monotonic() - started, error.read()


def _healthz_seconds(url: str) -> float:
    started = time.monotonic()
    with urlopen(url + "/healthz", timeout=30) as response:
        assert response.status == 200
    return time.monotonic() - started


@pytest.mark.timing(loads_cores=True)
def test_healthz_answers_at_once_while_clients_send_more_heavy_scorings_than_there_are_cores(tmp_path):
    clients = 3 * admission.SLOTS + 2
    with serving(tmp_path / "instance") as url, ThreadPoolExecutor(clients) as pool:
        heavy = [pool.submit(_post_heavy, url) for _ in range(clients)]
        time.sleep(0.3)
        waits = []
        while not all(future.done() for future in heavy):
            waits.append(_healthz_seconds(url))
            time.sleep(0.05)
        answers = [future.result() for future in heavy]
    statuses = sorted(status for status, _headers, _seconds, _body in answers)
    assert set(statuses) <= {400, 503} and 400 in statuses and 503 in statuses, statuses
    busy = [(headers, json.loads(body)) for status, headers, _s, body in answers if status == 503]
    assert all(headers.get("retry-after") and headers.get("content-language") == "de" for headers, _body in busy)
    assert all(body["error"].startswith("Fehler: request: ") and "ausgelastet" in body["errors"][0]["reason"] for _headers, body in busy), busy[0]
    assert waits and max(waits) < 0.5, (max(waits), len(waits))
