"""The load benchmark (benchmarks/load.py) runs, at a tiny size, so it cannot rot: timings are
its to print, not this test's to judge."""
import subprocess
import sys
from pathlib import Path

LOAD = Path(__file__).resolve().parents[1] / "benchmarks" / "load.py"


def test_the_load_benchmark_runs_eight_phones_for_three_seconds():
    done = subprocess.run(
        [sys.executable, str(LOAD), "--phones", "8", "--seconds", "3", "--changes", "2", "--clients", "1"],
        capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    step = [line for line in done.stdout.splitlines() if "8 phones:" in line]
    assert len(step) == 1, done.stdout
    assert "failures 0" in step[0], done.stdout  # every poll and tap answered as the app answers them
    assert "phones per core used" in done.stdout or "no step passed" in done.stdout
