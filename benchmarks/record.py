"""Prints what the table's record costs (a benchmark, not a test): `make benchmark`.

1. A count change's server CPU with the record (this tree) beside the same code before the
   record (``--before``, a git commit: 02c735b, the last without it), in one run, in turns: each
   side enters final boards through the WSGI test client as benchmarks/web.py does, in a
   process of its own (the other tree on its ``PYTHONPATH``). Goal: at most 0.2 ms more.
2. The history page of a table with 2,000 entries (``GET /t/<id>/history``): goal under 50 ms.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "02c735b"  # the last commit without the record
ROUNDS = 3  # in turns: before, with, before, with...
HISTORY_ENTRIES = 2000


def entry_cpu_in(tree: Path) -> list[float]:
    """Median-ready CPU times (ms) of count changes entering final boards, measured by
    benchmarks/web.py's own function in a fresh process of ``tree``'s code."""
    code = (
        "import tempfile, json; from pathlib import Path;"
        "import web; d = tempfile.mkdtemp(); c = web.shipped_client(Path(d) / 'b.sqlite');"
        "_t, cpu = web.board_entry_changes(c); print(json.dumps(cpu))"
    )
    # This tree's benchmarks/web.py on both sides (its taps carry ids, as the pad's do), the app of ``tree``.
    environment = {**os.environ, "PYTHONPATH": f"{tree}:{ROOT / 'benchmarks'}"}
    done = subprocess.run([sys.executable, "-c", code], cwd=tempfile.gettempdir(), env=environment, capture_output=True, text=True, check=True)
    return [1000 * seconds for seconds in json.loads(done.stdout.strip().splitlines()[-1])]


def export(ref: str, folder: Path) -> Path:
    """The tree of commit ``ref`` (git archive), with its catalogs compiled."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    for po in folder.glob("assistant/translations/*/LC_MESSAGES/messages.po"):
        subprocess.run([sys.executable, "-m", "babel.messages.frontend", "compile", "-i", str(po), "-o", str(po.with_suffix(".mo"))],
                       capture_output=True, check=True)
    return folder


def history_page_ms() -> tuple[float, float]:
    """Median and worst time of the history page of a table with 2,000 entries (in-process)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import web

    with tempfile.TemporaryDirectory() as folder:
        client = web.shipped_client(Path(folder) / "history.sqlite")
        token = web.new_table(client)
        page = client.get(f"/t/{token}/board").get_data(as_text=True)
        import re

        version = int(re.search(r'data-version="(\d+)"', page).group(1))
        for number in range(HISTORY_ENTRIES):
            answer = client.post(f"/t/{token}/change", data={"cell": "monasteries.Aragon.red", "value": str(number % 5), "base": version,
                                                             "screen": "board", "tap": f"history-tap-{number:06}"}, headers=web.HTMX)
            assert answer.status_code == 200, answer.status_code
            version += 1
        times = []
        for _ in range(30):
            start = time.perf_counter()
            assert client.get(f"/t/{token}/history").status_code == 200
            times.append(1000 * (time.perf_counter() - start))
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help="the commit to compare with (default: %(default)s)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        before_tree = export(options.before, Path(folder))
        before, now = [], []
        for _round in range(ROUNDS):
            before += entry_cpu_in(before_tree)
            now += entry_cpu_in(ROOT)
    b, n = statistics.median(before), statistics.median(now)
    print(f"count change, server CPU, median of {len(now)} taps entering final boards, in turns:")
    print(f"  before the record ({options.before}): {b:.2f} ms; with the record: {n:.2f} ms; {n - b:+.2f} ms (goal: at most +0.20 ms)")
    median, worst = history_page_ms()
    print(f"history page of a table with {HISTORY_ENTRIES} entries: median {median:.1f} ms, worst {worst:.1f} ms of 30 (goal: under 50 ms)")


if __name__ == "__main__":
    main()
