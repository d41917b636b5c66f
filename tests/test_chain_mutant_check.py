"""The chain search's change checker (benchmarks/chain_mutant_check.py, docs/mutation.md) tells a
change that alters scores from one that does not, so the equivalences it backs can be re-run."""
import subprocess
import sys
from pathlib import Path

CHECK = Path(__file__).resolve().parents[1] / "benchmarks" / "chain_mutant_check.py"
LOOK_AHEAD = "ahead = self.reach(end, left | (1 << end)) & ~(1 << end)"


def check(old: str, new: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(CHECK), old, new, "300"], capture_output=True, text=True, timeout=120)


def test_a_change_that_alters_scores_is_found():
    done = check(LOOK_AHEAD, LOOK_AHEAD.replace("~(1 << end)", "~(2 << end)"))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "longest-per-group" in done.stdout and " 0 differences" not in done.stdout


def test_a_change_that_alters_nothing_finds_no_difference():
    done = check(LOOK_AHEAD, LOOK_AHEAD.replace("(1 << end)", "(end and 1 << end or 1)", 1))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 differences in 300 graphs" in done.stdout


def test_text_not_in_the_search_is_refused():
    done = check("no such text", "x")
    assert done.returncode != 0 and "occurs 0 times" in done.stdout + done.stderr
