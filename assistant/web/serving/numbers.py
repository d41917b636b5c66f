"""Reading small whole numbers from URLs and forms, whatever a client sends."""
from __future__ import annotations

import re
from typing import Any

_SMALL = re.compile(r"[0-9]{1,9}")  # ASCII digits only: '²'.isdigit() is True but int('²') fails


def small_number(text: object) -> int | None:
    """The number, or None for anything else (signs, other digits, huge or empty strings)."""
    return int(text) if isinstance(text, str) and _SMALL.fullmatch(text) else None


def whole_number(raw: Any, low: int, high: int) -> int | None:
    """A posted count from ``low`` to ``high`` (spaces around it allowed), or None."""
    value = small_number(str(raw).strip()) if raw is not None else None
    return value if value is not None and low <= value <= high else None
