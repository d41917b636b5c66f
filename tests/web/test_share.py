"""Sharing: QR codes other phones can reach, a read-only link, unguessable tokens."""
from assistant.web.sharing import base_urls, is_loopback_host, lan_addresses, qr_svg
from tests.web.helpers import new_table, view_token


def test_share_page_has_inline_svg_qr_codes_for_edit_and_watch(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/share", base_url="http://192.168.1.20:5000").get_data(as_text=True)
    assert page.count('<svg class="qr"') == 2
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
