"""How many chain searches run at once: at most as many as the machine has cores (issue 31).

The work budget (assistant/games/work.py) bounds one request at about a second of CPU, not the
server: eight clients looping the 6.5 KB K(8,12) scoring kept every thread busy, and /healthz and
the pages waited 7.5 s behind them. So a search that grows past what any real board needs
(``SMALL_SEARCH`` units) must hold one of ``SLOTS`` first; the rest wait ``WAIT_SECONDS`` at most,
then are refused 503 with Retry-After (``ServerBusy``: a page in the page's language, JSON for the
API). A scoring through the API, which is nothing but a search, waits for its slot in the front's
event loop before it takes a thread (front.py), so waiting API clients hold no thread either.
Pages, taps and polls of real boards search a few milliseconds and never wait here."""
from __future__ import annotations

import asyncio
import os
import threading
import time

from flask import has_request_context, request
from werkzeug.exceptions import ServiceUnavailable

from assistant.games.work import WorkBudget
from assistant.translator import translator_for

# The cores this process may run on (taskset, a container's cpuset), else the machine's.
SLOTS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
WAIT_SECONDS = 1.0  # a slot frees within about a second (a search's CPU budget); past that, 503
# A board's roads settle within 30,000 units for both chain rules (docs/limits.md): a search past
# this is one no board needs, and waits for a slot.
SMALL_SEARCH = 50_000
RETRY_SECONDS = 2
# In the environ of a request the front admitted already (an API scoring): its searches hold that slot.
HOLDS_SLOT = "assistant.search_slot"
_slots = threading.BoundedSemaphore(SLOTS)


def busy_json(language: str) -> dict[str, object]:
    """The API's 503 body, in ``language`` (the API's: ``?lang=``, else Accept-Language), as its
    other refusals word them: 'error: request: …' and the problem by its field."""
    tr = translator_for(language)
    reason = tr.gettext("the server is busy with other scorings; try again in a moment")
    return {"error": tr.gettext("error: {problem}").format(problem=f"request: {reason}"), "errors": [{"field": "request", "reason": reason}]}


class ServerBusy(ServiceUnavailable):
    """Every slot stayed taken for ``WAIT_SECONDS``: errors.py answers 503 with Retry-After."""


def take_slot(seconds: float = WAIT_SECONDS) -> bool:
    return _slots.acquire(timeout=seconds)


def give_slot() -> None:
    _slots.release()


async def wait_for_slot(seconds: float = WAIT_SECONDS, every: float = 0.01) -> bool:
    """A slot, waited for in the event loop without a thread (checked every ``every`` seconds)."""
    deadline = time.monotonic() + seconds
    while not _slots.acquire(blocking=False):
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(every)
    return True


class AdmittedBudget(WorkBudget):
    """A request's work budget that takes a search slot once its searches outgrow a real board's,
    and gives it back when the request ends (``finish``)."""

    def __init__(self) -> None:
        super().__init__()
        self.holding = has_request_context() and bool(request.environ.get(HOLDS_SLOT))
        self.took = False

    def spend(self, units: int = 1) -> None:
        if not self.holding and self.spent + units > SMALL_SEARCH:
            if not take_slot():
                raise ServerBusy()
            self.holding = self.took = True
        super().spend(units)

    def finish(self) -> None:
        if self.took:
            self.took = self.holding = False
            give_slot()
