"""A budget of search steps: how much CPU one scoring, or one web request, may spend.

A search that could grow without bound (a game's chain search) spends one unit of the budget in
effect per step and stops with ``TooMuchWork`` past its limit. Without a budget in effect, each
scoring starts its own; the web app puts one in effect per request (``spending``), so five
players' roads under both chain rules, or a page showing five sketches, share it.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# A unit is about a microsecond of CPU (benchmarks/budget.py measures the slowest kinds of
# step), so this is about a second: many times what any road graph a board can have needs
# (planar ones settle within 30,000 units for both chain rules).
REQUEST_WORK = 800_000


class TooMuchWork(Exception):
    """The budget ran out: the search would take too long to be worth waiting for."""


class WorkBudget:
    """Units of work left for everything one scoring (or request) searches, shared by all of it."""

    def __init__(self, limit: int = REQUEST_WORK, within: WorkBudget | None = None):
        self.limit = limit
        self.spent = 0
        self.within = within  # a larger budget every unit of this one also counts against
        self.ran_out = False  # this budget itself refused a step (not only the larger one)

    def spend(self, units: int = 1) -> None:
        """Spend ``units`` before a step; ``TooMuchWork`` (nothing spent) when they are not left."""
        if self.spent + units > self.limit:
            self.ran_out = True
            raise TooMuchWork
        if self.within is not None:
            self.within.spend(units)
        self.spent += units

    def part(self, limit: int) -> WorkBudget:
        """A smaller budget inside this one: one search among several that must all fit."""
        return WorkBudget(limit, within=self)


_in_effect: ContextVar[WorkBudget | None] = ContextVar("work_budget", default=None)


def budget_in_effect() -> WorkBudget:
    """The budget of the request or scoring under way, or a fresh one for a call on its own."""
    return _in_effect.get() or WorkBudget()


@contextmanager
def spending(budget: WorkBudget) -> Iterator[WorkBudget]:
    """Everything searched inside the ``with`` block spends from ``budget``."""
    token = _in_effect.set(budget)
    try:
        yield budget
    finally:
        _in_effect.reset(token)
