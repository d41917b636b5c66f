"""Errors and warnings about an input, each naming the field and the reason in plain words."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from assistant.translator import Translator


class Problem(BaseModel):
    """One thing wrong (or odd) with the input: where, and why."""

    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.field}: {self.reason}"


class InvalidInput(Exception):
    """The input cannot be scored; nothing was scored.

    ``warnings`` holds what would have been warned about as well, where the input got far
    enough to tell, so a table entering the board sees both at once.
    """

    def __init__(self, problems: Sequence[Problem], warnings: Sequence[Problem] = ()):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = list(problems)
        self.warnings = list(warnings)


def by_field(problems: Iterable[Problem]) -> dict[str, list[str]]:
    """The reasons grouped by field, in order: where a screen shows each problem."""
    found: dict[str, list[str]] = {}
    for problem in problems:
        found.setdefault(problem.field, []).append(problem.reason)
    return found


def field_path(location: Iterable[str | int]) -> str:
    """('players', 0, 'color') -> 'players.0.color'."""
    return ".".join(str(part) for part in location) or "input"


def pydantic_problems(error: ValidationError, tr: Translator, prefix: str = "") -> list[Problem]:
    """Turn pydantic's errors into our own translated sentences (fields under ``prefix``)."""
    problems = []
    for item in error.errors(include_url=False):
        location: list[str | int] = [prefix] if prefix else []
        location += [part for part in item["loc"] if not _is_union_tag(part)]
        problems.append(Problem(field=field_path(location), reason=_reason(dict(item), tr)))
    return _unique(problems)


def _is_union_tag(part: str | int) -> bool:
    # pydantic adds the tried type of a union to the location ("str", "int", "tuple[...]").
    return isinstance(part, str) and (part in {"str", "int"} or "[" in part or part.startswith("function-"))


def _reason(item: dict[str, Any], tr: Translator) -> str:
    kind = item["type"]
    ctx = item.get("ctx") or {}
    if kind == "missing":
        return tr.gettext("is required")
    if kind in {"int_type", "int_parsing", "int_from_float"}:
        return tr.gettext("must be a whole number")
    if kind == "greater_than_equal" and ctx.get("ge") == 0:
        return tr.gettext("must not be negative")
    if kind == "greater_than_equal":
        return tr.gettext("must be at least {limit}").format(limit=ctx.get("ge"))
    if kind == "less_than_equal":
        return tr.gettext("must be at most {limit}").format(limit=ctx.get("le"))
    if kind == "literal_error":
        return tr.gettext("must be one of: {choices}").format(choices=_choices(str(ctx.get("expected", "")), tr))
    if kind in {"string_type", "string_sub_type"}:
        return tr.gettext("must be text")
    if kind == "string_too_long":
        return tr.gettext("must be at most {limit} characters long").format(limit=ctx.get("max_length"))
    if kind in {"dict_type", "model_type", "model_attributes_type"}:
        return tr.gettext("must be an object with named fields")
    if kind in {"list_type", "tuple_type"}:
        return tr.gettext("must be a list")
    if kind == "too_short":
        count = int(ctx.get("min_length", 0))
        return tr.ngettext("must have at least {count} entry", "must have at least {count} entries", count).format(count=count)
    if kind == "too_long":
        # pydantic names the one bound broken (max_length), never both: for a fixed-length tuple
        # the lower bound is reported as a missing entry instead.
        count = int(ctx.get("max_length", 0))
        return tr.ngettext("must have at most {count} entry", "must have at most {count} entries", count).format(count=count)
    if kind == "extra_forbidden":
        return tr.gettext("is not a known field")
    if kind == "bool_type":
        return tr.gettext("must be true or false")
    return tr.gettext("is not valid")


def _choices(expected: str, tr: Translator) -> str:
    """pydantic's "'a', 'b' or 'c'" with the "or" in the reader's language."""
    first, sep, last = expected.rpartition(" or ")
    return tr.gettext("{first} or {last}").format(first=first, last=last) if sep else expected


def _unique(problems: list[Problem]) -> list[Problem]:
    seen: set[tuple[str, str]] = set()
    unique = []
    for problem in problems:
        key = (problem.field, problem.reason)
        if key not in seen:
            seen.add(key)
            unique.append(problem)
    return unique
