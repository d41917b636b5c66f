"""The security review's smaller findings (issue "A server that eight slow clients cannot stop"):
each reproduced through the app as it is served, every protection on, on both stores."""
import logging
import os
import re
import stat
import subprocess
import sys

from tests.web.helpers import new_table, version


def test_a_nul_byte_in_an_address_or_a_field_is_refused_not_a_fault(client):
    token = new_table(client)
    for path in (f"/t/{token}%00/board", f"/t/{token}/board%00", f"/t/{token}%00/share", f"/t/{token}%00/scores"):
        assert client.get(path).status_code == 404, path
    assert client.get(f"/t/{token}/board?since=1%00").status_code == 400
    assert client.get("/?lang=de%00").status_code == 400


def test_a_nul_byte_in_a_form_is_a_bad_request(client):
    token = new_table(client)
    response = client.post(f"/t/{token}/change", data={"cell": "monasteries.England.green", "value": "1\x00", "base": version(client, token), "screen": "board"})
    assert response.status_code == 400
    assert version(client, token) == 1


def test_here_cannot_steer_the_redirect_after_a_plain_form_post(client):
    token = new_table(client)
    cell = "monasteries.England.green"
    for here in ("token=x", "_scheme=https", "_external=1", "endpoint=home.index", "_method=GET", "screen=../x"):
        response = client.post(f"/t/{token}/change", data={"cell": cell, "adjust": "1", "base": version(client, token), "screen": "board", "here": here})
        assert response.status_code == 303, (here, response.status_code)
        assert response.headers["Location"].startswith(f"/t/{token}/board"), (here, response.headers["Location"])
    response = client.post(f"/t/{token}/change", data={"cell": cell, "adjust": "1", "base": version(client, token), "screen": "board", "here": f"cell={cell}"})
    assert response.headers["Location"] == f"/t/{token}/board?cell={cell}"


def test_the_language_links_never_lead_to_another_site(client):
    for path in ("/%5Cevil.example/x", "/%09/evil.example", "//evil.example/x", "/%2F/evil.example"):
        html = client.get(path).get_data(as_text=True)
        links = re.findall(r'<a href="([^"]*)" lang="\w+" hreflang', html)
        assert links, path
        for link in links:
            assert link.startswith("/") and link[1:2] not in ("/", "\\") and "\t" not in link and "\\" not in link, (path, link)


def test_a_refused_cross_origin_post_logs_no_link(client, caplog):
    token = new_table(client)
    with caplog.at_level(logging.WARNING):
        response = client.post(f"/t/{token}/change", data={"cell": "x"}, headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"})
    assert response.status_code in (400, 403)
    assert "refused a cross-origin POST /t/<link>/change" in caplog.text
    assert token not in caplog.text


def test_the_instance_folder_is_this_users_only_whatever_the_umask(tmp_path):
    folder = tmp_path / "instance"
    script = f"import os; os.umask(0); from assistant.web import create_app; create_app({{'SECRET_KEY': 'x'}}, instance_path={str(folder)!r})"
    subprocess.run([sys.executable, "-c", script], check=True, env={**os.environ})
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_serve_says_where_the_secret_key_comes_from(tmp_path):
    from tests.served import serving

    said: list[str] = []
    with serving(tmp_path / "instance", said=said, ASSISTANT_SECRET_KEY="from-the-environment"):
        pass
    assert any("the secret key from ASSISTANT_SECRET_KEY" in line for line in said), said
    assert not (tmp_path / "instance" / "secret_key").exists()
