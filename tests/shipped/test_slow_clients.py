"""Connections that send nothing, or half a request, hold no worker: the app keeps answering."""
from __future__ import annotations

from urllib.parse import urlsplit

from benchmarks.slow_clients import hanging, healthz_seconds

HANGING = 100  # a third each: preconnects, half requests, idle keep-alive connections


def test_healthz_answers_within_a_second_while_100_connections_hang(served, capsys):
    port = urlsplit(served.url).port
    with hanging(port, "mixed", HANGING):
        waits = [healthz_seconds(port) for _ in range(5)]
    with capsys.disabled():
        print(f"\n/healthz while {HANGING} connections hang (preconnect, half request, idle keep-alive): worst {max(waits) * 1000:.1f} ms")
    assert max(waits) < 1.0, waits
