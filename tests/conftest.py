import logging

import pytest
from hypothesis import HealthCheck, settings

from assistant.web.store import db
from tests import session_log, worker_groups
from tests.client import browser_app
from tests.postgres import Cluster, empty

STORES = ("sqlite", "postgresql")
# Hypothesis judges properties, not speed: no deadline per example and no complaint that data
# came slowly, which a machine busy with other work would trip.
settings.register_profile("busy-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("busy-machine")
TOKENS_FROM_WORKERS = pytest.StashKey[list[str]]()


def pytest_addoption(parser):
    parser.addoption("--sqlite-only", action="store_true", help="leave out every test that needs PostgreSQL (`make test-fast`)")


def pytest_configure(config):
    collector = session_log.Collector(logging.DEBUG)
    collector.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(collector)
    config.stash[TOKENS_FROM_WORKERS] = []
    config.pluginmanager.register(worker_groups.GroupsFirst(), "worker-groups-first")


def _needs_postgresql(item) -> bool:
    """The shared cluster, a [postgresql] parameter, a cluster of its own (in the test or a
    fixture), or PostgreSQL in the test's name (a benchmark run that starts one)."""
    callspec = getattr(item, "callspec", None)
    code = [getattr(getattr(function, "__code__", None), "co_names", ()) for function in (item.function, *(f.func for f in worker_groups.fixtures_of(item)))]
    return ("postgres" in item.fixturenames or "postgresql" in item.originalname or any("Cluster" in names for names in code)
            or (callspec is not None and "postgresql" in callspec.params.values()))


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """``--sqlite-only`` leaves PostgreSQL's tests out. Over several workers (pytest-xdist's
    ``--dist loadgroup``), tests that share a costly fixture run on one worker (tests/worker_groups.py)."""
    if config.getoption("sqlite_only"):
        kept = [item for item in items if not _needs_postgresql(item)]
        config.hook.pytest_deselected(items=[item for item in items if _needs_postgresql(item)])
        items[:] = kept
    worker_groups.mark(items)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """A worker's log lines that name a link, handed to the controller's check (below)."""
    node.config.stash[TOKENS_FROM_WORKERS].extend(node.workeroutput.get("log_lines_with_tokens", []))


def pytest_sessionfinish(session, exitstatus):
    """The log of the whole session (this process, every worker and every server they started) names no link."""
    found = session_log.with_tokens()
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: the controller says it, once for all
        workeroutput["log_lines_with_tokens"] = found
        return
    found += session.config.stash[TOKENS_FROM_WORKERS]
    if found:
        print(f"\n{len(found)} log lines of this session name a table's link or a key, e.g.:\n  " + "\n  ".join(found[:5]))
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def postgres():
    """One throwaway PostgreSQL cluster for the whole run, started when a test first needs it."""
    cluster = Cluster().start()
    yield cluster
    for url in cluster.databases:
        db.forget_postgresql(url)  # this process's pools closed before the server stops
    cluster.stop()


@pytest.fixture(scope="session")
def postgres_database(postgres) -> str:
    """The DATABASE_URL of the database the web tests share, emptied before each of them."""
    return postgres.create_database("web")


@pytest.fixture(params=STORES)
def store(request, tmp_path) -> dict:
    """The app's store setting: SQLite in a file of the test's own, or the shared PostgreSQL database emptied."""
    if request.param == "sqlite":
        return {"DATABASE": str(tmp_path / "test.sqlite")}
    url = request.getfixturevalue("postgres_database")
    empty(url)
    return {"DATABASE_URL": url}


@pytest.fixture
def app(store):
    """The app as shipped (CSRF on), on each store; its test client posts with the page's token."""
    app = browser_app({"TESTING": True, **store})
    yield app
    if "DATABASE" in store:
        db.release(app.config["DATABASE"])  # hundreds of tests must not keep hundreds of files open


@pytest.fixture
def client(app):
    return app.test_client()
