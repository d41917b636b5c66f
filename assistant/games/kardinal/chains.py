"""Monastery chains (final scoring only).

One player's monasteries and the roads between them form a graph. A chain is a line (a
simple path) of at least four monasteries, with one beginning and one end; a monastery
counts in one chain at most and scores one point.

Default rule ("disjoint"): a player scores the largest number of monasteries that lines of
four or more, sharing no monastery, can cover; so a side branch of four or more is a chain
of its own. House rule ("longest-per-group"): only the longest line of each connected group
of monasteries counts.

Both are searches over at most 20 monasteries. Nodes are bits of an int; the search splits
the graph into connected groups, answers paths and rings directly, tries a Hamiltonian line
first, and otherwise branches on the monastery with the fewest roads, pruned by upper bounds.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

MIN_CHAIN = 4
DISJOINT = "disjoint"
LONGEST_PER_GROUP = "longest-per-group"
CHAIN_RULES = (DISJOINT, LONGEST_PER_GROUP)
# Roads on the board never cross, and such (planar) graphs of 20 monasteries settle within
# about 25,000 steps; this limit (about a second) only stops
# an absurd graph (every monastery joined to every other) from keeping a request busy.
WORK_LIMIT = 250_000


class TooComplex(ValueError):
    """The road graph has too many ways to be split into lines to check them all."""


@dataclass(frozen=True)
class Group:
    """One connected group of a player's monasteries and the lines that score in it."""

    monasteries: tuple[str, ...]
    lines: tuple[tuple[str, ...], ...]

    @property
    def points(self) -> int:
        return sum(len(line) for line in self.lines)

    @property
    def left_over(self) -> tuple[str, ...]:
        used = {m for line in self.lines for m in line}
        return tuple(m for m in self.monasteries if m not in used)


@dataclass(frozen=True)
class ChainCover:
    rule: str
    groups: tuple[Group, ...]

    @property
    def points(self) -> int:
        return sum(group.points for group in self.groups)

    @property
    def lines(self) -> tuple[tuple[str, ...], ...]:
        return tuple(line for group in self.groups for line in group.lines)


def cover(roads: Sequence[tuple[str, str]], rule: str = DISJOINT) -> ChainCover:
    """The scoring lines of one player's road graph under ``rule``."""
    if rule not in CHAIN_RULES:
        raise ValueError(f"unknown chain rule {rule!r}")
    graph = _Graph(roads)
    groups = []
    for component in graph.components(graph.everything):
        if rule == DISJOINT:
            _, lines = graph.solve(component)
        else:
            longest = graph.longest_line(component)
            lines = (longest,) if len(longest) >= MIN_CHAIN else ()
        groups.append(
            Group(
                monasteries=graph.names(graph.in_order(component)),
                lines=tuple(graph.names(line) for line in lines),
            )
        )
    return ChainCover(rule=rule, groups=tuple(groups))


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Graph:
    def __init__(self, roads: Sequence[tuple[str, str]]):
        self.labels: list[str] = []
        index: dict[str, int] = {}
        for road in roads:
            for label in road:
                if label not in index:
                    index[label] = len(self.labels)
                    self.labels.append(label)
        self.adj = [0] * len(self.labels)
        for a, b in roads:
            i, j = index[a], index[b]
            if i != j:
                self.adj[i] |= 1 << j
                self.adj[j] |= 1 << i
        self.everything = (1 << len(self.labels)) - 1
        self.work = 0
        self._solved: dict[int, tuple[int, tuple[tuple[int, ...], ...]]] = {}
        self._bounds: dict[int, int] = {}
        self._component_bounds: dict[int, int] = {}

    # --- helpers -------------------------------------------------------------------------
    def names(self, nodes: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.labels[v] for v in nodes)

    def in_order(self, mask: int) -> list[int]:
        return list(_bits(mask))

    def degree(self, v: int, mask: int) -> int:
        return (self.adj[v] & mask).bit_count()

    def tick(self) -> None:
        self.work += 1
        if self.work > WORK_LIMIT:
            raise TooComplex

    def reach(self, start: int, mask: int) -> int:
        """Every node of ``mask`` connected to ``start`` (``start`` must be in ``mask``)."""
        adj = self.adj
        seen = frontier = 1 << start
        while frontier:
            grown = 0
            while frontier:
                low = frontier & -frontier
                grown |= adj[low.bit_length() - 1]
                frontier ^= low
            frontier = grown & mask & ~seen
            seen |= frontier
        return seen

    def components(self, mask: int) -> list[int]:
        found = []
        while mask:
            component = self.reach((mask & -mask).bit_length() - 1, mask)
            found.append(component)
            mask &= ~component
        return found

    def walk(self, component: int) -> tuple[int, ...]:
        """The nodes of a path or a ring, in order along its roads."""
        nodes = list(_bits(component))
        start = next((v for v in nodes if self.degree(v, component) == 1), nodes[0])
        line, seen, current = [start], 1 << start, start
        while True:
            following = self.adj[current] & component & ~seen
            if not following:
                return tuple(line)
            current = (following & -following).bit_length() - 1
            seen |= 1 << current
            line.append(current)

    # --- bounds --------------------------------------------------------------------------
    def component_bound(self, component: int) -> int:
        """An upper bound on what lines can cover in one connected group."""
        if component not in self._component_bounds:
            self._component_bounds[component] = self._component_bound(component)
        return self._component_bounds[component]

    def _component_bound(self, component: int) -> int:
        size = component.bit_count()
        if size < MIN_CHAIN:
            return 0
        if size < 2 * MIN_CHAIN:
            # Room for one line only: the exact value is the longest line, cheap at this size.
            longest = len(self.longest_line(component))
            return longest if longest >= MIN_CHAIN else 0
        # A line passes a monastery once, so of the dead ends hanging on it, two at most count.
        hubs = Counter(
            (self.adj[v] & component).bit_length() - 1
            for v in _bits(component)
            if self.degree(v, component) == 1
        )
        bound = size - sum(max(0, leaves - 2) for leaves in hubs.values())
        smaller_side = self.smaller_side(component)
        if smaller_side is not None:
            # Lines alternate sides; a line of 4+ needs 2+ nodes of the smaller side and takes
            # at most one more node of the other side than of it.
            bound = min(bound, 2 * smaller_side + smaller_side // 2)
        return bound if bound >= MIN_CHAIN else 0

    def bound(self, mask: int) -> int:
        if mask not in self._bounds:
            self._bounds[mask] = sum(self.component_bound(c) for c in self.components(mask))
        return self._bounds[mask]

    def smaller_side(self, component: int) -> int | None:
        """Size of the smaller colour class if the group is bipartite, else None."""
        start = (component & -component).bit_length() - 1
        side = {start: 0}
        queue = [start]
        while queue:
            v = queue.pop()
            for u in _bits(self.adj[v] & component):
                if u not in side:
                    side[u] = 1 - side[v]
                    queue.append(u)
                elif side[u] == side[v]:
                    return None
        ones = sum(side.values())
        return min(ones, len(side) - ones)

    # --- default rule: disjoint lines ------------------------------------------------------
    def solve(self, mask: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """Best total and the lines achieving it, within the nodes of ``mask``."""
        if mask in self._solved:
            return self._solved[mask]
        total, lines = 0, ()
        for component in self.components(mask):
            points, found = self._solve_group(component)
            total += points
            lines += found
        self._solved[mask] = (total, lines)
        return total, lines

    def _solve_group(self, group: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        size = group.bit_count()
        if size < MIN_CHAIN:
            return 0, ()
        self.tick()
        if all(self.degree(v, group) <= 2 for v in _bits(group)):
            return size, (self.walk(group),)
        ceiling = self.component_bound(group)
        if ceiling == 0:
            return 0, ()
        if ceiling == size:
            whole = self.hamiltonian_line(group)
            if whole:
                return size, (whole,)
        pivot = min(_bits(group), key=lambda v: (self.degree(v, group), v))
        best: tuple[int, tuple[tuple[int, ...], ...]] = (0, ())
        lines = self.lines_through(pivot, group)
        for line_mask in sorted(lines, key=lambda mask: -mask.bit_count()):  # longest first
            length = line_mask.bit_count()
            rest = group & ~line_mask
            if length + self.bound(rest) <= best[0]:
                continue
            points, found = self.solve(rest)
            if length + points > best[0]:
                best = (length + points, (lines[line_mask], *found))
                if best[0] >= ceiling:
                    return best
        without_pivot = group & ~(1 << pivot)
        if self.bound(without_pivot) > best[0]:
            points, lines = self.solve(without_pivot)
            if points > best[0]:
                best = (points, lines)
        return best

    def lines_through(self, v: int, group: int) -> dict[int, tuple[int, ...]]:
        """Every distinct set of 4+ nodes that a line through ``v`` can cover, with one such line.

        A line grows from ``v`` one way (the first arm), then maybe the other way (the second
        arm). What can still be added depends only on the nodes used and the end that grows,
        so each such state is expanded once.
        """
        found: dict[int, tuple[int, ...]] = {}
        expanded: set[tuple[int, int, bool]] = set()

        def grow(end: int, mask: int, line: tuple[int, ...], second_arm: bool) -> None:
            if (mask, end, second_arm) in expanded:
                return
            expanded.add((mask, end, second_arm))
            self.tick()
            if len(line) >= MIN_CHAIN:
                found.setdefault(mask, line)
            if second_arm:
                for u in _bits(self.adj[end] & group & ~mask):
                    grow(u, mask | (1 << u), (u, *line), True)
                return
            for u in _bits(self.adj[end] & group & ~mask):
                grow(u, mask | (1 << u), (*line, u), False)
            if len(line) >= 2:
                for u in _bits(self.adj[v] & group & ~mask):
                    grow(u, mask | (1 << u), (u, *line), True)

        grow(v, 1 << v, (v,), False)
        return found

    def hamiltonian_line(self, group: int) -> tuple[int, ...] | None:
        """A line through every node of the group, if a short search finds one."""
        dead_ends = [v for v in _bits(group) if self.degree(v, group) == 1]
        if len(dead_ends) > 2:
            return None
        starts = dead_ends or sorted(_bits(group), key=lambda v: self.degree(v, group))
        budget = [20_000]

        def extend(end: int, used: int, line: tuple[int, ...]) -> tuple[int, ...] | None:
            if used == group:
                return line
            left = group & ~used
            budget[0] -= 1
            if budget[0] < 0:
                return None
            options = self.adj[end] & left
            # The rest must stay reachable from the end of the line.
            if not options or self.reach(end, left | (1 << end)) != left | (1 << end):
                return None
            # Fewest onward roads first (Warnsdorff's rule) finds grid-like lines at once.
            for u in sorted(_bits(options), key=lambda u: self.degree(u, left)):
                found = extend(u, used | (1 << u), (*line, u))
                if found:
                    return found
            return None

        for start in starts:
            found = extend(start, 1 << start, (start,))
            if found:
                return found
            if budget[0] < 0:
                return None
        return None

    # --- house rule: the longest line of each group ---------------------------------------
    def longest_line(self, group: int) -> tuple[int, ...]:
        size = group.bit_count()
        if all(self.degree(v, group) <= 2 for v in _bits(group)):
            return self.walk(group)
        whole = self.hamiltonian_line(group)
        if whole:
            return whole
        best: list[tuple[int, ...]] = [()]
        expanded: set[tuple[int, int]] = set()

        def extend(end: int, used: int, line: tuple[int, ...]) -> None:
            # What can follow depends only on the nodes used and the end of the line.
            if (used, end) in expanded:
                return
            expanded.add((used, end))
            self.tick()
            if len(line) > len(best[0]):
                best[0] = line
            left = group & ~used
            reachable = self.reach(end, left | (1 << end)).bit_count() - 1
            if len(line) + reachable <= len(best[0]):
                return
            for u in _bits(self.adj[end] & left):
                extend(u, used | (1 << u), (*line, u))
                if len(best[0]) == size:
                    return

        for start in sorted(_bits(group), key=lambda v: (self.degree(v, group), v)):
            extend(start, 1 << start, (start,))
        return best[0]
