"""Scoring on the phone with no connection, the server's side (issue 48): what a phone keeps (the
core's zip, Pyodide and the wheels, listed for the service worker), the worker's policy, the
position beside each scoring's button, and a result scored on the phone sent back: kept once,
refused when the table changed since."""
import html
import io
import json
import re
import zipfile

from assistant.core_archive import core_zip
from assistant.web.serving.security import CONTENT_SECURITY_POLICY, WORKER_CONTENT_SECURITY_POLICY
from tests.web.helpers import EXAMPLE, change, enter, new_table, version


def kept_list(client):
    return json.loads(client.get("/offline/files.json").get_data(as_text=True))


def test_the_core_zip_is_the_installed_core_and_its_address_carries_its_digest(client):
    files = kept_list(client)
    answer = client.get(files["core"])
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    assert answer.data == core_zip()
    names = zipfile.ZipFile(io.BytesIO(answer.data)).namelist()
    assert "assistant/report_json.py" in names and "assistant/translations/de/LC_MESSAGES/messages.mo" in names
    assert not any(name.startswith("assistant/web/") for name in names)  # nothing of the web app
    assert re.fullmatch(r"/offline/core\.zip\?v=[0-9a-f]{12}", files["core"])


def test_everything_the_phone_keeps_is_served(client):
    files = kept_list(client)
    urls = [files["worker"], *files["pyodide"], *files["wheels"]]
    assert {url.split("?")[0].rsplit("/", 1)[1] for url in files["wheels"]} >= {
        "pydantic-2.14.4-py3-none-any.whl", "pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl"}
    for url in urls:
        with client.get(url) as answer:
            assert answer.status_code == 200, url
    with client.get(next(url for url in files["pyodide"] if ".wasm" in url), headers={"Accept-Encoding": "gzip"}) as wasm:
        assert wasm.mimetype == "application/wasm" and wasm.headers["Content-Encoding"] == "gzip"
    assert files["cache"].startswith("assistant-offline-")


def test_only_the_scoring_worker_may_compile_webassembly_and_the_rest_of_its_policy_is_the_pages(client):
    assert WORKER_CONTENT_SECURITY_POLICY.replace(" 'wasm-unsafe-eval'", "") == CONTENT_SECURITY_POLICY
    assert WORKER_CONTENT_SECURITY_POLICY.count("'wasm-unsafe-eval'") == 1
    assert "unsafe-eval' " not in WORKER_CONTENT_SECURITY_POLICY.replace("'wasm-unsafe-eval'", "")
    with client.get(kept_list(client)["worker"]) as worker:
        assert worker.headers["Content-Security-Policy"] == WORKER_CONTENT_SECURITY_POLICY
    token = new_table(client)
    for url in [f"/t/{token}/board", "/static/app.js", "/static/offline-scoring.js", "/offline/files.json", kept_list(client)["core"], "/sw.js"]:
        with client.get(url) as answer:
            assert answer.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, url


def test_the_service_worker_is_told_what_to_keep_but_keeps_it_only_when_asked(client):
    script = client.get("/sw.js").get_data(as_text=True)
    head = dict(re.findall(r"^self\.(\w+) = (.*);$", script, re.M))
    assert json.loads(head["OFFLINE"]) == kept_list(client)
    precached = [entry["url"] for entry in json.loads(head["PRECACHE"])]
    assert not any("/vendor/pyodide/" in url or "/offline/" in url for url in precached)


def test_a_phone_that_keeps_no_scorer_is_sent_no_position_nor_template(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    for screen in ("board", "chains"):
        page = client.get(f"/t/{token}/{screen}").get_data(as_text=True)
        assert "/score/" in page and "data-position" not in page and "offline-result" not in page


def test_each_scoring_button_carries_the_position_the_server_would_score(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    client.set_cookie("assistant_scorer", "1")  # static/offline-scoring.js, once the phone opted in
    page = client.get(f"/t/{token}/board").get_data(as_text=True)
    form = re.search(r'<form method="post" action="/t/[^"]+/score/intermediate"[^>]*data-position="([^"]+)" data-label="([^"]+)"', page)
    position = json.loads(html.unescape(form.group(1)))
    assert position["scoring"] == "intermediate" and position["monasteries"]["Frankreich"] == {"green": 4, "red": 2, "blue": 1}
    assert form.group(2) == "Intermediate scoring"
    assert 'class="offline-result"' in page and "Scored on this phone, not kept yet." in page
    spectators = client.get(f"/t/{token}/share").get_data(as_text=True)
    assert "Score on this phone without a connection" in spectators


def sent_back(client, token, scored, offline, scoring="intermediate", screen="board"):
    return client.post(f"/t/{token}/score/{scoring}", data={"screen": screen, "scored": scored, "offline": offline})


def test_a_result_scored_on_the_phone_is_kept_once_however_often_it_is_sent(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored = version(client, token)
    first = sent_back(client, token, scored, "offline-result-1")
    assert first.status_code == 303 and first.headers["Location"].endswith("/scores/intermediate")
    after = version(client, token)
    assert after == scored + 1
    again = sent_back(client, token, scored, "offline-result-1")
    assert again.status_code == 303 and again.headers["Location"].endswith("/scores/intermediate")
    assert version(client, token) == after  # nothing new written
    page = client.get(first.headers["Location"]).get_data(as_text=True)
    assert "Frankreich: Andreas (green) has the most monasteries (4) and scores all 7" in page


def test_a_result_scored_on_the_phone_after_which_the_table_changed_is_not_kept_and_the_phone_is_told(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored = version(client, token)
    change(client, token, "monasteries.Burgund.blue", value=1)  # another phone, meanwhile
    answer = sent_back(client, token, scored, "offline-result-2")
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/board")
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Not kept: the table changed after this phone scored it" in page
    assert client.get(f"/t/{token}/scores/intermediate").get_data(as_text=True).count("Frankreich: Andreas") == 0


def test_a_malformed_result_sent_back_is_refused(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    bad_version = sent_back(client, token, "seven", "offline-result-3")
    assert bad_version.status_code == 400
    assert "The result scored on this phone: the version it scored is not a number" in bad_version.get_data(as_text=True)
    bad_id = sent_back(client, token, version(client, token), "no!")
    assert bad_id.status_code == 400
    assert "The result scored on this phone: its id is not one this app makes" in bad_id.get_data(as_text=True)
