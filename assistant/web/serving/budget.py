"""One work budget per request (``assistant.games.work``): whatever one request scores or shows
(a scoring, five sketches, a list of tables), its searches together stay within about a second;
past a real board's searches, only as many requests search at once as there are cores (admission.py)."""
from __future__ import annotations

from flask import Flask, g

from assistant.games.work import spending
from assistant.web.serving.admission import AdmittedBudget


def init_app(app: Flask) -> None:
    app.before_request(_start)
    app.teardown_request(_stop)


def _start() -> None:
    g.work_budget = AdmittedBudget()
    g.work_scope = spending(g.work_budget)
    g.work_scope.__enter__()


def _stop(_error: BaseException | None = None) -> None:
    scope = g.pop("work_scope", None)
    if scope is not None:  # a request refused before it started (e.g. no CSRF token) has none
        scope.__exit__(None, None, None)
        g.pop("work_budget").finish()
