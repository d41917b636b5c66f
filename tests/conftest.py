import pytest

from tests.client import browser_app


@pytest.fixture
def app(tmp_path):
    """The app as shipped (CSRF on); its test client posts with the page's token."""
    yield browser_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite")})


@pytest.fixture
def client(app):
    return app.test_client()
