"""Draws the home-screen icons (static/icons/*.png) from static/favicon.svg's crown with Debian's
Chromium: 192 and 512 px as the favicon is, and a maskable 512 px (full-bleed background, the crown
inside the middle 60%, which every phone's mask keeps). Run once after changing the favicon:
    .venv/bin/python tools/icons.py"""
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "static"
CROWN = '<path d="M5 24 L7 10 L12 17 L16 7 L20 17 L25 10 L27 24 Z" fill="#e8b64a"/>'
ANY = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#121417"/>{CROWN}</svg>'
MASKABLE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#121417"/>'
    f'<g transform="translate(6.4 6.4) scale(0.6)">{CROWN}</g></svg>'
)
ICONS = {"icon-192.png": (ANY, 192), "icon-512.png": (ANY, 512), "maskable-512.png": (MASKABLE, 512)}


def main() -> None:
    (STATIC / "icons").mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, (svg, size) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<html><body style="margin:0;background:transparent">{svg.replace("<svg ", f"<svg width={size} height={size} ")}</body></html>')
            page.screenshot(path=str(STATIC / "icons" / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
