"""One core, two places (issue 48): the scoring core under Pyodide in node, loaded as a phone
loads it (static/vendor/pyodide, the vendored wheels, the core's zip from core_archive.py), gives
the same JSON text as CPython for the same position and language, byte for byte: the golden
positions (the examples in the README and docs/, the positions read aloud in five languages, and
every position the core's own tests score, the rulebooks' worked examples among them, recorded as
they state them) and a few hundred random ones from the property tests' strategies, refusals
included. One node process scores them all (Pyodide starts once: about 20 s on a busy machine)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from assistant.core_archive import core_zip
from assistant.games import DEFAULT_GAME
from assistant.report_json import score_held_board, score_to_json
from assistant.translator import LANGUAGES
from assistant.web.views.offline import STDLIB
from tests.kardinal.test_properties import positions, road_graphs
from tests.princeps.test_properties import tables
from tests.test_docs import marked

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "static" / "vendor" / "pyodide"
RUNNER = Path(__file__).with_name("score_batch.mjs")
READ_ALOUD = ROOT / "tests" / "i18n" / "read_aloud"
# The core's tests whose positions are recorded (tests/pyodide/record_positions.py): the worked
# examples of the rulebooks, the report in full, variants, edge cases and refusals; about 5 s.
RECORDED_FROM = [
    "tests/kardinal/test_rulebook_examples.py", "tests/kardinal/test_report_in_full.py", "tests/kardinal/test_variants.py",
    "tests/kardinal/test_alliances_and_chains.py", "tests/kardinal/test_monasteries.py", "tests/kardinal/test_winner.py",
    "tests/kardinal/test_validation.py", "tests/princeps/test_categories.py", "tests/princeps/test_winner.py",
    "tests/princeps/test_validation.py", "tests/princeps/test_texts.py",
]
RANDOM_POSITIONS = 300


def documented_positions() -> list[dict[str, str]]:
    bodies = [block.body for kind in ("example", "error") for block in marked(kind).values() if block.lang == "json"]
    return [{"language": language, "position": body} for body in bodies for language in ("en", "de")]


def read_aloud_positions() -> list[dict[str, str]]:
    return [{"language": language, "position": path.read_text(encoding="utf-8")} for path in sorted(READ_ALOUD.glob("*.json")) for language in LANGUAGES]


def recorded_positions(folder: Path) -> list[dict[str, str]]:
    target = folder / "recorded.json"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.pyodide.record_positions", *RECORDED_FROM],
        cwd=ROOT, env={**os.environ, "RECORD_POSITIONS_TO": str(target)}, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    cases: list[dict[str, str]] = json.loads(target.read_text(encoding="utf-8"))
    return cases


@st.composite
def kardinal_with_chains(draw):
    """A property test's board, with random roads for some players in a final scoring."""
    data = draw(positions())
    if data["scoring"] == "final":
        colors = [player["color"] for player in data["players"]]
        chosen = draw(st.lists(st.sampled_from(colors), unique=True))
        data["chains"] = {color: {"roads": draw(road_graphs(max_nodes=12))} for color in chosen}
        data["rules"] = {"chains": draw(st.sampled_from(["disjoint", "longest-per-group"]))}
    return data


def random_positions(count: int) -> list[dict[str, str]]:
    drawn: list[dict[str, str]] = []

    @settings(max_examples=count, derandomize=True, database=None, phases=[Phase.generate], deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.one_of(kardinal_with_chains(), tables()), st.sampled_from(LANGUAGES))
    def draw(position, language):
        drawn.append({"language": language, "position": json.dumps(position, ensure_ascii=False)})

    draw()
    return drawn


# Taps a phone keeps and has not sent (static/app.js), applied to the board it holds before scoring
# (assistant/games/taps.py): counts, a row's rest, chains, a name, a rule, Undos (with the value set
# back, or a row's), and ones it cannot apply.
KEPT_TAPS = [
    ["cell=monasteries.England.green&value=3&screen=board", "cell=monasteries.Frankreich.green&adjust=3", "cell=advisors.Aragon.red&rest=0"],
    ["cell=chains.green&add=5", "cell=chains.green&remove=5", "cell=chains.red&add=4", "cell=players.1.name&value=+Berta++Maria"],
    ["cell=rules.chains&value=longest-per-group"], ["cell=players.0.territories.gold.stable&value=2", "cell=rules.ties&value=nobody"],
    ["cell=monasteries.England.green&value=3", "cell=monasteries.England.green&undo=abcdefgh12&before=1", "cell=advisors.Aragon.red&undo=abcdefgh13&rest=0"],
    ["cell=monasteries.England.green&undo=abcdefgh12&value="], ["cell=sketch.green&spot=2.3"], ["cell=players.9.name&value=Eve"],
]


def kept_taps_positions() -> list[dict[str, str]]:
    boards = [case for case in documented_positions() if case["language"] == "de"]
    return [{**board, "taps": json.dumps(taps)} for board in boards for taps in KEPT_TAPS]


def cpython(case: dict[str, str]) -> str:
    if "taps" in case:
        return score_held_board(case["position"], case["taps"], case["language"])
    return score_to_json(case["position"], case["language"])


def under_pyodide(cases: list[dict[str, str]], folder: Path) -> list[str]:
    node = shutil.which("node")
    assert node, "node (Debian's nodejs) is missing: make system-packages installs it"
    (folder / "core.zip").write_bytes(core_zip())
    (folder / "cases.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run([node, str(RUNNER), str(VENDOR), str(folder / "core.zip"), str(folder / "cases.json"), str(VENDOR / STDLIB)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    answers: list[str] = json.loads(run.stdout)
    return answers


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """Each case with CPython's answer and Pyodide's, by the kind of position."""
    folder = tmp_path_factory.mktemp("pyodide")
    kinds = {
        "documented": documented_positions(),
        "read aloud": read_aloud_positions(),
        "recorded": recorded_positions(folder),
        "random": random_positions(RANDOM_POSITIONS),
        "kept taps": kept_taps_positions(),
    }
    cases = [case for group in kinds.values() for case in group]
    answers = iter(under_pyodide(cases, folder))
    return {kind: [(case, cpython(case), next(answers)) for case in group] for kind, group in kinds.items()}


def differences(compared):
    return [{"case": case, "cpython": cpython, "pyodide": pyodide} for case, cpython, pyodide in compared if cpython != pyodide]


@pytest.mark.parametrize("kind", ["documented", "read aloud", "recorded", "random", "kept taps"])
def test_pyodide_gives_the_same_report_as_cpython(both, kind):
    assert differences(both[kind])[:3] == []


def test_the_golden_positions_are_there_and_some_are_refused(both):
    """The comparison is over what it claims: the README's example in German scored as the README
    says, the rulebook examples recorded, reports and refusals both, random boards of both games."""
    readme = [pyodide for case, _, pyodide in both["documented"] if case["language"] == "de" and '"Andreas"' in case["position"]]
    assert any("Andreas (Grün) gewinnt mit 50 Punkten" in answer for answer in readme)
    assert len(both["recorded"]) >= 150
    answers = [json.loads(pyodide) for group in both.values() for _, _, pyodide in group]
    assert sum("errors" in answer for answer in answers) >= 20
    assert sum("steps" in answer for answer in answers) >= 300
    games = {json.loads(case["position"]).get("game", DEFAULT_GAME) for case, _, _ in both["random"]}
    assert games == {"kardinal-und-koenig", "princeps-machiavelli"}
    assert len(both["random"]) >= RANDOM_POSITIONS * 0.9
    held = [json.loads(pyodide) for _, _, pyodide in both["kept taps"]]
    assert sum("steps" in answer for answer in held) >= 8 and sum("unapplied" in answer for answer in held) >= 10
