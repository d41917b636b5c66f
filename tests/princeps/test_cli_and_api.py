"""The command line and /api/score pick the game from the JSON's "game" field."""
import io
import json
import subprocess
import sys

import pytest

from assistant.cli import EXIT_INVALID, score_files
from assistant.games import game_slugs, get_game
from assistant.translator import ENGLISH
from tests.princeps.helpers import player, position

GAME = position(
    player("Ana", gold=(3, 0), farming=(0, 1)),
    player("Ben", trade=(2, 0), farming=(0, 2)),
)
INVALID = position(player("Ana", gold=(-1, 0)), player("ana"))


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_registry_offers_the_game():
    assert "princeps-machiavelli" in game_slugs()
    assert get_game("princeps-machiavelli").title == "Princeps Machiavelli"


def test_cli_json_one_object_per_line(tmp_path):
    files = [write(tmp_path, "a.json", GAME), write(tmp_path, "b.json", position(player("Cy", gold=(1, 0)), player("Dee")))]
    run = subprocess.run(
        [sys.executable, "-m", "assistant", "score", *files, "--json"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    first, second = (json.loads(line) for line in run.stdout.splitlines())
    assert first["game"] == "princeps-machiavelli"
    assert first["winners"] == ["Ana"] and first["decided_by"] == "stable"
    assert [p["vp"] for p in first["players"]] == [2, 2]
    assert second["winners"] == ["Cy"]


def test_cli_invalid_file_exit_2_errors_on_stderr_nothing_on_stdout(tmp_path):
    files = [write(tmp_path, "bad.json", INVALID), write(tmp_path, "good.json", GAME)]
    run = subprocess.run(
        [sys.executable, "-m", "assistant", "score", *files, "--json"], capture_output=True, text=True, check=False
    )
    assert run.returncode == EXIT_INVALID
    assert run.stderr.splitlines() == [
        "error: players.1.name: ana is already the name of another player",
        "error: players.0.territories.gold.stable: must not be negative",
    ]
    [line] = run.stdout.splitlines()  # only the valid file
    assert json.loads(line)["winners"] == ["Ana"]


def test_cli_readable_output(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    status = score_files([write(tmp_path, "game.json", GAME)], as_json=False, tr=ENGLISH, out=out, err=err)
    assert status == 0 and err.getvalue() == ""
    lines = out.getvalue().splitlines()
    assert " 1. Most territories: Ana and Ben share it (4 each), +1 VP each." in lines
    assert " 5. Ana and Ben are tied on 2 VP; most stable territories: Ana (3) wins." in lines
    assert lines[-2] == "Ana wins on the first tie-break: tied on 2 VP, but with the most stable territories (3)."
    assert any(line.startswith("Ana: 2 VP (territories 4, stable 3;") for line in lines)


def test_cli_prints_warnings(tmp_path):
    out = io.StringIO()
    data = position(*(player(name) for name in "ABCDEF"))
    score_files([write(tmp_path, "six.json", data)], as_json=False, tr=ENGLISH, out=out, err=io.StringIO())
    assert "warning: players: 6 players, but the game has only 5 Prince cards, one per player" in out.getvalue()


def test_json_output_shape():
    report = get_game("princeps-machiavelli").score(GAME)
    data = json.loads(json.dumps(report.to_json()))
    assert list(data) == ["game", "rules", "players", "winners", "decided_by", "verdict", "steps", "warnings", "notes"]
    assert data["rules"] == {"ties": "shared"}
    assert set(data["players"][0]) == {
        "name", "vp", "territories", "stable", "destabilised", "gold", "trade", "farming",
        "stable_gold", "stable_trade", "stable_farming", "categories",
    }  # fmt: skip
    category = data["steps"][1]
    assert category == {
        "kind": "category",
        "subject": "stable_gold",
        "number": None,
        "awards": {"Ana": 1},
        "text": "Most stable gold territories: Ana (3), +1 VP.",
        "totals": {"Ana": 2, "Ben": 1},
        "details": {"counts": {"Ana": 3, "Ben": 0}, "most": 3, "holders": ["Ana"], "outcome": "single"},
    }
    tie_break = data["steps"][4]
    assert (tie_break["kind"], tie_break["subject"], tie_break["number"]) == ("tie-break", "stable", 1)


# --- /api/score -------------------------------------------------------------------------------
def test_api_scores_the_game(client):
    response = client.post("/api/score", json=GAME)
    assert response.status_code == 200
    data = response.get_json()
    assert data["game"] == "princeps-machiavelli"
    assert data["winners"] == ["Ana"]
    assert data["verdict"] == "Ana wins on the first tie-break: tied on 2 VP, but with the most stable territories (3)."


def test_api_gives_the_same_json_as_the_cli(client, tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "assistant", "score", write(tmp_path, "a.json", GAME), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert client.post("/api/score", json=GAME).get_json() == json.loads(run.stdout)


@pytest.mark.parametrize(
    "data, errors",
    [
        (INVALID, [
            {"field": "players.1.name", "reason": "ana is already the name of another player"},
            {"field": "players.0.territories.gold.stable", "reason": "must not be negative"},
        ]),
        (position(), [{"field": "players", "reason": "no players given; this app scores 2 or more players (the rulebook names no number)"}]),
    ],
)  # fmt: skip
def test_api_invalid_input_names_the_fields(client, data, errors):
    response = client.post("/api/score", json=data)
    assert response.status_code == 400
    assert response.get_json()["errors"] == errors
