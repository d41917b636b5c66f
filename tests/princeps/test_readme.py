"""The README's input and output examples are what the assistant really does."""
import json
import re
from pathlib import Path

from assistant.games.princeps import GAME

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_example_is_the_real_output():
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Princeps Machiavelli") :]
    given, shown = (json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)[:2])
    real = GAME.score(given).to_json()
    placeholder = [i for i, s in enumerate(shown["steps"]) if isinstance(s, str)]
    assert placeholder == [1]  # "… the other categories …" stands for steps 2 to 4
    assert shown["steps"][0] == real["steps"][0]
    assert shown["steps"][2:] == real["steps"][4:]
    assert {k: v for k, v in shown.items() if k != "steps"} == {k: v for k, v in real.items() if k != "steps"}
