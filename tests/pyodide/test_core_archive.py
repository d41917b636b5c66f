"""The core's zip the phone unpacks (assistant/core_archive.py): what is in it, the same bytes
every time (so one digest per version), and a clear refusal when a catalog is not compiled."""
import io
import shutil
import zipfile

import pytest

from assistant import core_archive


def test_the_zip_holds_the_core_and_its_compiled_catalogs_and_nothing_of_the_web_app():
    names = zipfile.ZipFile(io.BytesIO(core_archive.core_zip())).namelist()
    assert {"assistant/__init__.py", "assistant/report_json.py", "assistant/games/work.py", "assistant/games/kardinal/board.json",
            "assistant/translations/da/LC_MESSAGES/messages.mo"} <= set(names)
    assert not [name for name in names if name.startswith(("assistant/web/", "assistant/cli")) or name.endswith((".po", ".pyc"))]


def test_the_same_files_give_the_same_bytes():
    assert core_archive.core_zip() == core_archive.core_zip()


def test_a_catalog_not_compiled_is_named(tmp_path, monkeypatch):
    package = tmp_path / "assistant"
    shutil.copytree(core_archive.PACKAGE, package, ignore=shutil.ignore_patterns("web", "__pycache__"))
    (package / "translations" / "it" / "LC_MESSAGES" / "messages.mo").unlink()
    monkeypatch.setattr(core_archive, "PACKAGE", package)
    with pytest.raises(core_archive.CatalogsNotCompiled, match="translations/it/LC_MESSAGES/messages.mo"):
        core_archive.core_zip()
