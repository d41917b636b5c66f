"""The standard library a phone is given to score with no connection (issue 48): Pyodide's vendored
python_stdlib.zip cut to the files listed in tools/pyodide-stdlib.txt, written reproducibly (the
same order, the same times, the same bytes every run) beside it as python_stdlib.scoring.zip.

    python3 tools/trim_stdlib.py            (part of `make vendor`; then SHA256SUMS is made anew)

The vendored zip is checked against its line in static/vendor/SHA256SUMS first, so the cut is
always of the file npm's checksummed tarball gave. The list holds what Pyodide's start, loading
the wheels and the scoring core import (tests/pyodide/score_batch.mjs with USED_STDLIB_TO set, over
the differential test's positions), plus whole packages of what they import lazily on a rarer
path; tests/pyodide/test_same_report.py scores every golden and random position on the cut zip.
"""
from __future__ import annotations

import hashlib
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "static" / "vendor"
FULL = VENDOR / "pyodide" / "python_stdlib.zip"
TRIMMED = VENDOR / "pyodide" / "python_stdlib.scoring.zip"
LIST = ROOT / "tools" / "pyodide-stdlib.txt"
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def listed_sum(name: str) -> str:
    for line in (VENDOR / "SHA256SUMS").read_text().splitlines():
        digest, path = line.split(maxsplit=1)
        if path == name:
            return digest
    raise SystemExit(f"{name} has no line in static/vendor/SHA256SUMS")


def kept_names() -> list[str]:
    lines = [line.split("#", 1)[0].strip() for line in LIST.read_text(encoding="utf-8").splitlines()]
    return sorted({line for line in lines if line})


def trim(full: Path = FULL, target: Path = TRIMMED) -> int:
    """Writes the cut zip; returns its size in bytes."""
    if hashlib.sha256(full.read_bytes()).hexdigest() != listed_sum("pyodide/python_stdlib.zip"):
        raise SystemExit(f"{full} is not the vendored file (its sha256 differs from SHA256SUMS): run `make vendor`")
    with zipfile.ZipFile(full) as source:
        present = set(source.namelist())
        missing = [name for name in kept_names() if name not in present]
        if missing:
            raise SystemExit(f"not in {full.name}: {', '.join(missing)}")
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for name in kept_names():
                info = zipfile.ZipInfo(name, FIXED_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                out.writestr(info, source.read(name))
    return target.stat().st_size


if __name__ == "__main__":
    size = trim()
    print(f"{TRIMMED.relative_to(ROOT)}: {len(kept_names())} files, {size:,} bytes (of {FULL.stat().st_size:,})", file=sys.stderr)
