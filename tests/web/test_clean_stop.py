"""`serve` stops cleanly on every SIGTERM (a container's stop, systemd's): 20 stops in a row,
each after requests on the app's threads, each with exit status 0 and nothing in the log after
its start. Before (issue 37) granian's worker raced its own Rust threads while Python finalized,
and about a third of the stops printed "panic in a function that cannot unwind… aborting"
(assistant/web/serving/clean_stop.py)."""
from __future__ import annotations

from tests.served import Phone, serving

STOPS = 20


def test_twenty_stops_in_a_row_are_clean(tmp_path):
    logs = []
    for _stop in range(STOPS):
        said: list[str] = []
        with serving(tmp_path / "instance", said=said) as server:  # asserts exit status 0 once stopped
            phone = Phone(server)  # the start page: a request on a thread, with the store
            assert phone.get("/healthz")[0] == 200
        logs.append((server, "".join(said)))
    for server, log in logs:
        assert log.splitlines()[1:] == [f"Serving on {server}"], log  # no panic, no traceback: nothing
