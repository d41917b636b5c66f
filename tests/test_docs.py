"""Every JSON example and command in the README and docs/ runs and gives what the text says.

Each JSON block is marked by the HTML comment before it: ``<!-- example: NAME -->`` (a
position that scores), ``<!-- error: NAME -->`` (one that is refused), ``<!-- output: NAME -->``
(keys of its ``--json`` output), ``<!-- readable: NAME -->`` and ``<!-- stderr: NAME -->``
(lines of the printed output, in order), ``<!-- history: NAME -->`` (a table's history as
``/api/tables/<link>/history`` gives it: tests/web/test_record.py).
"""
from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"(?:<!-- (?P<kind>\w+): (?P<name>[\w-]+) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```", re.S)
ANY_ELEMENTS = "…"  # a list element starting with it stands for any number of elements


@dataclass(frozen=True)
class Block:
    document: str
    kind: str | None
    name: str | None
    lang: str
    body: str


def blocks() -> list[Block]:
    found = []
    for path in DOCUMENTS:
        for match in BLOCK.finditer(path.read_text(encoding="utf-8")):
            found.append(Block(path.name, match["kind"], match["name"], match["lang"], match["body"]))
    return found


def marked(kind: str) -> dict[str, Block]:
    return {f"{b.document}:{b.name}": b for b in blocks() if b.kind == kind}


def score(body: str, tmp_path: Path, *options: str) -> subprocess.CompletedProcess:
    position = tmp_path / "position.json"
    position.write_text(body, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "assistant", "score", str(position), *options], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )


def matches(documented, actual) -> bool:
    """Every key the text shows has the value the program gives; lists match element by element,
    where an element "… …" stands for any number of elements."""
    if isinstance(documented, dict):
        return isinstance(actual, dict) and all(key in actual and matches(value, actual[key]) for key, value in documented.items())
    if isinstance(documented, list):
        if not isinstance(actual, list):
            return False
        if documented and isinstance(documented[0], str) and documented[0].startswith(ANY_ELEMENTS):
            rest = documented[1:]
            return any(matches(rest, actual[skip:]) for skip in range(len(actual) + 1))
        if not documented:
            return not actual
        return bool(actual) and matches(documented[0], actual[0]) and matches(documented[1:], actual[1:])
    return documented == actual


def lines_in_order(documented: str, printed: str) -> bool:
    remaining = iter(printed.splitlines())
    return all(any(line == wanted for line in remaining) for wanted in documented.strip("\n").splitlines())


def test_every_json_block_is_marked_and_every_mark_has_its_example():
    json_blocks = [b for b in blocks() if b.lang == "json"]
    assert len(json_blocks) >= 6
    assert [f"{b.document}: {b.body[:60]}" for b in json_blocks if b.kind not in ("example", "error", "output", "history")] == []
    inputs = set(marked("example")) | set(marked("error"))
    for kind in ("output", "readable", "stderr"):
        assert set(marked(kind)) <= inputs, f"{kind} blocks without their example"


@pytest.mark.parametrize("key", sorted(marked("example")))
def test_each_example_scores_and_prints_what_the_docs_say(key, tmp_path):
    example = marked("example")[key]
    readable = score(example.body, tmp_path)
    assert (readable.returncode, readable.stderr) == (0, "")
    if key in marked("readable"):
        assert lines_in_order(marked("readable")[key].body, readable.stdout), readable.stdout
    as_json = score(example.body, tmp_path, "--json")
    assert as_json.returncode == 0
    output = json.loads(as_json.stdout)
    if key in marked("output"):
        assert matches(json.loads(marked("output")[key].body), output), json.dumps(output, ensure_ascii=False)[:3000]


@pytest.mark.parametrize("key", sorted(marked("error")))
def test_each_error_example_is_refused_as_the_docs_say(key, tmp_path):
    refused = score(marked("error")[key].body, tmp_path)
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert lines_in_order(marked("stderr")[key].body, refused.stderr), refused.stderr


def test_the_matcher_notices_a_wrong_value():
    assert matches({"a": [1, "… any", 4]}, {"a": [1, 2, 3, 4], "b": 0})
    assert not matches({"a": [1, "… any", 5]}, {"a": [1, 2, 3, 4]})
    assert not matches({"a": 1, "c": 2}, {"a": 1})
    assert not matches([1, 2], [1, 2, 3])


def readme_lines(containing: str) -> list[str]:
    """The lines of the README's unmarked code blocks (its commands) that contain ``containing``."""
    return [line for b in blocks() if b.document == "README.md" and b.kind is None for line in b.body.splitlines() if containing in line]


def test_the_readme_commands_run_on_the_readme_example(tmp_path):
    """The `score` lines; the `curl` line runs against the installed server in tests/shipped."""
    commands = readme_lines("-m assistant score position.json")
    assert len(commands) == 2
    (tmp_path / "position.json").write_text(marked("example")["README.md:readme-kardinal"].body, encoding="utf-8")
    printed = []
    for command in commands:
        words = shlex.split(command)
        assert words[0] == ".venv/bin/python"
        result = subprocess.run([sys.executable, *words[1:]], capture_output=True, text=True, cwd=tmp_path, timeout=60)
        assert (result.returncode, result.stderr) == (0, ""), command
        printed.append(result.stdout)
    assert "Andreas (green) wins with 50 points." in printed[0]
    assert json.loads(printed[1])["verdict"] == "Andreas (Grün) gewinnt mit 50 Punkten."
