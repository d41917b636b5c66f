"""No log line names a table's link or a board's key, whatever route carries it (issue 44): every
route of the app's URL map is asked for with a real table's links, through `serve` with its access
log and through Debian's nginx with deploy/nginx.conf, and neither log, nor what the server
printed, names them. A route with an argument this test does not know fails it until it is said
whether that argument is a secret."""
from __future__ import annotations

import itertools
import re
import subprocess
import sys

from tests.browser.nginx import Nginx
from tests.served import Phone, new_table, serving

BOARD_KEY = "Zk3vQ8pWm2LxY7nR4tHs0g"
SECRET = {"token"}  # a table's edit or watch link
# Arguments that name no secret, with what the test puts in them.
PUBLIC = {"screen": "board", "scoring": "intermediate", "version": "1", "slug": "kardinal-und-koenig", "ident": "1", "filename": "style.css"}


def routes() -> list[tuple[str, str]]:
    """(method, rule) of every route the app serves, from its URL map."""
    found = subprocess.run(
        [sys.executable, "-c", "import tempfile; from tests.client import browser_app\n"
         "app = browser_app({'DATABASE': tempfile.mktemp()})\n"
         "for rule in app.url_map.iter_rules():\n"
         "    for method in sorted(rule.methods - {'HEAD', 'OPTIONS'}): print(method, rule.rule)"],
        capture_output=True, text=True, check=True,
    )
    return [tuple(line.split(" ", 1)) for line in found.stdout.splitlines()]  # type: ignore[misc]


def paths(rule: str, links: tuple[str, ...]) -> list[str]:
    """The rule with each link in its secret arguments and a fitting value in the others; a board's
    key on every route that takes a query."""
    arguments = re.findall(r"<(?:\w+:)?(\w+)>", rule)
    unknown = set(arguments) - SECRET - set(PUBLIC)
    assert not unknown, f"{rule}: say in this test whether {unknown} names a secret (SECRET) or not (PUBLIC)"
    made = []
    for link in links if SECRET & set(arguments) else links[:1]:
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda found, link=link: link if found.group(1) in SECRET else PUBLIC[found.group(1)], rule)
        made.append(f"{path}?key={BOARD_KEY}")
    return made


def ask_every_route(phone: Phone, links: tuple[str, ...]) -> list[str]:
    asked = []
    for method, rule in routes():
        for path in paths(rule, links):
            if method == "GET":
                phone.get(path)
            else:
                phone.post(path, {"base": "1", "tap": "a-tap-of-the-log-test", "cell": "monasteries.Aragon.red", "value": "1"})
            asked.append(f"{method} {path}")
    return asked


def test_no_route_logs_a_link_in_the_app_or_in_nginx(tmp_path):
    said: list[str] = []
    access = tmp_path / "access.log"
    with serving(tmp_path / "instance", said=said, ASSISTANT_ACCESS_LOG=str(access), ASSISTANT_TRUSTED_PROXIES="1") as url:
        table = new_table(Phone(url))
        watching = next(token for token in re.findall(r"/t/([\w-]+)/", Phone(url).get(f"/t/{table}/share")[1]) if token != table)
        (tmp_path / "nginx").mkdir()
        nginx = Nginx(tmp_path / "nginx", upstream=url)
        try:
            asked = ask_every_route(Phone(nginx.url, ssl_context=nginx.ssl_context), (table, watching))
        finally:
            nginx.stop()
    assert any("/api/tables/" in line for line in asked) and len(asked) > 20
    logs = {"the app's access log": access.read_text(encoding="utf-8"), "what serve printed": "".join(said),
            **{f"nginx's {name}": text for name, text in nginx.shipped_logs().items()}}
    assert "/api/tables/<link>/history" in logs["the app's access log"]
    for (name, text), secret in itertools.product(logs.items(), (table, watching, BOARD_KEY)):
        lines = [line for line in text.splitlines() if secret in line]
        assert not lines, f"{name} names a link: {lines[:3]}"
