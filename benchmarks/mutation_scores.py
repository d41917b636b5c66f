"""Prints the mutation score per file after ``mutmut run`` (``make mutation``, docs/mutation.md):
killed / mutants, then the mutants still alive by name, for ``mutmut show NAME``."""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code


def main(mutants: Path = Path("mutants")) -> int:
    metas = sorted(mutants.rglob("*.py.meta"))
    if not metas:
        print("no mutmut results: run `make mutation` first")
        return 1
    alive: list[str] = []
    print(f"{'file':45} {'killed':>7} {'of':>5} {'score':>6}  other")
    for meta in metas:
        results = json.loads(meta.read_text())["exit_code_by_key"]
        status = {name: status_by_exit_code[code] for name, code in results.items()}
        counts = Counter(status.values())
        killed = counts.pop("killed", 0)
        if not results:
            continue
        others = ", ".join(f"{n} {what}" for what, n in sorted(counts.items()))
        name = str(meta.relative_to(mutants))[: -len(".meta")]
        print(f"{name:45} {killed:7} {len(results):5} {killed / len(results):6.0%}  {others}")
        alive += [f"{mutant} ({what})" for mutant, what in status.items() if what != "killed"]
    if alive:
        print("\nnot killed (docs/mutation.md lists the ones that cannot change behaviour):")
        print("\n".join(f"  {line}" for line in sorted(alive)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
