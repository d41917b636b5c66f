import logging

import pytest

from assistant.web.store import db
from tests import session_log
from tests.client import browser_app
from tests.postgres import Cluster, empty

STORES = ("sqlite", "postgresql")


def pytest_configure(config):
    collector = session_log.Collector(logging.DEBUG)
    collector.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(collector)


def pytest_sessionfinish(session, exitstatus):
    """The log of the whole session (this process and every server it started) names no link."""
    found = session_log.with_tokens()
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
