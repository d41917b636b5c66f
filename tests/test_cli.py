"""The command line: ``python -m assistant score FILE [FILE ...] [--json]``."""
import json
import subprocess
import sys

import pytest

from assistant.cli import main

GOOD = {
    "scoring": "intermediate",
    "players": [{"color": "green", "name": "José"}, {"color": "red", "name": "María"}, {"color": "blue", "name": "Laura"}],
    "monasteries": {"Frankreich": {"green": 4, "red": 2, "blue": 1}},
}
BAD = {"scoring": "final", "players": [{"color": "green"}, {"color": "red"}]}


@pytest.fixture
def files(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(GOOD), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(BAD), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    return good, bad, broken


def test_json_output_one_object_per_file_in_order(files, capsys):
    good, _, _ = files
    assert main(["score", str(good), str(good), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    report = json.loads(lines[0])
    assert {"scoring", "players", "winners", "steps", "warnings"} <= set(report)
    assert report["winners"] == ["green"]
    green = report["players"][0]
    assert {k: green[k] for k in ("color", "name", "monasteries", "alliances", "chains", "points", "total", "supply_left", "track")} == {
        "color": "green", "name": "José", "monasteries": 7, "alliances": 0, "chains": 0, "points": 7, "total": 7, "supply_left": 24, "track": 7,
    }
    frankreich = report["steps"][5]
    assert {k: frankreich[k] for k in ("kind", "subject", "number", "awards")} == {
        "kind": "country", "subject": "Frankreich", "number": None, "awards": {"green": 7, "red": 4, "blue": 2},
    }


def test_invalid_file_exit_2_error_on_stderr_nothing_on_stdout(files, capsys):
    good, bad, _ = files
    assert main(["score", str(good), str(bad), "--json"]) == 2
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 1  # only the good file
    assert captured.err == "error: players: 2 players given; the game is for 3 to 5 players\n"


def test_broken_json_and_missing_file(files, tmp_path, capsys):
    _, _, broken = files
    assert main(["score", str(broken), str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"error: {broken}: is not valid JSON (line 1, column 2)"
    assert err[1].startswith(f"error: {tmp_path / 'missing.json'}: cannot be read")


def test_readable_output_explains_every_step(files, capsys):
    good, _, _ = files
    assert main(["score", str(good)]) == 0
    out = capsys.readouterr().out
    assert " 6. Frankreich: José (green) has the most monasteries (4) and scores all 7;" in out
    assert "José (green) leads with 7 points after the intermediate scoring." in out


def test_stdin_and_module_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "score", "-", "--json"], input=json.dumps(GOOD), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][1]["points"] == 4


def test_stdin_invalid_exit_status_2():
    done = subprocess.run([sys.executable, "-m", "assistant", "score", "-"], input=json.dumps(BAD), capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: players: ")


def test_unknown_game(tmp_path, capsys):
    path = tmp_path / "g.json"
    path.write_text(json.dumps({**GOOD, "game": "chess"}))
    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error: game: unknown game; the games are: kardinal-und-koenig")
