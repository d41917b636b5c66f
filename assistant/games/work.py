"""A budget of search steps: how much CPU one scoring, or one web request, may spend.

A search that could grow without bound (a game's chain search) spends one unit of the budget in
effect per step and stops with ``TooMuchWork`` past its limit, or once its thread has spent
``REQUEST_SECONDS`` of CPU since the budget began, whichever comes first: units keep the result
the same on every machine, the clock keeps a slow or busy machine within the same time. Without a budget in effect, each
scoring starts its own; the web app puts one in effect per request (``spending``), so five
players' roads under both chain rules, or a page showing five sketches, share it.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from time import process_time

try:
    from time import thread_time
except ImportError:  # Pyodide, the phone's Python (issue 48), has no thread clock; it runs one thread, so its process's clock is that thread's
    thread_time = process_time

# A unit is about a microsecond of CPU (benchmarks/budget.py measures the slowest kinds of
# step), so this is about a second: many times what any road graph a board can have needs
# (planar ones settle within 30,000 units for both chain rules).
REQUEST_WORK = 800_000
# What a request may spend at most, on a machine where units cost more than here (a busy one
# measured 1.1 to 1.9 s of CPU for the units above, a quiet one 0.85 s: there the units decide).
# Read every CLOCK_EVERY units: a clock read costs about what a unit does.
REQUEST_SECONDS = 1.0
CLOCK_EVERY = 2_000


class TooMuchWork(Exception):
    """The budget ran out: the search would take too long to be worth waiting for."""


class WorkBudget:
    """Units of work left for everything one scoring (or request) searches, shared by all of it."""

    def __init__(self, limit: int = REQUEST_WORK, within: WorkBudget | None = None, seconds: float | None = None):
        self.limit = limit
        self.spent = 0
        self.within = within  # a larger budget every unit of this one also counts against
        self.ran_out = False  # this budget itself refused a step (not only the larger one)
        # The outermost budget keeps the clock: its thread's CPU time when it began.
        self.seconds = REQUEST_SECONDS if seconds is None else seconds
        self.began = thread_time() if within is None else 0.0
        self._next_clock = CLOCK_EVERY

    def spend(self, units: int = 1) -> None:
        """Spend ``units`` before a step; ``TooMuchWork`` (nothing spent) when they are not left."""
        if self.spent + units > self.limit:
            self.ran_out = True
            raise TooMuchWork
        if self.within is not None:
            self.within.spend(units)
        elif self.spent + units >= self._next_clock:
            self._next_clock = self.spent + units + CLOCK_EVERY
            if thread_time() - self.began > self.seconds:
                self.ran_out = True
                raise TooMuchWork
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
