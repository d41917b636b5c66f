"""`serve`'s optional access log (ASSISTANT_ACCESS_LOG, issue 37): one line a request, polls
answered in the event loop included, and no table's link nor board key in it: /t/<token>/… is
logged /t/<link>/…, ?key=… key=<key>, as the app's own log writes them."""
from __future__ import annotations

import re
import subprocess
import sys

from tests.served import Phone, new_table, serving

HTMX = {"HX-Request": "true"}
BOARD_KEY = "Zk3vQ8pWm2LxY7nR4tHs0g"
LINE = re.compile(r'^127\.0\.0\.1 \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "(GET|POST) (\S+) HTTP/1\.1" (\d{3}) (\d+|-) \d+\.\dms$')


def a_short_game(server: str) -> tuple[str, str]:
    """A table made, a count changed, polled with nothing new and with something new, shared: (edit link, spectators' link)."""
    phone = Phone(server)
    table = new_table(phone)
    version = phone.version(table)
    assert phone.change(table, "monasteries.Frankreich.green", 3, version) == 200
    assert phone.get(f"/t/{table}/board?since={version + 1}", HTMX) == (200, "")  # answered in the event loop
    assert phone.get(f"/t/{table}/board?since={version}", HTMX)[0] == 200
    watching = next(token for token in re.findall(r"/t/([\w-]+)/", phone.get(f"/t/{table}/share")[1]) if token != table)
    assert phone.get(f"/t/{watching}/board")[0] == 200
    phone.get(f"/boards/1?key={BOARD_KEY}")  # a board variant's edit link (none here: 404)
    return table, watching


def test_the_access_log_has_every_request_and_no_table_link(tmp_path):
    log = tmp_path / "access.log"
    with serving(tmp_path / "instance", ASSISTANT_ACCESS_LOG=str(log)) as server:
        links = a_short_game(server)
    lines = log.read_text(encoding="utf-8").splitlines()
    requests = [LINE.match(line) for line in lines]
    assert all(requests), lines
    seen = [(found.group(1), found.group(2), found.group(3)) for found in requests if found]
    assert ("POST", "/t/<link>/change", "200") in seen
    assert seen.count(("GET", "/t/<link>/board?since=2", "200")) == 1 and ("GET", "/t/<link>/board?since=1", "200") in seen, seen
    assert ("GET", "/t/<link>/share", "200") in seen and ("GET", "/", "200") in seen
    assert ("GET", "/boards/1?key=<key>", "404") in seen, seen
    for link in (*links, BOARD_KEY):
        assert link not in log.read_text(encoding="utf-8")


def test_the_access_log_on_standard_output_and_a_file_it_cannot_write(tmp_path):
    said: list[str] = []
    with serving(tmp_path / "instance", said=said, ASSISTANT_ACCESS_LOG="-") as server:
        links = a_short_game(server)
    logged = [line for line in said if LINE.match(line.rstrip("\n"))]
    assert len(logged) >= 8 and not any(secret in "".join(said) for secret in (*links, BOARD_KEY)), said
    refused = subprocess.run([sys.executable, "-m", "assistant", "serve", "--port", "0", "--instance", str(tmp_path / "instance")],
                             env={"ASSISTANT_ACCESS_LOG": str(tmp_path / "no-such-folder" / "access.log"), "PATH": "/usr/bin:/bin"},
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "ASSISTANT_ACCESS_LOG: cannot write" in refused.stderr and "Traceback" not in refused.stderr, refused.stderr
