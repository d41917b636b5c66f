"""What scoring on the phone with no connection costs (issue 48; a benchmark, not a test): the
bytes a phone downloads once, and Pyodide in Chromium with the CPU throttled 4x (a mid-range
phone: CDP's Emulation.setCPUThrottlingRate) from nothing to a first scoring, then per scoring,
and the WebAssembly memory it holds; and from the scoring's tap to its result when the scorer
started warming at the drop of the connection, some seconds before the tap (the app's warming).

The files are served by a plain local HTTP server from a folder laid out as the phone would get
them (static/vendor/pyodide, the core's zip from assistant/core_archive.py) with the harness in
benchmarks/pyodide_harness/, under the policy the app gives its scoring worker (the pages' policy
plus 'wasm-unsafe-eval', which Pyodide needs: serving/security.py). Run twice each: in a
module Web Worker (as the phone would) and on the page's own thread, where the throttling
certainly applies (Chromium throttles a page's threads; whether a worker's too is what the two
runs show).

    .venv/bin/python benchmarks/offline_scoring.py

Goals (issue 48): at most 8 MB compressed, downloaded once; a first scoring within 10 s, then
within 1 s per scoring.
"""
from __future__ import annotations

import functools
import http.server
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.core_archive import core_zip  # noqa: E402
from assistant.web.serving import compression  # noqa: E402
from assistant.web.serving.security import WORKER_CONTENT_SECURITY_POLICY  # noqa: E402
from assistant.web.views.offline import PYODIDE_FILES  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

VENDOR = ROOT / "static" / "vendor" / "pyodide"
HARNESS = Path(__file__).with_name("pyodide_harness")
README_POSITION = (ROOT / "tests" / "i18n" / "read_aloud" / "kardinal-shared-win.json").read_text(encoding="utf-8")
# Files already packed inside (zip, wheels) travel as they are; the rest gzip well.
PACKED = {".zip", ".whl"}
SCORINGS = 10
# The time between the drop (the scorer starts warming) and the scoring's tap: at once, a few
# seconds (a count or two entered), longer (the game's end).
WARMED_GAPS_MS = (0, 5_000, 15_000)
# The app's policy for static/score-worker.js: the pages' own plus what compiling WebAssembly needs
# (without it Chromium refuses Pyodide's .wasm); nothing else: no 'unsafe-eval'.
WASM_POLICY = WORKER_CONTENT_SECURITY_POLICY


def download_sizes(folder: Path) -> list[tuple[str, int, int]]:
    """Each file the phone fetches once (views/offline.py's list: not the whole standard library,
    which stays vendored as the source of the cut one): its size, and compressed as the app sends
    it unless already packed."""
    sizes = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.parent.name == "pyodide" and (path.name in PYODIDE_FILES or path.suffix == ".whl") or path.name == "core.zip":
            data = path.read_bytes()
            packed = len(data) if path.suffix in PACKED else len(compression.packed(data))
            sizes.append((path.relative_to(folder).as_posix(), len(data), packed))
    return sizes


class Files(http.server.SimpleHTTPRequestHandler):
    """The folder's files, with the types a browser wants for modules and WebAssembly, cacheable
    as the service worker's cache would keep them; no log."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=3600")
        self.send_header("Content-Security-Policy", WASM_POLICY)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(folder: Path) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Files, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def throttled_harness(context, url: str, where: str, rate: int):
    """The harness's page with the CPU slowed ``rate`` times, once it is ready."""
    page = context.new_page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(f"{url}/index.html?where={where}")
    expect(page).to_have_title("ready", timeout=60_000)
    return page


def one_run(context, url: str, where: str, rate: int, wheels: list[str]) -> dict:
    page = throttled_harness(context, url, where, rate)
    figures = page.evaluate(
        """async ([wheels, position, scorings]) => {
            const began = performance.now();
            const start = await score({start: wheels});
            const first = await score({position, language: "de"});
            const firstMs = performance.now() - began;
            const next = [];
            for (let i = 0; i < scorings; i++) next.push((await score({position, language: i % 2 ? "de" : "en"})).ms);
            return {...start, first_ms: firstMs, next_ms: next, wasm_bytes: first.wasm_bytes, report: first.report};
        }""",
        [wheels, README_POSITION, SCORINGS],
    )
    page.close()
    return figures


def warmed_run(context, url: str, rate: int, wheels: list[str], gap_ms: int) -> dict:
    """The app's warming (static/offline-scoring.js): the worker starts when the connection drops, and
    the scoring's tap comes ``gap_ms`` later; timed from the tap to the result."""
    page = throttled_harness(context, url, "worker", rate)
    figures = page.evaluate(
        """async ([wheels, position, gap]) => {
            const warming = score({start: wheels});  // the drop
            await new Promise((resolve) => setTimeout(resolve, gap));
            const tapped = performance.now();
            const start = await warming;
            const first = await score({position, language: "de"});
            return {...start, tap_ms: performance.now() - tapped, report: first.report};
        }""",
        [wheels, README_POSITION, gap_ms],
    )
    page.close()
    return figures


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        shutil.copytree(HARNESS, folder, dirs_exist_ok=True)
        shutil.copytree(VENDOR, folder / "pyodide")
        (folder / "core.zip").write_bytes(core_zip())
        sizes = download_sizes(folder)
        print("Downloaded once (bytes; compressed as the app sends them, zip and wheels as they are):")
        for file, size, packed in sizes:
            print(f"  {file:70} {size:>10,} {packed:>10,}")
        total = sum(packed for _, _, packed in sizes)
        print(f"  {'total':70} {sum(s for _, s, _ in sizes):>10,} {total:>10,}  (goal: at most 8 MB = 8,388,608)")
        wheels = sorted(p.name for p in VENDOR.glob("*.whl"))
        server = serve(folder)
        url = f"http://127.0.0.1:{server.server_address[1]}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=PHONE)
            # The second worker run finds the files in the browser's cache, as a phone that kept
            # them would (V8 keeps the compiled WebAssembly with a cached response).
            for where, rate, visit in (("worker", 4, "first"), ("worker", 4, "again"), ("page", 4, "again"), ("worker", 1, "again")):
                run = one_run(context, url, where, rate, wheels)
                assert "Andreas" in run["report"] or "steps" in run["report"], run["report"][:200]
                print(
                    f"Chromium, {where}, CPU x{rate}, {visit} visit: first scoring {run['first_ms'] / 1000:.1f} s (Pyodide {run['pyodide_ms'] / 1000:.1f} s, "
                    f"wheels {run['wheels_ms'] / 1000:.1f} s, core {run['import_ms'] / 1000:.1f} s; goal 10 s), then "
                    f"{statistics.median(run['next_ms']):.0f} ms per scoring (median of {SCORINGS}, max {max(run['next_ms']):.0f}; goal 1 s), "
                    f"WebAssembly memory {run['wasm_bytes'] / 2**20:.0f} MB"
                )
            # Warmed: the scorer started at the drop (a new context: the files come from the
            # network, as the first time a phone meets no connection after opting in).
            for gap_ms in WARMED_GAPS_MS:
                cold = browser.new_context(viewport=PHONE)
                run = warmed_run(cold, url, 4, wheels, gap_ms)
                cold.close()
                assert "steps" in run["report"], run["report"][:200]
                print(f"Chromium, worker, CPU x4, warmed: tap {gap_ms / 1000:.0f} s after the drop, tap to result {run['tap_ms'] / 1000:.2f} s "
                      f"(the start: Pyodide {run['pyodide_ms'] / 1000:.1f} s, wheels {run['wheels_ms'] / 1000:.1f} s, core {run['import_ms'] / 1000:.1f} s)")
            context.close()
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
