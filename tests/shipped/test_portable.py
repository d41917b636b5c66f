"""The app imports and serves without Linux-only modules (macOS, Windows), and still finds the
addresses other phones can reach."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

# A Python without fcntl (as on Windows): serve, answer one request, list the addresses.
WITHOUT_FCNTL = """
import json, os, signal, sys, tempfile, threading, time, urllib.request
sys.modules["fcntl"] = None
from assistant.cli import main
from assistant.web.serving.serve import free_port
from assistant.web.serving.sharing import lan_addresses
port = free_port("127.0.0.1")

def probe():
    for attempt in range(100):
        try:
            status = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10).status
            break
        except OSError:
            time.sleep(0.1)
    print(json.dumps({"status": status, "addresses": lan_addresses()}), flush=True)
    os.kill(os.getpid(), signal.SIGTERM)  # the server stops as a container stops it

threading.Thread(target=probe, daemon=True).start()
sys.exit(main(["serve", "--port", str(port), "--instance", tempfile.mkdtemp()]))
"""


def found_without_fcntl(installed) -> dict:
    """Run by the installed package (conftest.py), outside the repository."""
    done = subprocess.run([installed.python, "-c", WITHOUT_FCNTL], cwd=installed.root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    # The server's own "Serving on" line may come before or after the probe's answer.
    return json.loads(next(line for line in done.stdout.splitlines() if line.startswith("{")))


def test_the_app_imports_and_serves_without_fcntl(installed):
    assert found_without_fcntl(installed)["status"] == 200


@pytest.mark.skipif(sys.platform != "linux", reason="the reference list is read with a Linux system call")
def test_without_fcntl_the_lan_addresses_are_the_kernels_own(installed):
    addresses = found_without_fcntl(installed)["addresses"]
    expected = [a for a in kernel_ipv4_addresses() if not a.startswith(("127.", "169.254."))]
    assert set(expected) <= set(addresses) and bool(addresses) == bool(expected), (addresses, expected)


def kernel_ipv4_addresses() -> list[str]:
    """The reference: the kernel's list of interface addresses (SIOCGIFCONF), Linux only."""
    import array
    import fcntl
    import socket
    import struct

    size = 40 * 64
    buffer = array.array("B", b"\0" * size)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:  # never connected, never sends
        request = struct.pack("iL", size, buffer.buffer_info()[0])
        length = struct.unpack("iL", fcntl.ioctl(sock.fileno(), 0x8912, request))[0]
    data = buffer.tobytes()[:length]
    return [socket.inet_ntoa(data[i + 20 : i + 24]) for i in range(0, length, 40)]
