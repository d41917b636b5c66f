"""A table written faster than any game is played is slowed (issue 44): 429 with Retry-After,
counted per table in the store all servers share (store/pace.py), nothing written; a real
table's pace is never refused, and one table's script slows no other table."""
from __future__ import annotations

import time

import pytest

from assistant.web.store.pace import BURST, PER_SECOND, WrittenTooFast, paced
from tests.served import Phone, new_table, serving

CELL = "monasteries.Aragon.green"


def changes_taken(moments: list[float], paced_until: float = 0.0) -> tuple[int, float]:
    """How many changes at ``moments`` a table takes, and its pace after them."""
    taken = 0
    for now in moments:
        try:
            paced_until = paced(paced_until, now)
        except WrittenTooFast:
            continue
        taken += 1
    return taken, paced_until


def test_five_phones_entering_a_final_board_at_once_are_never_slowed():
    # 5 phones, each a tap every 1.2 s for a minute (a whole board each), plus a scoring.
    taps = sorted(phone * 0.2 + 1.2 * n for phone in range(5) for n in range(50))
    assert changes_taken([*taps, 61.0])[0] == len(taps) + 1


def test_a_script_is_slowed_to_five_changes_a_second_and_told_how_long_to_wait():
    taken, paced_until = changes_taken([0.0] * BURST)
    assert taken == BURST
    with pytest.raises(WrittenTooFast) as refused:
        paced(paced_until, 0.0)
    assert refused.value.seconds == pytest.approx(1 / PER_SECOND)  # one allowance comes back in 0.2 s
    assert changes_taken([0.3])[0] == 1  # another table (its own pace) is not slowed
    taken, _ = changes_taken([1 + 0.01 * n for n in range(1000)], paced_until)
    assert taken <= PER_SECOND * 11 + 1  # ten seconds more at most five a second
    assert changes_taken([61.0], paced_until)[0] == 1  # a minute on, all its allowances are back


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
    """deploy/nginx.conf refuses at the door what the app refuses (for a group of servers, once
    for all): its own 429, with Retry-After, after as many changes."""
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
                    refused_by.append("app" if "Content-Security-Policy" in script.headers else "nginx")
                    if "nginx" in refused_by:
                        break
                else:
                    base += 1
            assert "nginx" in refused_by, refused_by
            assert BURST - 5 <= n <= BURST + PER_SECOND * (time.monotonic() - started) + 5, n  # 300 at once, then 5 a second
        finally:
            nginx.stop()
    assert looped not in "".join(nginx.shipped_logs().values())


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_servers_on_one_store_slow_a_scripted_table_once_for_both(tmp_path, kind, request):
    """The pace is the table's, kept in the store all servers share: a script writing through two
    server processes in turn gets no more than through one (300 at once, then 5 a second)."""
    settings = {"DATABASE_URL": request.getfixturevalue("postgres").create_database(f"pace_{tmp_path.name[-20:].lower()}")} if kind == "postgresql" else {}
    with serving(tmp_path / "instance", **settings) as first, serving(tmp_path / "instance", **settings) as second:
        phones = [Phone(first), Phone(second)]
        looped = new_table(phones[0])
        base = phones[0].version(looped)
        taken = 0
        started = time.monotonic()
        for n in range(BURST * 3):
            status, body = phones[n % 2].change_answered(looped, CELL, n % 3, base)
            if status == 429:
                break
            assert status == 200, body[:300]
            taken += 1
            base += 1
        assert status == 429, taken
        assert phones[n % 2].headers["Retry-After"] == "1" and "faster than any game is played" in body
        assert BURST <= taken <= BURST + PER_SECOND * (time.monotonic() - started) + 1  # not twice as many through two servers
        assert phones[0].version(looped) == phones[1].version(looped) == base  # the refused change was not made


TOO_FAST = "This table is being changed faster than any game is played, so this change was not made: try again in a moment."


def test_nginx_says_its_429_in_the_page_s_language(tmp_path):
    """nginx's own 429 (deploy/nginx.conf) speaks as the app's: the language the phone chose (the
    ``lang`` cookie), else the first of ours its Accept-Language names, else English; its words
    are the catalogs' own."""
    from urllib.error import HTTPError
    from urllib.request import HTTPSHandler, Request, build_opener

    from assistant.translator import translator_for
    from tests.browser.nginx import Nginx

    with serving(tmp_path / "instance", ASSISTANT_TRUSTED_PROXIES="1") as url:
        (tmp_path / "nginx").mkdir()
        nginx = Nginx(tmp_path / "nginx", upstream=url)
        browser = build_opener(HTTPSHandler(context=nginx.ssl_context))

        def post(headers: dict[str, str]) -> tuple[int, dict[str, str], str]:
            try:
                with browser.open(Request(nginx.url + "/t/a-scripted-link/change", data=b"cell=x", headers=headers), timeout=30) as answer:
                    return answer.status, dict(answer.headers), answer.read().decode()
            except HTTPError as refused:
                with refused:
                    return refused.code, dict(refused.headers), refused.read().decode()

        cases = [("de", {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}), ("es", {"Accept-Language": "fr-FR,fr;q=0.9,es;q=0.8"}),
                 ("da", {"Cookie": "lang=da", "Accept-Language": "de"}), ("it", {"Accept-Language": "it"}),
                 ("en", {"Accept-Language": "en-GB,de;q=0.5"}), ("en", {"Cookie": "lang=fr", "Accept-Language": "pt-BR"}), ("en", {})]
        try:
            # Any POST to /t/<link>/… counts at the door, a table there or not: until nginx refuses.
            assert any(post({})[0] == 429 for _n in range(BURST * 3))
            for language, headers in cases:
                status, answer, body = next((found for found in (post(headers) for _try in range(20)) if found[0] == 429), (0, {}, ""))
                assert status == 429, (language, headers)
                assert body == translator_for(language).gettext(TOO_FAST) + "\n", (language, headers)
                assert answer["Retry-After"] == "1" and answer["Content-Type"] == "text/plain; charset=utf-8"
                assert answer["Content-Language"] == language
        finally:
            nginx.stop()
