"""benchmarks/heavy_tables.py runs at a tiny size on both stores, so it cannot rot: its figures are
its to print, not this test's to judge. What it can judge: the heavy clients' scorings were taken,
their scores pages listed no more earlier results than a table keeps, and the other table's
phone got every answer it asked for."""
import re
import subprocess
import sys
from pathlib import Path

from assistant.web.store.record import KEPT_SCORINGS

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "heavy_tables.py"


def test_the_heavy_tables_benchmark_prints_another_tables_figures_on_sqlite_and_postgresql():
    done = subprocess.run([sys.executable, str(BENCHMARK), "--clients", "2", "--seconds", "1", "--prepare", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout
    assert "answered" not in said, said  # the other table's phone: every page, tap and poll a 200
    for store in ("sqlite", "postgresql"):
        found = re.search(rf"^{store}: 2 clients .*\(they got (.*)\); another table:\n((?:  .*\n){{3}})", said, re.MULTILINE)
        assert found, said
        assert re.search(r"\d+ x scoring 200", found.group(1)), found.group(1)
        listed = re.search(r"listed (\d+) earlier results and weighed \d+ KB at most", found.group(1))
        assert listed and int(listed.group(1)) <= KEPT_SCORINGS
        assert [line.split()[0] for line in found.group(2).splitlines()] == ["page", "tap", "poll"]
        assert all(re.search(r"p50 +\d+\.\d ms +p99 +\d+\.\d ms", line) for line in found.group(2).splitlines())
