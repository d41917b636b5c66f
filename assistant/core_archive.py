"""The scoring core as one zip: what a phone unpacks into Pyodide to score with no connection.

The same files the server imports, taken from the installed package (or the source tree), none
copied or rewritten: the games, the problems, the translator, the JSON reading, this package's
``report_json`` and the compiled catalogs (without them the translator would need Babel to compile
the .po, and Babel is not on the phone). Nothing of the web app is in it.
"""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

from assistant.translator import DEFAULT_LANGUAGE, LANGUAGES

PACKAGE = Path(__file__).resolve().parent
MODULES = ("__init__.py", "problems.py", "translator.py", "json_input.py", "report_json.py")
FIXED_TIME = (2000, 1, 1, 0, 0, 0)  # the same files give the same bytes, so the same digest


class CatalogsNotCompiled(RuntimeError):
    """A language's .mo is missing (a source tree where `make translations` has not run)."""


def core_files() -> list[Path]:
    """Every file of the core, in a fixed order."""
    games = sorted(p for p in (PACKAGE / "games").rglob("*") if p.is_file() and p.suffix in {".py", ".json"})
    # An installed package carries the .mo alone (no .po): named by language, not found by the .po.
    compiled = [PACKAGE / "translations" / code / "LC_MESSAGES" / "messages.mo" for code in LANGUAGES if code != DEFAULT_LANGUAGE]
    missing = [str(mo.relative_to(PACKAGE)) for mo in compiled if not mo.exists()]
    if missing:
        raise CatalogsNotCompiled(f"not compiled (make translations): {', '.join(missing)}")
    return [PACKAGE / name for name in MODULES] + games + compiled


def core_zip() -> bytes:
    """The core's files under ``assistant/``, as Python finds them on ``sys.path``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in core_files():
            info = zipfile.ZipInfo(f"assistant/{path.relative_to(PACKAGE).as_posix()}", FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()
