"""No table written faster than any table is played (issue 44): each change a table takes uses one
of ``BURST`` allowances, which come back at ``PER_SECOND`` a second; with none left the change is
refused (``WrittenTooFast``: 429 with Retry-After, errors.py) and nothing is written.

Five phones entering a whole final board at once make about 200 changes in a minute; a table
takes 300 at any speed and then 5 a second (300 a minute), so a script writing 10 changes a
second is slowed after a minute, one writing 50 after 7 seconds. deploy/nginx.conf's
``limit_req`` has the same numbers at the door.

The count is the table's own, kept on its row (``game_table.paced_until``) and written in the
change's own compare-and-set (tables.py), so every server process and every server on one
PostgreSQL counts the same changes once, at no query of its own. It is kept as the moment the
table would have all its allowances back (a virtual scheduling, as nginx's ``limit_req``):
each change moves it ``1 / PER_SECOND`` on from now or from where it was, whichever is later,
and a change that would move it more than ``BURST / PER_SECOND`` past now is refused. The
servers' clocks are the measure, so they keep time (NTP), as for the tables' ``updated``.
"""
from __future__ import annotations

BURST = 300
PER_SECOND = 5.0
STEP = 1 / PER_SECOND
ROUNDING = 1e-6  # 300 steps of 0.2 s added up in floats land a hair past 60 s


class WrittenTooFast(Exception):
    """The table has no allowance left: ``seconds`` until it has one."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"written too fast: one more change in {seconds:.2f} s")
        self.seconds = seconds


def paced(paced_until: float, now: float) -> float:
    """The table's ``paced_until`` after one more change at ``now``, or ``WrittenTooFast``."""
    after = max(paced_until, now) + STEP
    over = after - now - BURST * STEP
    if over > ROUNDING:
        raise WrittenTooFast(over)
    return after
