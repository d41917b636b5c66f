"""The installed wheel, served the Dockerfile's way and the Makefile's way, from outside the repository."""
from __future__ import annotations

import json
import re
import shlex
import subprocess
import zipfile
from email.message import Message
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, Request, build_opener, urlopen

from tests.shipped.conftest import LOOPBACK, clean_environment, start
from tests.shipped.recipes import REPOSITORY, make_run_command

ENGLISH_TITLE = "<title>Table scoring assistant</title>"
OTHER_LANGUAGES = ("de", "es", "da", "it")


def get(url: str, headers: dict | None = None) -> tuple[int, Message, bytes]:
    """Status, headers (by name in any case, as HTTP has them: the server writes them in lower
    case) and body."""
    try:
        with urlopen(Request(url, headers=headers or {}), timeout=10) as response:
            return response.status, response.headers, response.read()
    except HTTPError as error:
        return error.code, error.headers, error.read()


def test_the_wheel_carries_templates_static_and_compiled_catalogs(installed):
    (wheel,) = installed.places["/dist"].glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "assistant/web/templates/error.html" in names
    assert "assistant/web/static/vendor/htmx/htmx.min.js" in names
    for language in OTHER_LANGUAGES:
        assert f"assistant/translations/{language}/LC_MESSAGES/messages.mo" in names
    # The build context had no compiled catalog: the build made them.
    assert not list((installed.places["/src"]).rglob("*.mo"))


def test_the_installed_package_gives_the_phone_its_core_with_compiled_catalogs(installed):
    """core_archive.core_zip() (issue 48) from the installed package: the core's modules and the
    .mo the build compiled, nothing of the web app, and Pyodide's files beside the static ones."""
    listing = "import io, zipfile; from assistant.core_archive import core_zip; print(*zipfile.ZipFile(io.BytesIO(core_zip())).namelist())"
    run = subprocess.run([installed.python, "-c", listing], capture_output=True, text=True, cwd=installed.root)
    names = set(run.stdout.split())
    assert {"assistant/report_json.py", "assistant/games/kardinal/board.json", "assistant/translations/de/LC_MESSAGES/messages.mo"} <= names, run.stderr
    assert not any(name.startswith("assistant/web/") or name.endswith(".po") for name in names)
    (wheel,) = installed.places["/dist"].glob("*.whl")
    assert "assistant/web/static/vendor/pyodide/pyodide.asm.wasm" in zipfile.ZipFile(wheel).namelist()


def test_the_server_runs_the_installed_package_not_the_source_tree(installed, served):
    where = subprocess.run([installed.python, "-c", "import assistant; print(assistant.__file__)"], capture_output=True, text=True, cwd=installed.root)
    package = Path(where.stdout.strip())
    assert "site-packages" in package.parts and not package.is_relative_to(REPOSITORY)
    instance = installed.here("/app/instance")
    assert f"Data (database and secret key): {instance}" in served.output
    assert (Path(instance) / "secret_key").exists()


def test_home_page_in_english_and_in_every_other_language(served):
    status, _, body = get(served.url + "/", {"Accept-Language": "en"})
    assert status == 200 and ENGLISH_TITLE in body.decode()
    status, _, body = get(served.url + "/", {"Accept-Language": "de-DE,de;q=0.9"})
    assert status == 200 and "Wertungshelfer für den Spieltisch" in body.decode()
    for language in OTHER_LANGUAGES:
        page = get(served.url + "/", {"Accept-Language": language})[2].decode()
        assert f'<html lang="{language}">' in page and ENGLISH_TITLE not in page, language


def test_the_stylesheets_and_scripts_the_home_page_loads(served):
    page = get(served.url + "/")[2].decode()
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page) + re.findall(r'<script src="([^"]+)"', page)
    files = [link.split("?")[0] for link in links]
    assert "/static/app.css" in files and "/static/vendor/htmx/htmx.min.js" in files
    assert len({link.split("?v=")[1] for link in links}) == 1  # one version for all: the service worker keeps them by it
    for link, file in zip(links, files, strict=True):
        status, headers, body = get(served.url + link)
        assert status == 200, link
        assert headers["Content-Type"].split(";")[0] in {"text/css", "text/javascript", "application/javascript"}, link
        assert body == (REPOSITORY / file.lstrip("/")).read_bytes(), link


def test_the_installed_app_is_installable_and_has_its_service_worker(served):
    """The wheel carries the manifest's icons, the service worker and Workbox's files."""
    status, headers, body = get(served.url + "/manifest.webmanifest")
    assert status == 200 and headers["Content-Type"].startswith("application/manifest+json")
    for icon in json.loads(body)["icons"]:
        assert get(served.url + icon["src"])[0] == 200, icon
    status, _, script = get(served.url + "/sw.js")
    assert status == 200 and b"workbox.precaching.precacheAndRoute(self.PRECACHE)" in script
    precached = json.loads(re.search(rb"self.PRECACHE = (.*);", script).group(1))
    assert {"url": next(e["url"] for e in precached if e["url"].startswith("/static/app.js?v=")), "revision": None} in precached
    for entry in precached:
        assert get(served.url + entry["url"])[0] == 200, entry
    for name in ("workbox-sw.js", "workbox-core.prod.js", "workbox-routing.prod.js", "workbox-strategies.prod.js", "workbox-precaching.prod.js", "workbox-expiration.prod.js"):
        assert get(served.url + f"/static/vendor/workbox/{name}")[0] == 200, name


def test_healthz_and_livez(served):
    for path in ("/healthz", "/livez"):
        status, _, body = get(served.url + path)
        assert status == 200 and json.loads(body) == {"status": "ok"}


def test_the_images_health_check_passes_against_the_served_app(installed, served):
    """The Dockerfile's HEALTHCHECK command, run by the image's Python, at the served address."""
    command = installed.final.healthcheck.replace("http://127.0.0.1:8000", served.url)
    assert served.url in command, installed.final.healthcheck
    words = shlex.split(command)
    assert words[0] == "python", words
    assert subprocess.run([installed.python, *words[1:]], capture_output=True, timeout=30).returncode == 0


def test_a_table_created_through_the_form_shows_its_board(served):
    browser = build_opener(HTTPCookieProcessor(CookieJar()))  # keeps the session cookie, follows the 303
    form_page = browser.open(served.url + "/new/kardinal-und-koenig", timeout=10).read().decode()
    token = re.search(r'name="csrf_token" value="([^"]+)"', form_page).group(1)
    players = {"players-0-name": "Ana", "players-0-color": "red", "players-1-name": "Ben", "players-1-color": "green", "players-2-name": "Cleo", "players-2-color": "blue"}
    form = {"csrf_token": token, "action": "start", "chains": "disjoint", **players}
    with browser.open(served.url + "/new/kardinal-und-koenig", data=urlencode(form).encode(), timeout=10) as board:
        page = board.read().decode()
        assert board.status == 200 and re.search(r"/t/[\w-]+/board$", board.url), board.url
    assert all(name in page for name in ("Ana", "Ben", "Cleo")) and 'id="cell-monasteries-England-red"' in page


def test_the_make_run_command_serves_the_installed_package(installed, tmp_path):
    """`make run`'s own command (its instance folder relative to where it runs)."""
    server = start(installed, make_run_command("python", LOOPBACK, 0), cwd=tmp_path, env={})
    try:
        assert get(server.url + "/healthz")[0] == 200
        assert ENGLISH_TITLE in get(server.url + "/")[2].decode()
        assert f"Data (database and secret key): {tmp_path / 'instance'}" in server.output
    finally:
        assert server.stop() == 0, server.output


def test_the_readmes_curl_command_gets_what_score_json_prints(installed, served, tmp_path):
    """The README's `curl` line as written (only the address is the test server's), with no
    cookie and no token: the same JSON as the installed command line's `score --json`."""
    from tests.test_docs import marked, readme_lines

    (curl_line,) = readme_lines("curl ")
    example = marked("example")["README.md:readme-kardinal"].body
    (tmp_path / "position.json").write_text(example, encoding="utf-8")
    words = shlex.split(curl_line.replace("http://127.0.0.1:5000", served.url))
    answered = subprocess.run([*words, "--write-out", "\n%{http_code}"], capture_output=True, text=True, cwd=tmp_path, timeout=30)
    body, status = answered.stdout.rsplit("\n", 1)
    printed = subprocess.run([installed.python, "-m", "assistant", "score", "position.json", "--json"], capture_output=True, text=True, cwd=tmp_path)
    assert (status, printed.returncode) == ("200", 0), body[:500]
    assert json.loads(body) == json.loads(printed.stdout)
    refused = subprocess.run([*words[:-3], "--data", '{"players": []}', words[-1]], capture_output=True, text=True, cwd=tmp_path, timeout=30)
    assert json.loads(refused.stdout)["errors"][0]["field"] == "scoring"


def test_the_installed_app_migrates_a_postgresql_database(installed, postgres):
    """The wheel carries the migrations (the shared ones and each game's): the installed command applies them."""
    url = postgres.create_database("installed")
    env = {**clean_environment(), "DATABASE_URL": url}
    argv = [installed.python, "-m", "assistant", "migrate", "--instance", str(installed.root / "migrated")]
    done = subprocess.run(argv, cwd=installed.root, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "applied 0001.game-table" in done.stdout and "applied 0002.game-table-authors" in done.stdout
    assert "applied kardinal-und-koenig-0001.board-variant" in done.stdout
    assert "(8 migrations applied now)" in done.stdout
