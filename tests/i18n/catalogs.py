"""The catalogs as data, for the tests: the .po files, and what extraction finds in the code."""
from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from assistant.translator import LANGUAGES, TRANSLATIONS_DIR

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
# The keywords of `make extract` (babel's defaults cover _, gettext, ngettext, pgettext and N_;
# names.player_count_problem takes a singular and a plural as its third and fourth arguments).
KEYWORDS = {**DEFAULT_KEYWORDS, "_l": None, "N_": None, "player_count_problem": (3, 4)}


def po_path(language: str) -> Path:
    return TRANSLATIONS_DIR / language / "LC_MESSAGES" / "messages.po"


@cache
def po(language: str) -> Catalog:
    with po_path(language).open("rb") as source:
        return read_po(source, locale=language)


@cache
def pot() -> Catalog:
    with (TRANSLATIONS_DIR / "messages.pot").open("rb") as source:
        return read_po(source)


@cache
def extracted() -> Catalog:
    """What `make extract` would write into messages.pot now, from babel.cfg over the repository."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    catalog = Catalog()
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def messages(catalog: Catalog):
    """Every message but the header."""
    return [message for message in catalog if message.id]


def key(message) -> tuple[str | None, str]:
    singular = message.id[0] if isinstance(message.id, tuple) else message.id
    return message.context, singular


def describe(message) -> str:
    context, singular = key(message)
    return f"[{context}] {singular!r}" if context else repr(singular)


# A named %-placeholder, as templates' ngettext writes them: %(num)d, %(placed)d.
PERCENT_FIELD = re.compile(r"%\((\w+)\)[#0 +-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


def placeholders(text: str) -> set[str]:
    """The replacement fields of a str.format template, written out: {'{count}', '{color!r}'},
    and the named %-placeholders of a template's (n)gettext: {'%(num)d'}."""
    fields = {match.group(0) for match in PERCENT_FIELD.finditer(text)}
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:  # a lone brace: not a str.format template
        return fields
    for _, name, spec, conversion in parsed:
        if name is not None:
            fields.add("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return fields


def stray_percent(text: str) -> bool:
    """A '%' that Jinja's gettext (which always applies ``text % variables``) would choke on."""
    return "%" in PERCENT_FIELD.sub("", text).replace("%%", "")


def in_templates(message) -> bool:
    return any(filename.replace("\\", "/").startswith("templates/") for filename, _ in message.locations)
