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
Every step spends one unit of the work budget in effect (``assistant.games.work``), shared by
all searches of one scoring: an absurd graph (every monastery joined to every other) is
refused with ``TooComplex`` instead of keeping a request busy.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from assistant.games.work import TooMuchWork, WorkBudget, budget_in_effect

MIN_CHAIN = 4
DISJOINT: Final = "disjoint"
LONGEST_PER_GROUP = "longest-per-group"
CHAIN_RULES = (DISJOINT, LONGEST_PER_GROUP)
# Most steps a Hamiltonian line is looked for before the search branches instead.
HAMILTONIAN_TRIES = 20_000
# Work units per step: a step of the branching search costs about four times a step along a
# Hamiltonian line (about a microsecond), as benchmarks/budget.py measures. Steps along a line
# are paid for in batches, as paying for each would cost a tenth of the step itself.
SEARCH_STEP, LINE_STEP, LINE_BATCH = 4, 1, 64


class _Reached(Exception):
    """The best possible total was found: stop searching."""


class TooComplex(TooMuchWork):
    """The road graph has too many ways to be split into lines to check them all in the budget."""


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


def cover(roads: Sequence[tuple[str, str]], rule: str = DISJOINT, budget: WorkBudget | None = None) -> ChainCover:
    """The scoring lines of one player's road graph under ``rule``, spending from ``budget``
    (by default the one in effect); raises ``TooComplex`` when it runs out."""
    if rule not in CHAIN_RULES:
        raise ValueError(f"unknown chain rule {rule!r}")
    graph = _Graph(roads, budget or budget_in_effect())
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


def cover_from_lines(roads: Sequence[tuple[str, str]], rule: str, lines: object) -> ChainCover | None:
    """The cover an earlier search found, from its ``lines`` (as ``ChainCover.lines`` gave them),
    without searching again; None when they are not lines of 4+ along these roads sharing no
    monastery (then search again)."""
    if rule not in CHAIN_RULES or not isinstance(lines, list | tuple):
        return None
    graph = _Graph(roads, WorkBudget(limit=0))  # splitting into groups takes no search steps
    index = {label: i for i, label in enumerate(graph.labels)}
    used: set[str] = set()
    for line in lines:
        if not isinstance(line, list | tuple) or len(line) < MIN_CHAIN or not all(isinstance(m, str) and m in index for m in line):
            return None
        along_roads = all(graph.adj[index[a]] >> index[b] & 1 for a, b in zip(line, line[1:]))
        if len(set(line)) != len(line) or used & set(line) or not along_roads:
            return None
        used |= set(line)
    groups = []
    for component in graph.components(graph.everything):
        inside = tuple(tuple(line) for line in lines if component >> index[line[0]] & 1)
        groups.append(Group(monasteries=graph.names(graph.in_order(component)), lines=inside))
    return ChainCover(rule=rule, groups=tuple(groups))


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Graph:
    def __init__(self, roads: Sequence[tuple[str, str]], budget: WorkBudget):
        self.budget = budget
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
        self._solved: dict[int, tuple[int, tuple[tuple[int, ...], ...]]] = {}
        self._bounds: dict[int, int] = {}
        self._component_bounds: dict[int, int] = {}
        self._components: dict[int, list[int]] = {}

    # --- helpers -------------------------------------------------------------------------
    def names(self, nodes: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.labels[v] for v in nodes)

    def in_order(self, mask: int) -> list[int]:
        return list(_bits(mask))

    def degree(self, v: int, mask: int) -> int:
        return (self.adj[v] & mask).bit_count()

    def tick(self, units: int = SEARCH_STEP) -> None:
        try:
            self.budget.spend(units)
        except TooMuchWork:
            raise TooComplex from None

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
        if mask in self._components:
            return self._components[mask]
        found = []
        rest = mask
        while rest:
            component = self.reach((rest & -rest).bit_length() - 1, rest)
            found.append(component)
            rest &= ~component
        self._components[mask] = found
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
        # Two dead ends on the same monastery are both ends of any line holding both, so that
        # line would be dead end, monastery, dead end: 3 long. One dead end per monastery counts.
        hubs = Counter(
            (self.adj[v] & component).bit_length() - 1
            for v in _bits(component)
            if self.degree(v, component) == 1
        )
        bound = size - sum(leaves - 1 for leaves in hubs.values())
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
        total = 0
        lines: tuple[tuple[int, ...], ...] = ()
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
        # Leaving the pivot out first gives a lower bound that prunes the lines through it.
        best = self.solve(group & ~(1 << pivot))
        if best[0] >= ceiling:
            return best
        return self._best_with_line_through(pivot, group, ceiling, best)

    def _best_with_line_through(
        self, v: int, group: int, ceiling: int, known: tuple[int, tuple[tuple[int, ...], ...]]
    ) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """The best total when ``v`` lies on a line and its lines, if it beats ``known``; else ``known``.

        A line grows from ``v`` one way (the first arm), then maybe the other way (the second
        arm). What can still be added depends only on the nodes used and the end that grows,
        so each such state is expanded once; a growing line is dropped as soon as nothing it
        can still become beats the best found, and longer lines are scored before their prefixes.
        """
        adj = self.adj
        best: list[tuple[int, tuple[tuple[int, ...], ...]]] = [known]
        scored: set[int] = set()
        expanded: set[tuple[int, int, bool]] = set()

        def score(mask: int, line: tuple[int, ...]) -> None:
            if mask in scored:
                return
            scored.add(mask)
            length = mask.bit_count()
            rest = group & ~mask
            if length + self.bound(rest) <= best[0][0]:
                return
            points, lines = self.solve(rest)
            if length + points > best[0][0]:
                best[0] = (length + points, (line, *lines))
                if best[0][0] >= ceiling:
                    raise _Reached

        def promise(mask: int, open_ends: int) -> int:
            """Upper bound for any line grown from here: pockets no open end touches are settled."""
            total = mask.bit_count()
            for pocket in self.components(group & ~mask):
                total += pocket.bit_count() if pocket & open_ends else self.component_bound(pocket)
            return total

        def grow(end: int, mask: int, line: tuple[int, ...], second_arm: bool) -> None:
            if (mask, end, second_arm) in expanded:
                return
            expanded.add((mask, end, second_arm))
            self.tick()
            open_ends = adj[end] if second_arm else adj[end] | adj[v]
            if promise(mask, open_ends) > best[0][0]:
                for u in _bits(adj[end] & group & ~mask):
                    grow(u, mask | (1 << u), (u, *line) if second_arm else (*line, u), second_arm)
                if not second_arm and len(line) >= 2:
                    for u in _bits(adj[v] & group & ~mask):
                        grow(u, mask | (1 << u), (u, *line), True)
            if len(line) >= MIN_CHAIN:
                score(mask, line)

        try:
            grow(v, 1 << v, (v,), False)
        except _Reached:
            pass
        return best[0]

    def hamiltonian_line(self, group: int) -> tuple[int, ...] | None:
        """A line through every node of the group, if a short search finds one."""
        dead_ends = [v for v in _bits(group) if self.degree(v, group) == 1]
        if len(dead_ends) > 2:
            return None
        starts = dead_ends or sorted(_bits(group), key=lambda v: self.degree(v, group))
        tries = [HAMILTONIAN_TRIES]

        def extend(end: int, used: int, line: tuple[int, ...]) -> tuple[int, ...] | None:
            if used == group:
                return line
            left = group & ~used
            tries[0] -= 1
            if tries[0] < 0:
                return None
            if tries[0] % LINE_BATCH == 0:
                self.tick(LINE_BATCH * LINE_STEP)
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
            if tries[0] < 0:
                return None
        return None

    # --- house rule: the longest line of each group ---------------------------------------
    def longest_line(self, group: int) -> tuple[int, ...]:
        if all(self.degree(v, group) <= 2 for v in _bits(group)):
            return self.walk(group)
        whole = self.hamiltonian_line(group)
        if whole:
            return whole
        best: list[tuple[int, ...]] = [()]
        expanded: set[tuple[int, int]] = set()
        ceiling = self.longest_bound(group)

        def extend(end: int, used: int, line: tuple[int, ...]) -> None:
            # What can follow depends only on the nodes used and the end of the line.
            if (used, end) in expanded:
                return
            expanded.add((used, end))
            self.tick()
            if len(line) > len(best[0]):
                best[0] = line
            left = group & ~used
            ahead = self.reach(end, left | (1 << end)) & ~(1 << end)
            # The line can still take what it reaches, but it ends only once: of the dead ends
            # ahead of it, one at most.
            dead_ends = sum(1 for v in _bits(ahead) if (self.adj[v] & (ahead | 1 << end)).bit_count() == 1)
            if len(line) + ahead.bit_count() - max(0, dead_ends - 1) <= len(best[0]):
                return
            for u in _bits(self.adj[end] & left):
                extend(u, used | (1 << u), (*line, u))
                if len(best[0]) >= ceiling:
                    return

        for start in sorted(_bits(group), key=lambda v: (self.degree(v, group), v)):
            extend(start, 1 << start, (start,))
            if len(best[0]) >= ceiling:
                break
        return best[0]

    def longest_bound(self, group: int) -> int:
        """An upper bound on the longest line in a connected group."""
        dead_ends = [v for v in _bits(group) if self.degree(v, group) == 1]
        hubs = {(self.adj[v] & group).bit_length() - 1 for v in dead_ends}
        # A line has two ends: at most two dead ends, and from different monasteries.
        bound = group.bit_count() - len(dead_ends) + min(2, len(hubs))
        smaller_side = self.smaller_side(group)
        if smaller_side is not None:
            bound = min(bound, 2 * smaller_side + 1)  # a line alternates sides
        return bound
