"""No log line names a table's link (docs/security.md): every record is made without it
(assistant/web/serving/log_links.py), exceptions included; tests/conftest.py checks a whole session's log."""
from __future__ import annotations

import logging

from assistant.web.serving import log_links
from tests import session_log
from tests.served import Phone, new_table, serving

TOKEN = "6TjdQx2bZ9kLmNoPqRsTuV"


class Lines(logging.Handler):
    def __init__(self):
        super().__init__()
        self.setFormatter(logging.Formatter("%(message)s"))
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(self.format(record))


def test_a_record_with_a_link_in_its_message_arguments_and_traceback_shows_none(app):
    log_links.hide_links_in_logs()  # create_app did; once is enough
    logger = logging.getLogger("assistant.test_log_links")
    lines = Lines()
    logger.addHandler(lines)
    try:
        try:
            raise ValueError(f"no table at /t/{TOKEN}/share")
        except ValueError:
            logger.exception("Exception on %s [%s]", f"/t/{TOKEN}/share", "GET")
        logger.warning("a board's link: /boards/12?key=%s", "Zx81" + TOKEN)
    finally:
        logger.removeHandler(lines)
    text = "\n".join(lines.lines)
    assert TOKEN not in text, text
    assert "Exception on /t/<link>/share [GET]" in text and "ValueError: no table at /t/<link>/share" in text
    assert "Traceback (most recent call last)" in text and "key=<key>" in text


def test_a_link_masked_already_is_left_as_it_is():
    assert log_links.without_links('"GET /t/-/board?since=5 HTTP/1.1" 200') == '"GET /t/-/board?since=5 HTTP/1.1" 200'
    assert log_links.without_links(f"/t/{TOKEN}/board and /t/{TOKEN[:4]}") == "/t/<link>/board and /t/<link>"


def test_the_log_of_a_served_evening_names_no_link(tmp_path):
    said: list[str] = []
    with serving(tmp_path / "instance", said=said) as url:
        phone = Phone(url)
        token = new_table(phone)
        for path in (f"/t/{token}/board", f"/t/{token}/share", f"/t/{token}/scores", f"/t/{token}/board?since=1"):
            assert phone.get(path)[0] == 200, path
        refused = phone._open(f"/t/{token}/change", b"cell=x", {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"})
        assert refused[0] in (400, 403)
    log = "".join(said)
    assert "refused a cross-origin POST /t/<link>/change" in log, log
    assert token not in log and not session_log.TOKEN.search(log), log
