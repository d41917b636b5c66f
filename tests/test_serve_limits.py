"""The served app takes as many phones as it has connections for: each polling phone keeps one."""
import subprocess
import sys

import pytest

from assistant.web.serving import serve

resource = pytest.importorskip("resource", reason="file limits are POSIX's")  # Windows: select(), 400 connections


def test_the_server_takes_thousands_of_polling_phones():
    assert serve.CONNECTION_LIMIT >= 4000


def test_serving_raises_a_low_file_limit_to_what_the_connections_need():
    script = (
        "import resource\n"
        "from assistant.web.serving.serve import raise_file_limit\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
        "raise_file_limit(5100)\n"
        "print(resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)\n"
    )
    soft, hard = map(int, subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split())
    assert soft == (5100 if hard == resource.RLIM_INFINITY else min(5100, hard))
