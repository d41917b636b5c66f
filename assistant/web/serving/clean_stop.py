"""The worker process's last moments under `serve`: a clean stop on every SIGTERM.

granian stops its worker by ending the worker's asyncio loop as soon as the signal comes, then
calls the app's ``__rsgi_del__`` and returns, and Python finalizes the process, while granian's
Rust threads (tokio's) may still be winding down. One of them touching Python then (to take the
GIL, or to drop a Python object) meets an interpreter that is going away, and the process
aborts with "panic in a function that cannot unwind… aborting" in the log (most likely CPython
ending that thread with ``pthread_exit``, which Rust may not unwind through: PyO3#4874,
rust-lang/rust#135929; the binary's backtrace names no frames). Measured here: 7 of 20 stops
(granian 2.8.9, Python 3.11), exit status 0 all the same. It is granian's race: the same shutdown
is reported upstream with other messages (emmett-framework/granian#799 "Cannot drop pointer into
Python heap without the thread being attached"; #846 with metrics on, fixed by #847 dropping one
handle; #881), and this message, on 2.8.9 without metrics, was not found reported there.

So the worker does not finalize: once every request on a thread is answered and the store's
connections are closed, it flushes its output and leaves with ``os._exit(0)``. Nothing is lost
by that: the loop that would send any later answer has stopped already, every change is committed
when its request ends, and the operating system closes whatever is left. Measured: 0 of 20.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from assistant.web.serving.front import BODY_SECONDS, HELD_BYTES, BufferedWSGI, QuickAnswer

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication


class StopsWithoutFinalizing(BufferedWSGI):
    """The front (front.py), whose worker process exits at once after its last request."""

    def __init__(self, wsgi_app: WSGIApplication, threads: int, max_body: int, body_seconds: float = BODY_SECONDS, max_held: int = HELD_BYTES,
                 on_stop: Callable[[], None] = lambda: None, quick: QuickAnswer | None = None) -> None:
        super().__init__(wsgi_app, threads, max_body, body_seconds, max_held, quick)
        self.on_stop = on_stop

    def __rsgi_del__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__rsgi_del__(loop)  # waits for the requests on the threads
        try:
            self.on_stop()
        finally:
            logging.shutdown()  # flushes every log handler
            for stream in (sys.stdout, sys.stderr):
                stream.flush()
            os._exit(0)
