"""Reading small whole numbers from URLs and forms, whatever a client sends."""
from __future__ import annotations

import re

_SMALL = re.compile(r"[0-9]{1,9}")  # ASCII digits only: '²'.isdigit() is True but int('²') fails


def small_number(text: object) -> int | None:
    """The number, or None for anything else (signs, other digits, huge or empty strings)."""
    return int(text) if isinstance(text, str) and _SMALL.fullmatch(text) else None
