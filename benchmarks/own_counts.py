"""Everyone counts their own pieces: the wall time of five phones entering a whole 5-player final
board at once, each through its own link (`/t/<token>/board?player=<colour>`), beside one phone
entering the same board alone through the table's own link (a measurement, not a test):
`make benchmark-own-counts`, or `python benchmarks/own_counts.py [--pace SECONDS ...]`.

In Chromium (Playwright's async API: the five phones tap at the same time, each as fast as its
pad moves on, every count tapped, 0s included), against `python -m assistant serve` as shipped on
loopback, never two taps of one phone closer than 150 ms (a finger). The time runs from the first tap to the moment the table holds every count (each phone
has no tap left that the table has not taken), checked cell by cell afterwards.

At a real table most of the time is spent counting wooden pieces, not tapping: ``--pace`` adds
that time before each tap (seconds per count; default 0 and 1). Goal (issue 33): the five phones
take at most 0.3x the time of one.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.seat_steps import COLORS, PLAYERS, final_board, seat_counts  # noqa: E402
from tests.browser.steps import table_over_http  # noqa: E402
from tests.served import serving  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
FINGER = 0.15  # seconds between two taps of one finger, at the quickest
TAKEN = "() => JSON.parse(localStorage.getItem('assistant.taps') || '[]').every(tap => tap.taken)"


async def tap_through(page, counts: list[tuple[str, int]], pace: float) -> None:
    """Tap each count's number once the pad is on its cell (the pad moves on by itself)."""
    from playwright.async_api import expect

    on = page.locator('#pad form[data-taps] input[name="cell"]')
    last = -1.0
    for cell, value in counts:
        # Counting the pieces; and never two taps closer than a finger makes them (static/app.js
        # takes the same number again within 120 ms for a bounce).
        await asyncio.sleep(max(pace, FINGER - (time.perf_counter() - last)))
        await expect(on).to_have_value(cell, timeout=20_000)
        await page.locator(f'#pad button[name="value"][value="{value}"]').click()
        last = time.perf_counter()
    await page.wait_for_function(TAKEN, timeout=60_000)


async def board_shown(page, token: str, board: dict[str, int]) -> None:
    """Every count as the table holds it (a fresh page), or AssertionError."""
    await page.goto(f"/t/{token}/board")
    shown = await page.locator("a.cell[data-cell]").evaluate_all("links => links.map(a => [a.dataset.cell, a.textContent.trim()])")
    wrong = {cell: value for cell, value in shown if str(board[cell]) != value}
    assert not wrong and len(shown) == len(board), wrong


async def five_phones(browser, url: str, board: dict[str, int], pace: float) -> float:
    token, _watch = table_over_http(url, PLAYERS)
    contexts = [await browser.new_context(viewport=PHONE, base_url=url) for _ in COLORS]
    pages = [await context.new_page() for context in contexts]
    for page, color in zip(pages, COLORS):
        await page.goto(f"/t/{token}/board?player={color}")  # the pad opens on the seat's first count
    started = time.perf_counter()
    await asyncio.gather(*(tap_through(page, seat_counts(board, color), pace) for page, color in zip(pages, COLORS)))
    took = time.perf_counter() - started
    await board_shown(pages[0], token, board)
    for context in contexts:
        await context.close()
    return took


async def one_phone(browser, url: str, board: dict[str, int], pace: float) -> float:
    token, _watch = table_over_http(url, PLAYERS)
    context = await browser.new_context(viewport=PHONE, base_url=url)
    page = await context.new_page()
    await page.goto(f"/t/{token}/board")
    started = time.perf_counter()
    first = next(iter(board))
    await page.locator(f"#cell-{first.replace('.', '-')}").click()  # the table's own link: tap the first cell
    await tap_through(page, list(board.items()), pace)
    took = time.perf_counter() - started
    await board_shown(page, token, board)
    await context.close()
    return took


async def measure(paces: list[float]) -> None:
    from playwright.async_api import async_playwright

    board = final_board()
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder)) as url:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            print(f"a whole 5-player final board ({len(board)} counts, {sum(1 for v in board.values() if v)} not 0), Chromium on loopback:")
            for pace in paces:
                alone = await one_phone(browser, url, board, pace)
                together = await five_phones(browser, url, board, pace)
                print(
                    f"  {pace:.1f} s counting per count: one phone alone {alone:6.1f} s, "
                    f"five phones each its own counts {together:6.1f} s  ({together / alone:.2f}x; goal ≤ 0.3x)"
                )
            await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pace", type=float, nargs="+", default=[0.0, 1.0], help="seconds spent counting before each tap")
    asyncio.run(measure(parser.parse_args().pace))


if __name__ == "__main__":
    main()
