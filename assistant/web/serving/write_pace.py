"""No table written faster than any table is played (issue 44): a change to a table (any ``POST``
to ``/t/<link>/…``) takes one of ``BURST`` allowances of its link, which come back at ``PER_SECOND``
a second; with none left the front answers 429 with Retry-After before it reads the body
(front.py), and deploy/nginx.conf does the same at the door with the same numbers.

Five phones entering a whole final board at once make about 200 changes in a minute; a table
takes 300 at any speed and then 5 a second (300 a minute), so a script writing 10 changes a
second is slowed after a minute, one writing 50 after 7 seconds. The count is per server process
(nginx's, in front of a group of them, is one for all). A link not written for a minute has all
its allowances back; at most ``LINKS`` links are remembered (the least recently written are
forgotten first, which is the same as full).
"""
from __future__ import annotations

import math
import re
import threading
import time
from collections import OrderedDict

from assistant.translator import translator_for
from assistant.web.serving.framing import Refusal

BURST = 300
PER_SECOND = 5.0
LINKS = 10_000
WRITE_PATH = re.compile(r"/t/([^/?]+)/")


class WritePace:
    """Each table link's allowances left and when they were counted (a token bucket per link)."""

    def __init__(self, burst: int = BURST, per_second: float = PER_SECOND, links: int = LINKS) -> None:
        self.burst, self.per_second, self.links = burst, per_second, links
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # link: (allowances, at)
        self.lock = threading.Lock()

    def wait(self, method: str, path: str, now: float | None = None) -> float:
        """0 when this request may go on (a write took one allowance), else the seconds until one comes back."""
        if method != "POST":
            return 0.0
        written = WRITE_PATH.match(path)
        if written is None:
            return 0.0
        link = written.group(1)
        now = time.monotonic() if now is None else now
        with self.lock:
            left, at = self.buckets.pop(link, (float(self.burst), now))
            left = min(float(self.burst), left + (now - at) * self.per_second)
            if left < 1:
                self.buckets[link] = (left, now)
                return (1 - left) / self.per_second
            self.buckets[link] = (left - 1, now)
            if len(self.buckets) > self.links:
                self.buckets.popitem(last=False)
            return 0.0


def too_fast(seconds: float, language: str) -> Refusal:
    """The 429 of a table written too fast, in ``language``, with the seconds to wait (1 at least)."""
    tr = translator_for(language)
    reason = tr.gettext("This table is being changed faster than any game is played, so this change was not made: try again in a moment.")
    return Refusal(429, reason, retry_after=max(1, math.ceil(seconds)), close=False)
