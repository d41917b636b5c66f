"""Links other phones can open: the address of this machine on the local network, and QR codes.

The address comes from configuration (``ASSISTANT_PUBLIC_URL``) or from this machine's own
interfaces; finding it never sends a packet anywhere.
"""
from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from urllib.parse import urlsplit

import ifaddr
import qrcode
import qrcode.image.svg
from markupsafe import Markup


def is_loopback_host(host: str) -> bool:
    """For 'localhost:5000', '127.0.0.1', '[::1]:80' and the like."""
    try:
        name = urlsplit(f"//{host}").hostname or ""
    except ValueError:
        return False
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@lru_cache(maxsize=1)
def lan_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses other devices could reach, private ranges first."""
    found: set[str] = set()
    try:
        found.update(_interface_addresses())
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(info[4][0])
    except OSError:
        pass
    usable = []
    for text in found:
        address = ipaddress.ip_address(text)
        if not (address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast):
            usable.append(address)
    return tuple(str(a) for a in sorted(usable, key=lambda a: (not a.is_private, str(a).startswith("172."), a)))


def _interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's interfaces, as the system lists them (getifaddrs on
    Linux and macOS, GetAdaptersAddresses on Windows): a local call, no packet sent."""
    return [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4]


def base_urls(host_url: str, configured: str, listening_host: str | None) -> dict:
    """Where other phones should go: the configured address, else this machine's LAN address.

    ``host_url`` is the address this page was opened with; ``listening_host`` the address the
    server listens on, when known (127.0.0.1 reaches no other phone).
    """
    opened = host_url.rstrip("/")
    if configured:
        return {"base": configured.rstrip("/"), "source": "configured", "opened_on_localhost": False, "listening_locally": False}
    parts = urlsplit(opened)
    on_localhost = is_loopback_host(parts.netloc)
    if not on_localhost:
        return {"base": opened, "source": "opened", "opened_on_localhost": False, "listening_locally": False}
    port = f":{parts.port}" if parts.port else ""
    lan = lan_addresses()
    return {
        "base": f"{parts.scheme}://{lan[0]}{port}" if lan else opened,
        "source": "lan" if lan else "none",
        "opened_on_localhost": True,
        "listening_locally": bool(listening_host) and is_loopback_host(listening_host),
        "others": [f"{parts.scheme}://{a}{port}" for a in lan[1:]],
    }


def qr_svg(text: str, title: str) -> Markup:
    """An inline SVG QR code (no style attributes, so the CSP needs no 'unsafe-inline')."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    svg = image.to_string(encoding="unicode")
    start = svg.index("<svg") + len("<svg")
    head_end = svg.index(">", start)
    attributes = svg[start:head_end]
    view_box = attributes.split('viewBox="', 1)[1].split('"', 1)[0]
    body = svg[head_end + 1 :]
    label = Markup.escape(title)
    return Markup(f'<svg class="qr" viewBox="{view_box}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}">') + Markup(body)
