"""Every catalog is complete, not fuzzy, fully pluralised, keeps the placeholders, and is fresh:
adding a message to the code without translating it in every language fails here."""
import gettext

import pytest

from assistant import translator
from assistant.translator import TRANSLATIONS_DIR, language_of, translator_for
from tests.i18n.catalogs import TRANSLATED, describe, extracted, key, messages, placeholders, po, po_path, pot

# nplurals and plural rule as gettext's manual gives them for each language.
PLURAL_FORMS = {
    "de": (2, "(n != 1)"),
    "es": (2, "(n != 1)"),
    "da": (2, "(n != 1)"),
    "it": (2, "(n != 1)"),
}


def test_every_translated_language_has_a_catalog():
    assert sorted(TRANSLATED) == sorted(PLURAL_FORMS)
    found = sorted(p.parent.parent.name for p in TRANSLATIONS_DIR.glob("*/LC_MESSAGES/messages.po"))
    assert found == sorted(TRANSLATED)


@pytest.mark.parametrize("language", TRANSLATED)
def test_header_names_the_language_and_its_plural_rule(language):
    catalog = po(language)
    assert str(catalog.locale) == language
    assert (catalog.num_plurals, catalog.plural_expr) == PLURAL_FORMS[language]
    assert not catalog.fuzzy, "the header is marked fuzzy"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_is_untranslated_or_fuzzy(language):
    catalog = po(language)
    fuzzy = [describe(m) for m in messages(catalog) if m.fuzzy]
    untranslated = [
        describe(m)
        for m in messages(catalog)
        if not (all(m.string) if isinstance(m.string, tuple) else m.string)
    ]
    assert not fuzzy, f"{language}: fuzzy: {fuzzy}"
    assert not untranslated, f"{language}: untranslated: {untranslated}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_messages_have_every_form(language):
    catalog = po(language)
    for message in messages(catalog):
        if message.pluralizable:
            assert len(message.string) == catalog.num_plurals, describe(message)


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders_of_their_msgid(language):
    wrong = []
    for message in messages(po(language)):
        if message.pluralizable:
            singular, plural = message.id
            expected = placeholders(plural)
            assert placeholders(singular) <= expected, describe(message)
            forms = message.string
        else:
            expected = placeholders(message.id)
            forms = (message.string,)
        for form in forms:
            if form and placeholders(form) != expected:  # an empty one is reported as untranslated
                wrong.append(f"{describe(message)}: {sorted(placeholders(form))} instead of {sorted(expected)}")
    assert not wrong, "\n".join(wrong)


def test_placeholder_check_sees_conversions_and_missing_fields():
    assert placeholders("unknown colour {color!r}; the colours are: {palette}") == {"{color!r}", "{palette}"}
    assert placeholders("{{literal}} {count:>3}") == {"{count:>3}"}
    assert placeholders("Farbe {colour}") != placeholders("colour {color}")


# --- freshness: the catalogs hold exactly what the code asks for ---------------------------------
def test_extraction_finds_contexts_and_plurals():
    found = {key(m): m for m in messages(extracted())}
    assert (("place", "second")) in found
    assert ("player", "green") in found and (None, "green") in found
    assert found[(None, "{who}: {parts}; {points} point in all.")].pluralizable


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_in_the_code_is_in_the_catalog(language):
    """Fails when a string is added (or its plural changed) without `make extract` and a translation."""
    in_catalog = {key(m): m.id for m in messages(po(language))}
    missing = [describe(m) for m in messages(extracted()) if in_catalog.get(key(m)) != m.id]
    assert not missing, f"run `make extract`, then translate in {po_path(language)}: {missing}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_the_code_no_longer_uses(language):
    in_code = {key(m) for m in messages(extracted())}
    stale = [describe(m) for m in messages(po(language)) if key(m) not in in_code]
    assert not stale, f"run `make extract` to drop them: {stale}"


def test_template_matches_the_code():
    assert {key(m): m.id for m in messages(pot())} == {key(m): m.id for m in messages(extracted())}, "run `make extract`"


# --- loading ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", TRANSLATED)
def test_translator_for_loads_each_language(language):
    tr = translator_for(language)
    assert language_of(tr) == language
    assert tr.gettext("must be a whole number") != "must be a whole number"


@pytest.mark.parametrize("code", ["de-DE", "de_AT", "DE"])
def test_region_and_case_are_ignored(code):
    assert language_of(translator_for(code)) == "de"


@pytest.mark.parametrize("code", [None, "", "en", "en-GB", "xx", "../de", "de/../../etc"])
def test_unknown_codes_fall_back_to_english(code):
    assert translator_for(code) is translator.ENGLISH


@pytest.fixture
def scratch_catalogs(tmp_path, monkeypatch):
    """translator_for reading from a copy of the German catalog in a temporary directory."""
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_bytes(po_path("de").read_bytes())
    monkeypatch.setattr(translator, "TRANSLATIONS_DIR", tmp_path)
    translator._catalog.cache_clear()
    yield folder
    translator._catalog.cache_clear()


def test_a_missing_mo_is_compiled_from_the_po(scratch_catalogs):
    assert not (scratch_catalogs / "messages.mo").exists()
    assert translator_for("de").gettext("must be a whole number") == "muss eine ganze Zahl sein"


def test_a_mo_older_than_its_po_is_not_used(scratch_catalogs):
    import os

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    old = Catalog(locale="de")
    old.add("must be a whole number", "ALT")
    with (scratch_catalogs / "messages.mo").open("wb") as compiled:
        write_mo(compiled, old)
    po_file = scratch_catalogs / "messages.po"
    os.utime(scratch_catalogs / "messages.mo", (1, 1))
    assert translator_for("de").gettext("must be a whole number") == "muss eine ganze Zahl sein"
    translator._catalog.cache_clear()
    os.utime(po_file, (0, 0))  # now the .mo is the newer one, as after `make`
    assert translator_for("de").gettext("must be a whole number") == "ALT"
    assert isinstance(translator_for("de"), gettext.GNUTranslations)
