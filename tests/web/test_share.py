"""Sharing: QR codes other phones can reach, a read-only link, unguessable tokens."""
from assistant.web import trusted_hosts
from assistant.web.serving.sharing import base_urls, is_known_host, is_loopback_host, lan_addresses, qr_svg
from tests.web.helpers import new_table, view_token


def test_share_page_has_inline_svg_qr_codes_for_edit_and_watch(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/share", base_url="http://192.168.1.20:5000").get_data(as_text=True)
    assert page.count('<svg class="qr"') == 2 + 4  # and one per seat (test_own_counts.py)
    assert f"http://192.168.1.20:5000/t/{token}/board" in page
    watch = view_token(client, token)
    assert watch != token and len(watch) >= 20
    assert "localhost" not in page


def test_spectators_get_only_the_spectators_code(client):
    token = new_table(client)
    watch = view_token(client, token)
    page = client.get(f"/t/{watch}/share").get_data(as_text=True)
    assert page.count('<svg class="qr"') == 1 and token not in page


def test_on_localhost_the_page_says_so_and_uses_a_network_address(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/share", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert "open on this machine itself (localhost)" in page


def test_the_configured_public_address_wins(app):
    app.config["PUBLIC_URL"] = "https://scores.example.org/"
    client = app.test_client()
    token = new_table(client)
    page = client.get(f"/t/{token}/share", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert f"https://scores.example.org/t/{token}/board" in page
    assert "localhost)" not in page


def test_base_urls_warn_when_listening_only_locally():
    where = base_urls("http://localhost:5000/", "", "127.0.0.1")
    assert where["opened_on_localhost"] and where["listening_locally"]
    assert where["base"].endswith(":5000")
    assert not base_urls("http://10.0.0.5:5000/", "", "0.0.0.0")["opened_on_localhost"]


def test_loopback_hosts_are_recognised():
    assert is_loopback_host("localhost:5000") and is_loopback_host("127.0.0.1") and is_loopback_host("[::1]:80")
    assert not is_loopback_host("192.168.0.4:5000") and not is_loopback_host("example.org")


def test_lan_addresses_are_never_loopback():
    assert all(not a.startswith("127.") for a in lan_addresses())


def test_qr_svg_has_no_style_attribute_and_escapes_its_label():
    svg = str(qr_svg("http://10.0.0.1/t/abc", 'say "hi" <b>'))
    assert svg.startswith('<svg class="qr"') and "style" not in svg and "<b>" not in svg


def test_a_forged_host_never_becomes_a_link(client):
    """Security review, finding 6: without ASSISTANT_PUBLIC_URL the Host header was the links."""
    token = new_table(client)
    response = client.get(f"/t/{token}/share", base_url="http://evil.example:5000", environ_overrides={"SERVER_PORT": "5077"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "http://evil.example" not in page and 'href="http://evil' not in page
    assert "a name this server was not told is its own" in page
    lan = lan_addresses()
    assert f"/t/{token}/board" in page and (not lan or f"http://{lan[0]}:5077/t/{token}/board" in page)  # the socket's port


def test_hosts_of_this_server_are_links(client):
    """A private address (a port mapping this machine cannot see) and this machine's own names."""
    token = new_table(client)
    for host in ["10.1.2.3:8000", f"{machine_names_one()}:5000", "[fd00::5]:8000"]:
        page = client.get(f"/t/{token}/share", base_url=f"http://{host}").get_data(as_text=True)
        assert f"http://{host}/t/{token}/board" in page, host
    assert is_known_host("192.168.0.9", ()) and not is_known_host("8.8.8.8", ())
    assert not is_known_host("evil.example", ()) and is_known_host("scores.example.org", ["scores.example.org"])


def machine_names_one() -> str:
    from assistant.web.serving.sharing import machine_names

    return sorted(machine_names())[0]


def test_trusted_hosts_refuse_any_other_host(tmp_path):
    """ASSISTANT_TRUSTED_HOSTS: Flask answers 400 to another Host; the named one makes links;
    localhost stays allowed for a health check from inside the machine."""
    from tests.client import browser_app

    app = browser_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "TRUSTED_HOSTS": "scores.example.org, .club.example"})
    client = app.test_client()
    token = new_table(client)
    assert client.get("/healthz").status_code == 200
    refused = client.get("/", base_url="http://evil.example")
    assert refused.status_code == 400 and "does not answer to that name" in refused.get_data(as_text=True)
    page = client.get(f"/t/{token}/share", base_url="https://scores.example.org").get_data(as_text=True)
    assert f"https://scores.example.org/t/{token}/board" in page
    assert client.get("/", base_url="http://tables.club.example").status_code == 200


def test_trusted_hosts_read_from_the_environment():
    assert trusted_hosts(None) is None and trusted_hosts("") is None
    assert trusted_hosts("a.example, .b.example")[:2] == ["a.example", ".b.example"]
    assert "localhost" in trusted_hosts(["a.example"])
