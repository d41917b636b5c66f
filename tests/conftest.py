import pytest

from assistant.web import db
from tests.client import browser_app


@pytest.fixture
def app(tmp_path):
    """The app as shipped (CSRF on); its test client posts with the page's token."""
    app = browser_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite")})
    yield app
    db.release(app.config["DATABASE"])  # hundreds of tests must not keep hundreds of files open


@pytest.fixture
def client(app):
    return app.test_client()
