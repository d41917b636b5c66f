"""A player's name inside a sentence, kept from turning the rest of the sentence around.

A name may hold right-to-left letters or bidirectional controls (U+202E, the right-to-left
override, makes "(purple): 4" read "4 :(elprup)"). Such a name goes between U+2068 FIRST STRONG
ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, which close whatever the name opened, in plain text as
in a page (HTML gives these the meaning of <bdi>). A name of left-to-right letters cannot reorder
anything and stays as typed, so no sentence carries invisible characters it does not need.
"""
from __future__ import annotations

import unicodedata

FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
# Right-to-left letters and numbers, and every embedding, override and isolate control.
REORDERING = frozenset({"R", "AL", "AN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def isolated(name: str) -> str:
    """``name`` as it may stand inside a sentence of any direction."""
    if any(unicodedata.bidirectional(character) in REORDERING for character in name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_DIRECTIONAL_ISOLATE}"
    return name
