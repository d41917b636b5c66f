"""Links other phones can open: the address of this machine on the local network, and QR codes.

The address comes from configuration (``ASSISTANT_PUBLIC_URL``), from the address the page was
opened with when this server knows it as its own, or from this machine's own interfaces; finding
it never sends a packet anywhere. A Host header this server does not know never becomes a link.
"""
from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from functools import lru_cache
from typing import NotRequired, TypedDict
from urllib.parse import urlsplit

import ifaddr
import qrcode
import qrcode.image.svg
from markupsafe import Markup
from werkzeug.sansio.utils import host_is_trusted


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
            found.add(str(info[4][0]))
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
    return [str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4]


@lru_cache(maxsize=1)
def machine_names() -> frozenset[str]:
    """The names this machine answers to on a LAN: its host name and that name on mDNS (.local),
    as the system says them (no query sent)."""
    names = set()
    try:
        host = socket.gethostname().lower()
    except OSError:
        return frozenset()
    names.update({host, f"{host.split('.')[0]}.local"})
    return frozenset(n for n in names if n)


def is_known_host(host: str, trusted_hosts: Iterable[str]) -> bool:
    """Whether the Host a page was opened with is an address of this server: one of the
    ``trusted_hosts`` (configured, and the address it listens on), an address or name of this
    machine, or
    an address in a private range (a phone reached it through a port mapping, Docker's or a
    router's, that this machine cannot see; such a Host only ever shows on the page of whoever
    sent it). Anything else may be a forged header and never becomes a link."""
    trusted = list(trusted_hosts)
    if trusted and host_is_trusted(host, trusted):
        return True
    try:
        name = (urlsplit(f"//{host}").hostname or "").lower()
    except ValueError:
        return False
    if not name:
        return False
    if name in machine_names():
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return name in lan_addresses() or (address.is_private and not address.is_unspecified and not address.is_multicast)


class BaseUrls(TypedDict):
    """Where other phones should go (``base_urls``), and what the share page says about it."""

    base: str
    source: str  # "configured", "opened", "lan" or "none"
    opened_on_localhost: bool
    listening_locally: bool
    unknown_host: NotRequired[str]  # the Host this page was opened with, when it is not this server's
    others: NotRequired[list[str]]  # this machine's other LAN addresses


def base_urls(host_url: str, configured: str, listening_host: str | None, known_hosts: Iterable[str] = (), server_port: str = "") -> BaseUrls:
    """Where other phones should go: the configured address, else the address this page was
    opened with when it is known to be this server's, else this machine's LAN address.

    ``host_url`` is the address this page was opened with; ``listening_host`` the address the
    server listens on, when known (127.0.0.1 reaches no other phone); ``known_hosts`` the names
    it was configured to answer to; ``server_port`` the port the request came in on (the socket's,
    not the Host header's), for a Host this server does not know.
    """
    opened = host_url.rstrip("/")
    if configured:
        return {"base": configured.rstrip("/"), "source": "configured", "opened_on_localhost": False, "listening_locally": False}
    parts = urlsplit(opened)
    on_localhost = is_loopback_host(parts.netloc)
    known = on_localhost or is_known_host(parts.netloc, known_hosts)
    if known and not on_localhost:
        return {"base": opened, "source": "opened", "opened_on_localhost": False, "listening_locally": False}
    port = f":{parts.port}" if parts.port else ""
    if not known:  # the forged Host's port means nothing either
        port = f":{server_port}" if server_port and server_port not in {"80", "443"} else ""
    lan = lan_addresses()
    return {
        # Never the address of an unknown Host, even with no better one.
        "base": f"{parts.scheme}://{lan[0]}{port}" if lan else opened if on_localhost else f"{parts.scheme}://localhost{port}",
        "source": "lan" if lan else "none",
        "opened_on_localhost": on_localhost,
        "unknown_host": parts.netloc if not known else "",
        "listening_locally": bool(listening_host) and is_loopback_host(listening_host or ""),
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
