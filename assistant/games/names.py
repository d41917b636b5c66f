"""A player's name inside a sentence, kept from turning the rest of the sentence around.

A name may hold right-to-left letters or bidirectional controls (U+202E, the right-to-left
override, makes "(purple): 4" read "4 :(elprup)"). Such a name goes between U+2068 FIRST STRONG
ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, which close whatever the name opened, in plain text as
in a page (HTML gives these the meaning of <bdi>). A name of left-to-right letters cannot reorder
anything and stays as typed, so no sentence carries invisible characters it does not need.

Only the name's own isolates could undo that: a U+2069 it never opened would close ours early
(the override after it loose on the line), an isolate it never closes would take our U+2069 for
its own (the rest of the line inside the name). Those are dropped or closed (UAX #9's matching).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from assistant.problems import Problem
from assistant.translator import Translator

MAX_NAME = 40  # the longest name, in characters: a game's own MAX_NAME says it again for its readers

FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
OPENS_AN_ISOLATE = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI
# Right-to-left letters and numbers, and every embedding, override and isolate control.
REORDERING = frozenset({"R", "AL", "AN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def isolated(name: str) -> str:
    """``name`` as it may stand inside a sentence of any direction; an isolated name stays as it is."""
    if not any(unicodedata.bidirectional(character) in REORDERING for character in name):
        return name
    if name.startswith(FIRST_STRONG_ISOLATE) and _closing(name) == len(name) - 1:
        return name
    return f"{FIRST_STRONG_ISOLATE}{_balanced(name)}{POP_DIRECTIONAL_ISOLATE}"


def _balanced(name: str) -> str:
    """``name`` without a U+2069 that closes nothing, each isolate it leaves open closed at its end."""
    kept, still_open = [], 0
    for character in name:
        if character == POP_DIRECTIONAL_ISOLATE:
            if not still_open:
                continue
            still_open -= 1
        elif character in OPENS_AN_ISOLATE:
            still_open += 1
        kept.append(character)
    return "".join(kept) + POP_DIRECTIONAL_ISOLATE * still_open


def _closing(text: str) -> int | None:
    """Where the isolate that ``text`` opens first is closed, if it is."""
    depth = 0
    for index, character in enumerate(text):
        if character in OPENS_AN_ISOLATE:
            depth += 1
        elif character == POP_DIRECTIONAL_ISOLATE and depth:
            depth -= 1
            if depth == 0:
                return index
    return None


def everyone(names: Sequence[str], tr: Translator) -> str:
    """Players inside a sentence, each as the caller words them: "Ana", "Ana and Ben", "Ana, Ben and Cleo"."""
    if len(names) <= 1:
        return "".join(names)
    return tr.gettext("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def player_count_problem(tr: Translator, count: int, singular: str, plural: str) -> Problem:
    """The problem of ``count`` players given, in a game's own sentence with ``{count}`` in it
    (the Makefile's extract reads this function's two sentences as ngettext's)."""
    return Problem(field="players", reason=tr.ngettext(singular, plural, count).format(count=count))


def name_problems(names: Sequence[object], tr: Translator, required: bool = True) -> list[Problem]:
    """The players' names (field ``players.<i>.name``) as a table needs them: not empty when
    ``required``, and none another player's, ignoring case and runs of spaces (two of one name read
    as one player in the results). What is not text is left to the input's model to refuse."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for index, name in enumerate(names):
        if not isinstance(name, str):
            continue
        name = " ".join(name.split())
        if not name:
            if required:
                problems.append(Problem(field=f"players.{index}.name", reason=tr.gettext("must not be empty")))
        elif name.casefold() in seen:
            reason = tr.gettext("{name} is already the name of another player").format(name=isolated(name))
            problems.append(Problem(field=f"players.{index}.name", reason=reason))
        seen.add(name.casefold())
    return problems


def players_problems(data: Mapping[str, Any], tr: Translator, count_problems: Callable[[int], list[Problem]] | None = None) -> list[Problem]:
    """The players of a game's raw input (``data["players"]``), checked before its model reads
    it, so these problems come with the others even when a count elsewhere is malformed: how
    many (``count_problems(count)``, in the game's own sentences, ``player_count_problem``; none
    given: the model's ``Field(min_length=...)`` says it) and their names (``name_problems``).
    Nothing when ``players`` is missing or not a list: the model says so."""
    players = data.get("players")
    if not isinstance(players, list):
        return []
    names = [player.get("name") if isinstance(player, dict) else None for player in players]
    return (count_problems(len(players)) if count_problems else []) + name_problems(names, tr)


class NamedPlayer(BaseModel):
    """A player known by name in a game's input: a game's player model subclasses it with its
    counts (``tokens: Tokens = Tokens()``), and a game whose players may go without a name gives
    ``name`` a default (``name: str = Field(default="", max_length=MAX_NAME)``). The name is kept
    with runs of spaces as one, at most ``MAX_NAME`` characters; ``players_problems`` (or
    ``name_problems``) checks the names against each other."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(max_length=MAX_NAME)

    @field_validator("name")
    @classmethod
    def _trim(cls, name: str) -> str:
        return " ".join(name.split())
