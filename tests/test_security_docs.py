"""docs/security.md shows the nginx site file the HTTPS browser test runs, word for word."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_documented_nginx_config_is_the_tested_file():
    docs = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    site = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    assert f"```nginx\n{site}```\n" in docs
