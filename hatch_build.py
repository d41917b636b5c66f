"""Build hook: compiles the translation catalogs (.po to .mo) into the wheel.

A wheel built from a clean checkout, where no .mo exists yet (they are not committed), still
serves every language. Editable installs skip it: `make` compiles the catalogs in the tree.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface

CATALOGS = "assistant/translations"


class CompileCatalogs(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
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
