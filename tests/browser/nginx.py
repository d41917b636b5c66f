"""Debian's nginx as a test-owned process: deploy/nginx.conf, filled in, in front of a server.

The site file is the documented one; only the frame around it (pid file, temp folders, a
group of servers as docs/deployment.md declares it, a log of its own with the headers the
browser sent) belongs to the test.
"""
from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path
from string import Template

import trustme

SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
PORTS = range(5200, 5300)  # this project's helpers' range for the HTTPS test
# What Chromium sent: the test asserts on it (quoted, so an empty header shows as "").
LOG_FORMAT = '"$request" "$http_origin" "$http_sec_fetch_site" "$http_referer"'


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if not found:
        raise RuntimeError("nginx is missing: `make test` installs it (the nginx target)")
    return found


def site_config(listen: str, certificate: Path, key: Path, upstream: str, logs: Path) -> str:
    """deploy/nginx.conf with its ${…} values filled in (nginx's own $variables stay), and the
    test's own log of what the browser sent beside the shipped one."""
    values = {"LISTEN": listen, "SERVER_NAME": "localhost", "CERTIFICATE": str(certificate), "CERTIFICATE_KEY": str(key), "UPSTREAM": upstream, "LOGS": str(logs)}
    site = Template(SITE.read_text(encoding="utf-8")).safe_substitute(values)
    shipped_log = f"    access_log {logs}/table-scoring.access.log assistant_masked;\n"
    assert shipped_log in site, "deploy/nginx.conf's access_log line changed: change this helper too"
    return site.replace(shipped_log, shipped_log + f"    access_log {logs}/access.log browser;\n")


def upstream_group(name: str, servers: list[str]) -> str:
    """The group of app servers as docs/deployment.md declares it (``UPSTREAM=http://<name>``)."""
    lines = "".join(f"    server {server.removeprefix('http://')} max_fails=0;\n" for server in servers)
    return f"upstream {name} {{\n{lines}}}\n"


def main_config(folder: Path, site: Path, upstreams: str = "") -> str:
    # As root, the workers would become "nobody" and could not enter the test's private folder.
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 64; }}
http {{
    log_format browser '{LOG_FORMAT}';
    access_log {folder}/access.log browser;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
{upstreams}    include {site};
}}
"""


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS}")


class Nginx:
    """Terminates TLS with a throwaway CA's certificate and proxies to ``upstream``, or to the
    group of ``servers`` (then ``upstream`` is ignored)."""

    def __init__(self, folder: Path, upstream: str = "", servers: list[str] | None = None):
        self.folder = folder
        ca = trustme.CA()
        certificate = ca.issue_cert("127.0.0.1", "localhost")
        certificate.cert_chain_pems[0].write_to_path(folder / "cert.pem")
        for extra in certificate.cert_chain_pems[1:]:
            extra.write_to_path(folder / "cert.pem", append=True)
        certificate.private_key_pem.write_to_path(folder / "key.pem")
        ca.cert_pem.write_to_path(folder / "ca.pem")
        self.port = free_port()
        site = folder / "site.conf"
        upstreams = upstream_group("assistant", servers) if servers else ""
        upstream = "http://assistant" if servers else upstream
        site.write_text(site_config(f"127.0.0.1:{self.port}", folder / "cert.pem", folder / "key.pem", upstream, folder), encoding="utf-8")
        (folder / "nginx.conf").write_text(main_config(folder, site, upstreams), encoding="utf-8")
        self.url = f"https://127.0.0.1:{self.port}"
        self.ssl_context = ssl.create_default_context(cafile=str(folder / "ca.pem"))
        self.process = subprocess.Popen(
            [nginx_binary(), "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        try:
            self._wait_until_listening()
        except RuntimeError:
            self.stop()
            raise

    def _wait_until_listening(self) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx stopped: {self.process.stderr.read().decode()} {self.error_log()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as raw:
                    with self.ssl_context.wrap_socket(raw, server_hostname="127.0.0.1"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"nginx did not listen on {self.port}: {self.error_log()}")

    def error_log(self) -> str:
        path = self.folder / "error.log"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def shipped_logs(self) -> dict[str, str]:
        """What the logs deploy/nginx.conf names hold, by file name."""
        return {path.name: path.read_text(encoding="utf-8") for path in sorted(self.folder.glob("table-scoring.*.log"))}

    def requests(self) -> list[list[str]]:
        """Each logged request as [request line, Origin, Sec-Fetch-Site, Referer] ("-" when absent)."""
        lines = (self.folder / "access.log").read_text(encoding="utf-8").splitlines()
        return [line[1:-1].split('" "') for line in lines]

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stderr.close()
