"""The shipped image is made once per version of the build context and shared by `make test`'s
two sessions (conftest.kept_image): a session with the same context takes it as it is, a changed
file makes a new one beside it, and an image no session used for a day is removed."""
from __future__ import annotations

import os
import time
from pathlib import Path

from tests.shipped import conftest
from tests.shipped.recipes import Stage


def made_from(context: Path, kept: Path) -> Path:
    return conftest.kept_image(context, Stage(workdir="/src"), Stage(workdir="/app"), kept=kept)


def test_the_same_context_takes_the_image_made_before_and_a_changed_file_makes_a_new_one(tmp_path, monkeypatch):
    environments: list[Path] = []
    monkeypatch.setattr(conftest, "_fresh_python", lambda folder: environments.append(folder) or str(folder / "bin/python"))
    context, kept = tmp_path / "context", tmp_path / "kept"
    (context / "assistant").mkdir(parents=True)
    (context / "assistant" / "app.py").write_text("print('one')\n")

    first = made_from(context, kept)
    assert (first / "ready").is_file() and (first / "context" / "assistant" / "app.py").read_text() == "print('one')\n"
    assert made_from(context, kept) == first and len(environments) == 1  # taken as it was

    (context / "assistant" / "app.py").write_text("print('two')\n")
    second = made_from(context, kept)
    assert second != first and len(environments) == 2
    assert (second / "context" / "assistant" / "app.py").read_text() == "print('two')\n"
    assert first.exists()  # another clone may still be using it


def test_an_image_no_session_used_for_a_day_is_removed_when_another_is_made(tmp_path, monkeypatch):
    monkeypatch.setattr(conftest, "_fresh_python", lambda folder: str(folder / "bin/python"))
    context, kept = tmp_path / "context", tmp_path / "kept"
    context.mkdir()
    (context / "pyproject.toml").write_text("one")
    old = made_from(context, kept)
    (context / "pyproject.toml").write_text("two")
    recent = made_from(context, kept)
    day_ago = time.time() - conftest.UNUSED_SECONDS - 60
    os.utime(old / "ready", (day_ago, day_ago))
    (context / "pyproject.toml").write_text("three")
    newest = made_from(context, kept)
    assert sorted(path.name for path in kept.iterdir() if path.is_dir()) == sorted([recent.name, newest.name])


def test_an_image_left_half_made_is_made_again(tmp_path, monkeypatch):
    environments: list[Path] = []
    monkeypatch.setattr(conftest, "_fresh_python", lambda folder: environments.append(folder) or str(folder / "bin/python"))
    context, kept = tmp_path / "context", tmp_path / "kept"
    context.mkdir()
    (context / "pyproject.toml").write_text("[project]\n")
    image = made_from(context, kept)
    (image / "ready").unlink()  # a session stopped while making it
    assert made_from(context, kept) == image and len(environments) == 2 and (image / "ready").is_file()


def test_the_hash_reads_every_path_and_content():
    folder = Path(__file__).parent
    assert conftest.context_hash(folder) == conftest.context_hash(folder)
    assert conftest.context_hash(folder) != conftest.context_hash(folder.parent / "browser")
