"""A table written faster than any game is played is slowed (issue 44): 429 with Retry-After,
from the server's front (write_pace.py) before a thread or the database sees the change; a real
table's pace is never refused, and one table's script slows no other table."""
from __future__ import annotations

import time

import pytest

from assistant.web.serving.write_pace import BURST, PER_SECOND, WritePace, too_fast
from tests.served import Phone, new_table, serving

CELL = "monasteries.Aragon.green"


def test_five_phones_entering_a_final_board_at_once_are_never_slowed():
    pace = WritePace()
    # 5 phones, each a tap every 1.2 s for a minute (a whole board each), plus a scoring.
    taps = sorted((phone * 0.2 + 1.2 * n, phone) for phone in range(5) for n in range(50))
    assert all(pace.wait("POST", "/t/the-table-link/change", now=at) == 0 for at, _phone in taps)
    assert pace.wait("POST", "/t/the-table-link/score/final", now=61) == 0


def test_a_script_is_slowed_to_five_changes_a_second_and_told_how_long_to_wait():
    pace = WritePace()
    assert all(pace.wait("POST", "/t/scripted-link/change", now=0.0) == 0 for _n in range(BURST))
    wait = pace.wait("POST", "/t/scripted-link/change", now=0.0)
    assert 0 < wait <= 1 / PER_SECOND
    assert pace.wait("GET", "/t/scripted-link/board", now=0.3) == 0  # reading is no writing
    assert pace.wait("POST", "/t/another-table/change", now=0.3) == 0  # another table is not slowed
    assert pace.wait("POST", "/new/kardinal-und-koenig", now=0.3) == 0
    taken = sum(pace.wait("POST", "/t/scripted-link/change", now=1 + 0.01 * n) == 0 for n in range(1000))
    assert taken <= PER_SECOND * 11 + 1  # ten seconds more at most five a second
    refusal = too_fast(0.2, "de")
    status, headers, body = refusal.answer()
    assert status == 429 and ("Retry-After", "1") in headers and "Dieser Tisch" in body.decode()


def test_it_remembers_a_bounded_number_of_links():
    pace = WritePace(links=100)
    for n in range(1000):
        pace.wait("POST", f"/t/link-{n}/change", now=0)
    assert len(pace.buckets) == 100


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_served_table_written_by_a_script_gets_429_with_retry_after(tmp_path, language):
    with serving(tmp_path / "instance") as url:
        script, phone = Phone(url), Phone(url)
        looped, played = new_table(script), new_table(phone)
        base = script.version(looped)
        answers = []
        started = time.monotonic()
        for n in range(BURST * 3):
            status, body = script._open(f"/t/{looped}/change", f"cell={CELL}&value={n % 3}&base={base}&screen=board".encode(),
                                        {"X-CSRFToken": script.token, "HX-Request": "true", "Accept-Language": language,
                                         "Sec-Fetch-Site": "same-origin", "Origin": url, "Content-Type": "application/x-www-form-urlencoded"})
            answers.append(status)
            if status == 429:
                break
            base += 1
        assert answers[-1] == 429, answers[-5:]
        assert BURST <= len(answers) - 1 <= BURST + PER_SECOND * (time.monotonic() - started) + 1  # 300 at once, then 5 a second
        assert script.headers["Retry-After"] == "1"
        assert ("Dieser Tisch" if language == "de" else "This table is being changed faster") in body
        assert phone.change(played, CELL, 2, phone.version(played)) == 200  # the other table plays on
        assert script.version(looped) == base  # the refused change was not made


def test_nginx_with_the_shipped_site_file_slows_a_scripted_table_with_the_same_numbers(tmp_path):
    """deploy/nginx.conf refuses at the door what each server's front refuses (for a group of
    servers, once for all): its own 429, with Retry-After, after as many changes."""
    from tests.browser.nginx import Nginx

    with serving(tmp_path / "instance", ASSISTANT_TRUSTED_PROXIES="1") as url:  # as docs/deployment.md has it behind nginx
        (tmp_path / "nginx").mkdir()
        nginx = Nginx(tmp_path / "nginx", upstream=url)
        try:
            script = Phone(nginx.url, ssl_context=nginx.ssl_context)
            looped = new_table(script)
            base = script.version(looped)
            refused_by = []
            started = time.monotonic()
            for n in range(BURST * 3):
                status, body = script.post(f"/t/{looped}/change", {"cell": CELL, "value": str(n % 3), "base": str(base), "screen": "board"})
                if status == 429:
                    assert script.headers["Retry-After"] == "1" and "faster than any game is played" in body
                    refused_by.append("nginx" if "charset" not in script.headers["Content-Type"] else "app")
                    if "nginx" in refused_by:
                        break
                else:
                    base += 1
            assert "nginx" in refused_by, refused_by
            assert BURST - 5 <= n <= BURST + PER_SECOND * (time.monotonic() - started) + 5, n  # 300 at once, then 5 a second
        finally:
            nginx.stop()
    assert looped not in "".join(nginx.shipped_logs().values())
