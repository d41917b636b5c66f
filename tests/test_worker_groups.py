"""Tests that share a costly fixture run on one pytest-xdist worker (tests/worker_groups.py), as
`make test` runs them (``--dist loadgroup``). pytest 9.2 silently undid this: xdist 3.8 names
a group by changing the test's id, which pytest 9.2 no longer lets it do
(https://github.com/pytest-dev/pytest-xdist/issues/1386), so each worker made every module's
server, browser and wheel again; pyproject.toml keeps pytest below 9.2 until xdist follows."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from tests import worker_groups

ROOT = Path(__file__).resolve().parents[1]
CONFTEST = """
import pytest
from tests import worker_groups

def pytest_configure(config):
    config.pluginmanager.register(worker_groups.GroupsFirst())

@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    worker_groups.mark(items)
"""
# A module whose tests share a module-scoped fixture; each set-up leaves a line in made.txt.
SHARED = """
import os
import pytest

@pytest.fixture(scope="module", params={params})
def costly(request):
    with open("made.txt", "a") as made:
        made.write(f"{{__name__}}[{{request.param}}]\\n")
    return request.param

@pytest.mark.parametrize("n", range({tests}))
def test_shares_it(costly, n):
    assert costly in {params}
"""
ALONE = """
import pytest

@pytest.mark.parametrize("n", range(12))
def test_alone(n):
    assert n >= 0
"""
ENVIRONMENT = {**os.environ, "PYTHONPATH": str(ROOT)}
RAN = re.compile(r"^\[(gw\d+)\] .*PASSED (\S+)::\S+\[(\w+)-\d+\]", re.MULTILINE)


def pytest_in(folder: Path, *arguments: str) -> str:
    run = subprocess.run([sys.executable, "-m", "pytest", *arguments, "-p", "no:cacheprovider", "-c", os.devnull, "--rootdir", str(folder)],
                         cwd=folder, env=ENVIRONMENT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def test_tests_sharing_a_module_fixture_run_on_one_worker_and_make_it_once(tmp_path):
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_first.py").write_text(SHARED.format(params='("one",)', tests=6))
    (tmp_path / "test_second.py").write_text(SHARED.format(params='("sqlite", "postgresql")', tests=6))
    (tmp_path / "test_alone.py").write_text(ALONE)
    said = pytest_in(tmp_path, "-n", "2", "--dist", "loadgroup", "-v")
    workers: dict[str, set[str]] = defaultdict(set)
    for worker, module, param in RAN.findall(said):
        workers[f"{module.split('@')[0]}:{param}"].add(worker)
    assert sorted(workers) == ["test_first.py:one", "test_second.py:postgresql", "test_second.py:sqlite"], said
    assert {group: len(ran_on) for group, ran_on in workers.items()} == dict.fromkeys(workers, 1), said
    made = (tmp_path / "made.txt").read_text().split()
    assert sorted(made) == ["test_first[one]", "test_second[postgresql]", "test_second[sqlite]"]  # each once
    assert len(re.findall(r"PASSED test_alone\.py", said)) == 12


def test_a_group_of_one_test_collected_last_is_handed_out_before_the_single_tests(tmp_path):
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_alone.py").write_text(ALONE)
    (tmp_path / "test_last.py").write_text(SHARED.format(params='("one",)', tests=1))
    collected = [line for line in pytest_in(tmp_path, "--collect-only", "-q").splitlines() if "::" in line]
    assert len(collected) == 13
    assert collected[0] == "test_last.py::test_shares_it[one-0]", collected


class Collected:
    """Just what group_of reads of a collected test."""

    def __init__(self, *marks: pytest.Mark) -> None:
        self.marks = {mark.name: mark for mark in marks}
        self.path = ROOT / "tests/web/test_somewhere.py"
        self._fixtureinfo = type("FixtureInfo", (), {"name2fixturedefs": {}})()

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return self.marks.get(name)


def test_timing_tests_that_load_the_cores_share_one_group_and_those_that_wait_have_none():
    loads = pytest.mark.timing(loads_cores=True).mark
    waits = pytest.mark.timing.mark
    assert worker_groups.group_of(Collected(loads)) == worker_groups.group_of(Collected(loads)) == worker_groups.LOADS_CORES
    assert worker_groups.group_of(Collected(waits)) is None
    assert worker_groups.group_of(Collected()) is None
