"""`python -m assistant serve` refuses what it cannot do in words, never with a traceback."""
from __future__ import annotations

import subprocess
from urllib.parse import urlsplit

from tests.shipped.conftest import LOOPBACK, clean_environment


def serve(installed, *arguments: str, env: dict | None = None) -> subprocess.CompletedProcess:
    argv = [installed.python, "-m", "assistant", "serve", "--instance", str(installed.root / "refused"), *arguments]
    return subprocess.run(argv, cwd=installed.root, env={**clean_environment(), **(env or {})}, capture_output=True, text=True, timeout=60)


def test_a_taken_port_is_named(installed, served):
    port = str(urlsplit(served.url).port)
    done = serve(installed, "--host", LOOPBACK, "--port", port)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"cannot listen on http://{LOOPBACK}:{port}:" in done.stderr


def test_a_bad_setting_from_the_environment_names_its_option(installed):
    done = serve(installed, env={"ASSISTANT_PORT": "80a"})
    assert done.returncode == 2 and "argument --port: '80a' is not a whole number from 0 to 65535" in done.stderr


def test_the_debugger_is_refused_on_a_network_address(installed):
    done = serve(installed, "--debug", "--host", "0.0.0.0")
    assert done.returncode == 2 and "only on 127.0.0.1 or localhost" in done.stderr
