"""Every catalog is complete, not fuzzy, fully pluralised, keeps the placeholders, and is fresh:
adding a message to the code without translating it in every language fails here."""
import gettext

import pytest

from assistant import translator
from assistant.translator import TRANSLATIONS_DIR, language_of, translator_for
from tests.i18n.catalogs import TRANSLATED, describe, extracted, in_templates, key, messages, placeholders, po, po_path, pot, stray_percent

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
            # The first form is the one for 1 in every language here: it may leave out the
            # count, as the English singular may ("(passed 100 once)").
            may_omit = [expected - placeholders(singular)] + [set()] * (len(forms) - 1)
        else:
            expected = placeholders(message.id)
            forms = (message.string,)
            may_omit = [set()]
        for form, omitted in zip(forms, may_omit):
            if not form:  # an empty one is reported as untranslated
                continue
            found = placeholders(form)
            if not found <= expected or not expected - found <= omitted:
                wrong.append(f"{describe(message)}: {sorted(found)} instead of {sorted(expected)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_template_texts_survive_jinjas_percent_formatting(language):
    """Jinja's gettext always formats with %, so a bare '%' in a template's translation breaks the page."""
    from_templates = {key(m) for m in messages(extracted()) if in_templates(m)}
    assert from_templates, "no message found in templates/"
    broken = []
    for message in messages(po(language)):
        if key(message) in from_templates:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            broken += [f"{describe(message)}: {form!r}" for form in forms if stray_percent(form)]
    assert not broken, "write %% for a percent sign: " + "; ".join(broken)


def test_placeholder_check_sees_conversions_and_missing_fields():
    assert placeholders("unknown colour {color!r}; the colours are: {palette}") == {"{color!r}", "{palette}"}
    assert placeholders("{{literal}} {count:>3}") == {"{count:>3}"}
    assert placeholders("Farbe {colour}") != placeholders("colour {color}")
    assert placeholders("%(placed)d of %(num)d cloister fields taken") == {"%(placed)d", "%(num)d"}
    assert placeholders("%(placed)d von %(numm)d") != placeholders("%(placed)d of %(num)d")
    assert stray_percent("100 % sicher") and not stray_percent("100 %% sicher, %(num)d Punkte")


# --- freshness: the catalogs hold exactly what the code asks for ---------------------------------
def test_extraction_finds_contexts_and_plurals():
    found = {key(m): m for m in messages(extracted())}
    assert (("place", "second")) in found
    assert ("player", "Green") in found and (None, "green") in found
    assert found[(None, "{who}: {parts}; {points} point in all.")].pluralizable


def test_extraction_covers_the_web_app():
    """The web layer's Python, its templates, their plurals and contexts are all in the catalogs."""
    found = {key(m): m for m in messages(extracted())}
    assert (None, "Intermediate scoring") in found  # assistant/web (lazy _l)
    assert (None, "Nothing here") in found  # assistant/web/errors.py
    assert found[(None, "%(num)d monastery on the board")].pluralizable  # a template's ngettext
    assert ("walk", "Start") in found and ("board", "default") in found  # a template's pgettext
    assert any(in_templates(m) for m in found.values())


def untranslated_or_missing(catalog, in_code) -> list[str]:
    """Messages of the code that the catalog lacks, has with another plural, or has not translated."""
    in_catalog = {key(m): m for m in messages(catalog)}
    wrong = []
    for message in messages(in_code):
        entry = in_catalog.get(key(message))
        if entry is None or entry.id != message.id:
            wrong.append(describe(message))
        elif not (all(entry.string) if isinstance(entry.string, tuple) else entry.string) or entry.fuzzy:
            wrong.append(describe(message))
    return wrong


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_in_the_code_is_in_the_catalog(language):
    """Fails when a string is added (or its plural changed) without `make extract` and a translation."""
    missing = untranslated_or_missing(po(language), extracted())
    assert not missing, f"run `make extract`, then translate in {po_path(language)}: {missing}"


def test_a_new_web_string_without_translation_is_caught():
    """The check above on a copy of the code's messages plus one new template string: it fails,
    before `make extract` (not in the catalog) and after it (in the catalog, not translated)."""
    from babel.messages.catalog import Catalog

    code = Catalog()
    for message in messages(extracted()):
        code.add(message.id, None, message.locations, context=message.context)
    code.add("A brand-new button", None, [("templates/home.html", 1)])
    assert untranslated_or_missing(po("de"), code) == ["'A brand-new button'"]
    after_extract = Catalog(locale="de")
    for message in messages(po("de")):
        after_extract.add(message.id, message.string, context=message.context)
    after_extract.add("A brand-new button", "")
    assert untranslated_or_missing(after_extract, code) == ["'A brand-new button'"]
    after_extract.add("A brand-new button", "Ein neuer Knopf", flags=["fuzzy"])
    assert untranslated_or_missing(after_extract, code) == ["'A brand-new button'"]


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
