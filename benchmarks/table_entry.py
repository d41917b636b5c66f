"""Prints the figures of entry at a real table (a measurement, not a test): `make benchmark`.

1. Taps per count for a full 5-player final board entered from scratch, on the number pad as it
   was (0–8, then reopen and + for more) and as it is (every count 0–20 in one tap): the person
   walks the board in the pad's entry order, taps a cell when the pad is not on it, a number
   for each count that is not 0, and Done at the end. Boards are drawn at random (seeded) as a
   final board looks: each player 15–20 monasteries and 4–8 advisors, cloister fields and the
   advisor cap respected.
2. In Chromium (Playwright, loopback, `python -m assistant serve` as shipped), on a live table:
   tap→painted (the click's time stamp to the first frame after it, which shows the new
   count; target ≤ 16 ms), tap→confirmed (to the moment the server's answer took away the
   cell's "pending" mark; target p90 ≤ 100 ms), and how long another phone, which polls, takes
   to show the change.
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant.games.kardinal.board import ADVISORS_PER_PLAYER, MONASTERIES_PER_PLAYER, published_board

COLORS = ["red", "green", "blue", "yellow", "black"]
BOARDS = 300
TAPS = 40
OTHER_PHONE_CHANGES = 8
OLD_PAD_TOP = 8


def random_final_board(rng: random.Random, colors: tuple[str, ...] | list[str] = COLORS) -> dict[str, int]:
    """Every count of a final board of ``colors`` (cell: count), as section 1 above draws it."""
    board = published_board()
    keys = board.country_keys
    monasteries: dict[str, dict[str, int]] = {key: {} for key in keys}
    for color in colors:
        for _ in range(rng.randint(15, MONASTERIES_PER_PLAYER)):
            for _attempt in range(20):
                key = rng.choice(keys)
                fields = board.country(key).fields
                if fields is None or sum(monasteries[key].values()) < fields:
                    monasteries[key][color] = monasteries[key].get(color, 0) + 1
                    break
    advisors: dict[str, dict[str, int]] = {key: {} for key in keys}
    for color in colors:
        for _ in range(rng.randint(4, ADVISORS_PER_PLAYER)):
            key = rng.choice(keys)
            cap = max(monasteries[key].values(), default=0)
            if sum(advisors[key].values()) < cap:
                advisors[key][color] = advisors[key].get(color, 0) + 1
    counts = {}
    for key in keys:
        for pieces, table in (("monasteries", monasteries), ("advisors", advisors)):
            for color in colors:
                counts[f"{pieces}.{key}.{color}"] = table[key].get(color, 0)
    return counts


def taps_to_enter(counts: dict[str, int], top: int) -> int:
    """Taps for the whole board on a pad whose numbers go up to ``top`` (the pad moves on after
    a number, stays after + ); ``counts`` is in the entry order."""
    order = list(counts)
    pad_on: str | None = None
    taps = 0
    for index, cell in enumerate(order):
        value = counts[cell]
        if not value:
            continue
        if pad_on != cell:
            taps += 1  # tap the cell
        following = order[index + 1] if index + 1 < len(order) else None
        if value <= top:
            taps += 1
            pad_on = following
        else:
            taps += 1 + 1 + (value - top)  # the top number, reopen the cell, + for the rest
            pad_on = cell
    return taps + 1  # Done


def taps_per_count() -> None:
    rng = random.Random(11)
    boards = [random_final_board(rng) for _ in range(BOARDS)]
    entered = sum(1 for counts in boards for value in counts.values() if value)
    before = sum(taps_to_enter(counts, OLD_PAD_TOP) for counts in boards)
    after = sum(taps_to_enter(counts, MONASTERIES_PER_PLAYER) for counts in boards)
    print(f"taps per count, {BOARDS} random full 5-player final boards from scratch ({entered / BOARDS:.0f} counts each):")
    print(f"  pad 0–{OLD_PAD_TOP} then +: {before / entered:.2f}    pad 0–{MONASTERIES_PER_PLAYER}: {after / entered:.2f}")
    heavy = {cell: 0 for cell in boards[0]} | {"monasteries.Italien.red": 20}
    print(
        f"  20 monasteries in one country: {taps_to_enter(heavy, OLD_PAD_TOP) - 1} taps then, "
        f"{taps_to_enter(heavy, MONASTERIES_PER_PLAYER) - 1} now (the cell, the number)"
    )


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds_or_ms: float) -> str:
    return f"{seconds_or_ms:.1f} ms"


# Measured in the page: the click's time stamp, the first frame after it (with the count shown
# by then), and the moment the cell's "pending" mark goes (the server's answer is in).
PROBE = """
window.__taps = [];
window.addEventListener("click", (event) => {
  const form = document.querySelector("#pad form[data-taps]");
  const button = event.target.closest && event.target.closest("#pad button[name=value]");
  if (!form || !button) { return; }
  const cell = document.querySelector('a.cell[data-cell="' + form.elements.cell.value + '"]');
  const tap = {start: event.timeStamp, value: button.value, cell: cell.dataset.cell};
  window.__taps.push(tap);
  requestAnimationFrame(() => { tap.painted = performance.now(); tap.shown = cell.textContent.trim(); });
  const seen = setInterval(() => {
    const now = document.querySelector('a.cell[data-cell="' + tap.cell + '"]');
    if (now && !now.classList.contains("pending") && tap.painted) { tap.confirmed = performance.now(); clearInterval(seen); }
  }, 1);
}, true);
"""


def browser_figures() -> None:
    from playwright.sync_api import sync_playwright

    from tests.served import serving

    with tempfile.TemporaryDirectory() as folder, serving(Path(folder)) as url:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            phone = chromium.new_context(viewport={"width": 390, "height": 844}, base_url=url).new_page()
            token = start_table(phone)
            phone.add_init_script(PROBE)
            phone.goto(f"/t/{token}/board")
            tap_times(phone)
            other = chromium.new_context(viewport={"width": 390, "height": 844}, base_url=url).new_page()
            other.goto(f"/t/{token}/board")
            other_phone_delay(phone, other)
            chromium.close()


def start_table(page) -> str:
    page.goto("/new/kardinal-und-koenig")
    for index, color in enumerate(COLORS):
        if index >= 3:
            page.get_by_role("button", name="Add a player").click()
        page.locator(f'input[name="players-{index}-name"]').fill(f"Player {index + 1}")
        page.locator(f'select[name="players-{index}-color"]').select_option(color)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/board")
    return page.url.split("/t/")[1].split("/")[0]


def tap_times(page) -> None:
    page.locator("#cell-monasteries-England-red").click()
    page.locator("#pad form[data-taps]").wait_for()
    for index in range(TAPS):
        page.locator(f'#pad button[name="value"][value="{1 + index % 5}"]').click()
        page.wait_for_function("() => window.__taps.length && window.__taps[window.__taps.length - 1].confirmed")
        if not page.locator("#pad").count():
            page.locator("#cell-monasteries-England-red").click()
    taps = page.evaluate("window.__taps")
    assert all(tap["shown"] == tap["value"] for tap in taps), "a frame came before the tapped count was shown"
    painted = [tap["painted"] - tap["start"] for tap in taps]
    confirmed = [tap["confirmed"] - tap["start"] for tap in taps]
    print(f"in Chromium on loopback, {len(taps)} taps on the number pad:")
    print(f"  tap→painted  median {ms(statistics.median(painted))}  p90 {ms(quantile(painted, 0.9))}  max {ms(max(painted))} (target ≤ 16 ms)")
    print(f"  tap→confirmed median {ms(statistics.median(confirmed))}  p90 {ms(quantile(confirmed, 0.9))}  max {ms(max(confirmed))} (target p90 ≤ 100 ms)")


def other_phone_delay(phone, other) -> None:
    delays = []
    phone.locator("#pad").get_by_role("link", name="Done").click() if phone.locator("#pad").count() else None
    for index in range(OTHER_PHONE_CHANGES):
        name = f"monasteries.Burgund.{COLORS[index % len(COLORS)]}"
        phone.locator(f"#cell-{name.replace('.', '-')}").click()
        phone.locator(f'#pad input[name="cell"][value="{name}"]').wait_for(state="attached")
        value = str(2 + index % 3 + (index // 5) * 3)
        started = time.perf_counter()
        phone.locator(f'#pad button[name="value"][value="{value}"]').click()
        other.locator(f"#cell-{name.replace('.', '-')}", has_text=value).wait_for(timeout=10_000)
        delays.append((time.perf_counter() - started) * 1000)
        time.sleep(0.3 * (index % 4))  # taps fall at different moments of the other phone's poll
    print(f"another phone (polling every 2 s) shows a change, {len(delays)} changes:")
    print(f"  median {statistics.median(delays) / 1000:.2f} s  min {min(delays) / 1000:.2f} s  max {max(delays) / 1000:.2f} s")


def main() -> None:
    taps_per_count()
    if "--no-browser" not in sys.argv:
        browser_figures()


if __name__ == "__main__":
    main()
