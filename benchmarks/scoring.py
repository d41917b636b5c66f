"""Prints how long the scoring core takes (a benchmark, not a test): `make benchmark`.

Targets (issue 2): a full final scoring of a 5-player board with 100 monasteries and 40
advisors under 1 ms (median) without chains; the worst chain case for one player under 50 ms.
"""
from __future__ import annotations

import random
import statistics
import time

from assistant.games.kardinal import GAME
from assistant.games.kardinal.board import published_board
from assistant.games.kardinal.chains import DISJOINT, LONGEST_PER_GROUP, TooComplex, cover

COLORS = ["red", "green", "blue", "yellow", "purple"]


def full_board() -> dict:
    """Every piece on the board: 5 x 20 monasteries and 5 x 8 advisors, within every limit."""
    board = published_board()
    rng = random.Random(7)
    left = {c: 20 for c in COLORS}
    monasteries: dict[str, dict[str, int]] = {k: {} for k in board.country_keys}
    room = {k: board.country(k).fields or 16 for k in board.country_keys}
    while any(left.values()):
        color = rng.choice([c for c in COLORS if left[c]])
        country = rng.choice([k for k in board.country_keys if room[k]])
        monasteries[country][color] = monasteries[country].get(color, 0) + 1
        left[color] -= 1
        room[country] -= 1
    advisors: dict[str, dict[str, int]] = {k: {} for k in board.country_keys}
    for color in COLORS:
        for _ in range(8):
            country = rng.choice(board.country_keys)
            advisors[country][color] = advisors[country].get(color, 0) + 1
    return {
        "scoring": "final",
        "players": [{"color": c, "name": c.title()} for c in COLORS],
        "monasteries": monasteries,
        "advisors": advisors,
        "previous": {c: rng.randint(20, 60) for c in COLORS},
    }


def grid(rows: int, cols: int) -> list[tuple[str, str]]:
    right = [(f"{r}.{c}", f"{r}.{c + 1}") for r in range(rows) for c in range(cols - 1)]
    down = [(f"{r}.{c}", f"{r + 1}.{c}") for r in range(rows - 1) for c in range(cols)]
    return right + down


def _refusal(action):
    def until_refused():
        try:
            action()
        except TooComplex:
            pass

    return until_refused


def median_ms(action, repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def chain_cases() -> dict[str, list[tuple[str, str]]]:
    comb = [(f"s{i}", f"s{i + 1}") for i in range(6)] + [(f"s{i}", f"t{i}") for i in range(7)] + [(f"t{i}", f"u{i}") for i in range(6)]
    rng = random.Random(5)
    sparse = [(str(a), str(b)) for a in range(20) for b in range(a + 1, 20) if rng.random() < 0.2]
    return {
        "4x5 grid of roads (20 monasteries, 31 roads)": grid(4, 5),
        "comb: spine of 7 with 2-long teeth (20, 19 roads)": comb,
        "random graph, 20 monasteries, p=0.2": sparse,
        "K(3,17): every monastery of 3 joined to 17 others": [(f"a{a}", f"b{b}") for a in range(3) for b in range(17)],
        "K(5,15): every monastery of 5 joined to 15 others": [(f"a{a}", f"b{b}") for a in range(5) for b in range(15)],
    }


def triangulated_grid(rows: int, cols: int) -> list[tuple[str, str]]:
    """A grid with one diagonal per cell: planar, like roads on a board, up to 6 roads a monastery."""
    diagonals = [(f"{r}.{c}", f"{r + 1}.{c + 1}") for r in range(rows - 1) for c in range(cols - 1)]
    return grid(rows, cols) + diagonals


def random_planar_graphs(count: int) -> list[list[tuple[str, str]]]:
    """Random road graphs of up to 20 monasteries taken from triangulated grids (seeded)."""
    rng = random.Random(3)
    graphs = []
    for index in range(count):
        full = triangulated_grid(*[(4, 5), (5, 4), (2, 10), (3, 7)][index % 4])
        keep = rng.uniform(0.35, 1.0)
        roads = [road for road in full if rng.random() < keep]
        nodes = sorted({m for road in roads for m in road})
        if len(nodes) > 20:
            dropped = set(rng.sample(nodes, len(nodes) - 20))
            roads = [road for road in roads if not dropped & set(road)]
        graphs.append(roads)
    return graphs


def planar_search() -> None:
    """Looks for the slowest planar graph, then times it properly."""
    timed = []
    for roads in random_planar_graphs(400):
        for rule in (DISJOINT, LONGEST_PER_GROUP):
            start = time.perf_counter()
            cover(roads, rule)
            timed.append(((time.perf_counter() - start) * 1000, rule, roads))
    timed.sort(key=lambda item: item[0])
    print(f"  400 random planar graphs (subgraphs of triangulated grids), each rule: median {statistics.median(t for t, _, _ in timed):.3f} ms")
    for rule in (DISJOINT, LONGEST_PER_GROUP):
        _, _, roads = max((t for t in timed if t[1] == rule), key=lambda item: item[0])
        monasteries = len({m for road in roads for m in road})
        print(
            f"  slowest of them for {rule!r} ({monasteries} monasteries, {len(roads)} roads):"
            f" median {median_ms(lambda roads=roads, rule=rule: cover(roads, rule), 20):.3f} ms"
        )


def main() -> None:
    data = full_board()
    GAME.score(data)  # warm caches (board file, aliases)
    print(f"full final scoring, 5 players, 100 monasteries, 40 advisors, no chains: median {median_ms(lambda: GAME.score(data), 300):.3f} ms (target < 1 ms)")
    grid_data = dict(data, chains={"red": {"roads": grid(4, 5)}})
    print(f"same board with red's 4x5 grid of roads as chains:                     median {median_ms(lambda: GAME.score(grid_data), 100):.3f} ms")
    print("chain search alone, one player (both rules, as a scoring computes them):")
    for name, roads in chain_cases().items():
        def both(roads=roads):
            cover(roads, DISJOINT)
            cover(roads, LONGEST_PER_GROUP)
        repeat = 5 if len(roads) > 40 else 50
        try:
            both()
            outcome = f"-> {cover(roads).points} points"
        except TooComplex:
            outcome = "-> refused: too many ways to split (work limit), a clear error for the table"
            both = _refusal(both)
        print(f"  {name:55} median {median_ms(both, repeat):9.3f} ms {outcome}")
    planar_search()
    print("target for the worst chain case: < 50 ms (non-planar graphs cannot occur on the board; see README)")


if __name__ == "__main__":
    main()
