"""The systemd unit and the settings file deploy/ ships (docs/deployment.md, "A host's set-up"):
the unit is one systemd accepts, and its command with the file's settings serves as documented."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.request import urlopen

import pytest

from tests.served import LOOPBACK, serving_url

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
UNIT = DEPLOY / "table-scoring@.service"
SETTINGS = DEPLOY / "table-scoring.env"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "deployment.md"


def unit_lines(key: str) -> list[str]:
    return [line.split("=", 1)[1] for line in UNIT.read_text(encoding="utf-8").splitlines() if line.startswith(f"{key}=")]


def settings(commented: bool = False) -> dict[str, str]:
    """The file's settings (``commented``: the optional ones too)."""
    pattern = r"^#?([A-Z_]+)=(.*)$" if commented else r"^([A-Z_]+)=(.*)$"
    return dict(re.findall(pattern, SETTINGS.read_text(encoding="utf-8"), flags=re.MULTILINE))


def test_every_setting_of_the_file_is_documented():
    documented = DOCS.read_text(encoding="utf-8")
    for name in settings(commented=True):
        assert re.search(rf"`{name}[`=]", documented), name


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="systemd-analyze is not installed")
def test_systemd_accepts_the_unit(tmp_path):
    (tmp_path / UNIT.name).write_text(UNIT.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "table-scoring@8000.service").symlink_to(UNIT.name)
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", str(tmp_path / "table-scoring@8000.service")], capture_output=True, text=True, timeout=60)
    complaints = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    # The release is not installed here: its python is all it may miss.
    assert all("/srv/table-scoring/current/bin/python is not executable" in line for line in complaints), complaints


def test_the_units_command_with_the_files_settings_serves(tmp_path):
    """ExecStart as systemd runs it (the release's python: this one; the state folder: the test's)."""
    command = shlex.split(unit_lines("ExecStart")[0].replace("%i", "8000"))
    assert command[:4] == ["/srv/table-scoring/current/bin/python", "-m", "assistant", "serve"]
    command[0] = sys.executable
    command[command.index("--instance") + 1] = str(tmp_path / "8000")
    env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"}, **settings(), "ASSISTANT_HOST": LOOPBACK, "ASSISTANT_PORT": "0"}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = serving_url(process)
        with urlopen(f"{url}/healthz", timeout=10) as answer:
            assert answer.status == 200
    finally:
        process.terminate()
        assert process.wait(timeout=20) == 0
        process.stdout.close()
    assert stat_mode(tmp_path / "8000") == 0o700
    assert not (tmp_path / "8000" / "secret_key").exists()  # ASSISTANT_SECRET_KEY came from the file


def stat_mode(path: Path) -> int:
    return path.stat().st_mode & 0o777
