"""What people do on the screens, in any engine (tests/browser/engines/drivers.py's Phone)."""
from __future__ import annotations

import re

from tests.browser.engines.drivers import Phone

PAD_CELL = '#pad form[data-taps] input[name="cell"]'


def start_table(phone: Phone, game: str, names: list[str], colors: list[str] | None = None) -> str:
    """The new-table form, filled and sent; the table's edit token."""
    phone.goto(f"/new/{game}")
    for index, name in enumerate(names):
        if index >= 3:
            phone.click('button[name="action"][value="add"]')
            phone.wait_count(f'input[name="players-{index}-name"]', 1)
        phone.fill(f'input[name="players-{index}-name"]', name)
        if colors:
            phone.select(f'select[name="players-{index}-color"]', colors[index])
    phone.click('button[name="action"][value="start"]')
    address = phone.wait_url(r"/t/[^/]+/(board|territories)$")
    return address.split("/t/")[1].split("/")[0]


def cell_css(name: str) -> str:
    return f"#cell-{name.replace('.', '-')}"


def open_pad(phone: Phone, name: str) -> None:
    phone.click(cell_css(name))
    phone.until(lambda: phone.value(PAD_CELL) == name, f"the pad on {name}")


def tap_number(phone: Phone, value: int) -> None:
    phone.click(f'#pad button[name="value"][value="{value}"]')


def set_count(phone: Phone, name: str, value: int) -> None:
    """Two taps: the cell, then the number; the cell shows it at once."""
    open_pad(phone, name)
    tap_number(phone, value)
    phone.wait_text(cell_css(name), str(value))


def all_taps_taken(phone: Phone, timeout: float = 10) -> None:
    """The table has taken every tap this phone made (static/app.js keeps each until then)."""
    phone.wait_js("return JSON.parse(localStorage.getItem('assistant.taps') || '[]').every(tap => tap.taken);", timeout=timeout)


def version(phone: Phone) -> int:
    return int(phone.attribute("#screen", "data-version") or 0)


def fits(phone: Phone) -> bool:
    return not phone.js("return document.documentElement.scrollWidth > window.innerWidth;")


def share_links(phone: Phone, token: str) -> tuple[str, dict[str, str]]:
    """The share page's spectators' link and each seat's own link, by colour."""
    phone.goto(f"/t/{token}/share")
    hrefs = phone.js("return Array.from(document.querySelectorAll('a[href*=\"/t/\"]'), a => a.href);")
    watch = next(href for href in hrefs if "/t/" in href and token not in href)
    seats = phone.js("return Array.from(document.querySelectorAll('.seat-link .link a'), a => a.href);")
    return watch, {re.split(r"player=", href)[1]: href for href in seats}
