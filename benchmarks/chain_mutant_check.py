"""Compares a change to the chain search with the search as it is, on random road graphs (a
check, not a test): how docs/mutation.md backs the survivors it could not show equivalent by
argument alone.

Run: .venv/bin/python benchmarks/chain_mutant_check.py 'OLD TEXT' 'NEW TEXT' [GRAPHS]
OLD TEXT must occur exactly once in assistant/games/kardinal/chains.py; the changed copy is
loaded beside the real module, both score every graph under both chain rules, and every graph
whose points differ is counted (the first two printed).
"""
from __future__ import annotations

import random
import sys
import types
from collections.abc import Iterator

from assistant.games.kardinal import chains
from assistant.games.work import WorkBudget

ENOUGH = 10**7  # work units: no graph here comes near it, so the budget never decides


def changed_search(old: str, new: str) -> types.ModuleType:
    with open(chains.__file__, encoding="utf-8") as file:
        source = file.read()
    if source.count(old) != 1:
        raise SystemExit(f"the text to change occurs {source.count(old)} times in chains.py, not once")
    module = types.ModuleType("changed_chains")
    sys.modules[module.__name__] = module  # dataclasses look their module up by name
    exec(compile(source.replace(old, new), "changed_chains", "exec"), module.__dict__)
    return module


def graphs(count: int, seed: int = 1) -> Iterator[list[tuple[str, str]]]:
    """Half random graphs of 4 to 12 monasteries, half trees with hubs of many dead ends."""
    rnd = random.Random(seed)
    for _ in range(count):
        size = rnd.randint(4, 12)
        names = [f"m{i}" for i in range(size)]
        if rnd.random() < 0.5:
            chance = rnd.choice([0.15, 0.2, 0.25, 0.3, 0.4])
            yield [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if rnd.random() < chance]
        else:
            tree = [(names[i], names[min(rnd.randrange(i), rnd.randrange(i))]) for i in range(1, size)]
            extra = [(rnd.choice(names), rnd.choice(names)) for _ in range(rnd.randint(0, 2))]
            yield tree + [(a, b) for a, b in extra if a != b]


def main() -> int:
    old, new = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
    changed = changed_search(old, new)
    differences = 0
    for roads in graphs(count):
        for rule in chains.CHAIN_RULES:
            points = chains.cover(roads, rule, WorkBudget(ENOUGH)).points
            changed_points = changed.cover(roads, rule, changed.WorkBudget(ENOUGH)).points
            if points != changed_points:
                differences += 1
                if differences <= 2:
                    print(f"{rule}: {points} as it is, {changed_points} changed: {roads}")
    print(f"{differences} differences in {count} graphs under both rules")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
