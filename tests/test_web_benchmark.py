"""The tap's benchmark (benchmarks/web.py) runs at a tiny size, so it cannot rot: its figures are
its to print, not this test's to judge. What it can judge: every tap answered as the app answers
it (the benchmark reads the version each answer shows), and the floor's taps answered without
their parts."""
import importlib.util
import re
import subprocess
import sys
import tempfile
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def test_the_tap_benchmark_measures_taps_beside_their_floor(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # its own imports (table_entry, baseline_app)
    # by its path: "web" alone is tests/web to pytest
    spec = importlib.util.spec_from_file_location("tap_benchmark", BENCHMARKS / "web.py")
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(benchmark)

    monkeypatch.setattr(benchmark, "CHANGES", 12)
    monkeypatch.setattr(benchmark, "FLOOR_ROUNDS", 2)
    monkeypatch.setattr(benchmark, "STEP_TAPS", 6)
    real_tap = benchmark.tap
    shown_after = []

    def measured_tap(client, token, cell, value, version, times, cpu):
        shown = real_tap(client, token, cell, value, version, times, cpu)
        shown_after.append(shown - version)
        return shown

    monkeypatch.setattr(benchmark, "tap", measured_tap)
    with tempfile.TemporaryDirectory() as folder:
        client = benchmark.shipped_client(Path(folder) / "bench.sqlite")
        answered, floor = benchmark.beside_the_floor(client)
        steps, total = benchmark.tap_steps(client)
    assert len(answered) == len(floor) == 12
    assert all(seconds > 0 for seconds in answered + floor)
    assert shown_after and set(shown_after) == {1}  # every answer, the floor's too, shows the version its tap made
    assert set(steps) == {"load", "parse", "apply", "save", "render", "rest"} and total > 0
    # the patched answer is put back: the app answers in parts again after the floor's rounds
    from assistant.web.views import table as views

    assert views.render_changes.__name__ == "render_changes"


def test_the_instruction_benchmark_runs_its_harness_without_valgrind():
    """benchmarks/tap_instructions.py runs its harness under valgrind (a minute or two, not for
    the suite): the harness alone, answered and floor, must still run; its count is read as
    callgrind prints it."""
    script = BENCHMARKS / "tap_instructions.py"
    for floor in ([], ["--floor"]):
        done = subprocess.run([sys.executable, str(script), "--child", "3", *floor], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
    spec = importlib.util.spec_from_file_location("tap_instructions", script)
    assert spec is not None and spec.loader is not None
    counter = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(counter)
    found = counter.TOTAL.search("==16261== \n==16261== I   refs:      3,960,385,536\n")
    assert found and int(found.group(1).replace(",", "")) == 3_960_385_536
    assert re.search(r"--callgrind-out-file=/dev/null", " ".join(counter._command(5, True)))
