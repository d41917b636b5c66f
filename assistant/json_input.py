"""Reading JSON input, the same for the command line and the web API, within fixed bounds.

A position is a few kilobytes, nested five levels, with counts of a few digits. Anything far
beyond that is refused with a reason before it can cost time: the size before decoding, the
nesting before anything walks it (the parser itself stops near 1,000 levels), and numbers
before Python converts thousands of digits.
"""
from __future__ import annotations

import json
from typing import Any

from assistant.problems import InvalidInput, Problem, field_path
from assistant.translator import Translator

MAX_BYTES = 64 * 1024
MAX_DEPTH = 20
MAX_DIGITS = 15  # every whole number a float holds exactly


class InputTooLarge(InvalidInput):
    """More than ``MAX_BYTES`` (the API answers 413 Content Too Large)."""


class _TooManyDigits:
    """Stands in for a number too long to convert; reported with its place once parsing is done."""


def read_json(raw: bytes, tr: Translator, field: str = "input") -> Any:
    """The JSON value in ``raw`` (UTF-8), or ``InvalidInput`` naming ``field`` and the reason.

    Read at most ``MAX_BYTES + 1`` bytes from a stream: one more is enough to tell it is too large.
    """
    if len(raw) > MAX_BYTES:
        raise too_large(tr, field)
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark, as some editors write it, is no error
    except UnicodeDecodeError as error:
        raise _invalid(field, tr.gettext("is not UTF-8 text (byte {position})").format(position=error.start + 1)) from None
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except RecursionError:
        raise _invalid(field, _too_deep(tr)) from None
    except json.JSONDecodeError as error:
        reason = tr.gettext("is not valid JSON (line {line}, column {column})").format(line=error.lineno, column=error.colno)
        raise _invalid(field, reason) from None
    problem = _first_problem(data, field, tr)
    if problem:
        raise InvalidInput([problem])
    return data


def too_large(tr: Translator, field: str = "input") -> InputTooLarge:
    return InputTooLarge([Problem(field=field, reason=tr.gettext("is larger than {limit} KB").format(limit=MAX_BYTES // 1024))])


def _bounded_int(digits: str) -> int | _TooManyDigits:
    return _TooManyDigits() if len(digits.lstrip("-")) > MAX_DIGITS else int(digits)


def _first_problem(data: Any, field: str, tr: Translator) -> Problem | None:
    """Walks the parsed value without recursion: too deep, or a number too long, and where."""
    stack: list[tuple[Any, tuple[str | int, ...], int]] = [(data, (), 1)]  # value, its place, arrays and objects around it
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, _TooManyDigits):
            return Problem(field=field_path(path) if path else field, reason=tr.gettext("is a number of more than {digits} digits").format(digits=MAX_DIGITS))
        if not isinstance(value, (dict, list)):
            continue
        if depth > MAX_DEPTH:
            return Problem(field=field, reason=_too_deep(tr))
        children = value.items() if isinstance(value, dict) else enumerate(value)
        stack.extend((child, (*path, key), depth + 1) for key, child in children)
    return None


def _too_deep(tr: Translator) -> str:
    return tr.gettext("is nested more than {limit} levels deep").format(limit=MAX_DEPTH)


def _invalid(field: str, reason: str) -> InvalidInput:
    return InvalidInput([Problem(field=field, reason=reason)])
