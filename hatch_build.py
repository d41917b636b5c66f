"""Build hook: what a wheel carries beyond the package's own files.

- templates/ and static/, kept at the top of the repository, go into the package
  (assistant/web/templates, assistant/web/static), where the installed app looks first;
- the translation catalogs are compiled (.po to .mo), so a wheel built from a clean checkout,
  where no .mo exists yet (they are not committed), serves every language.

An editable install gets neither: it reads templates, static files and catalogs from the source
tree (`make` compiles the catalogs there). Declared as `force-include` in pyproject.toml, the
folders would be copied into site-packages by an editable install too, and go stale there.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface

FOLDERS = {"templates": "assistant/web/templates", "static": "assistant/web/static"}
CATALOGS = "assistant/translations"


class ShippedFiles(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        for folder, inside in FOLDERS.items():
            build_data["force_include"][str(Path(self.root, folder))] = inside
        self.compiled = Path(tempfile.mkdtemp(prefix="catalogs-"))
        for po in sorted(Path(self.root, CATALOGS).glob("*/LC_MESSAGES/messages.po")):
            language = po.parts[-3]
            mo = self.compiled / language / "messages.mo"
            mo.parent.mkdir()
            with po.open("rb") as source:
                catalog = read_po(source, locale=language)
            with mo.open("wb") as target:
                write_mo(target, catalog)  # fuzzy entries left out, as `pybabel compile` does
            build_data["force_include"][str(mo)] = f"{CATALOGS}/{language}/LC_MESSAGES/messages.mo"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        if hasattr(self, "compiled"):
            shutil.rmtree(self.compiled, ignore_errors=True)
