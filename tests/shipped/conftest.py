"""The app as it ships: the wheel built and installed, not editable, into a fresh virtual
environment by the Dockerfile's own steps, served by its own command from outside the repository.

Docker itself is not needed: each step of the Dockerfile is run here, with its paths (/dist, /app)
mapped to a temporary folder and the image's Python standing for a fresh virtual environment.
"""
from __future__ import annotations

import fcntl
import glob
import hashlib
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import session_log
from tests.shipped.recipes import Stage, build_context, dockerfile_stages

LOOPBACK = "127.0.0.1"  # test traffic stays on this machine; port 0: a free one
STARTUP_SECONDS = 60
# Kept between sessions, outside the repository (the app must run from the image, not the source
# tree); an image no session used for a day is removed when another is made.
IMAGES = Path(tempfile.gettempdir()) / f"shipped-images-{os.getuid()}"
UNUSED_SECONDS = 24 * 3600


@dataclass
class Installed:
    python: str  # the fresh environment's interpreter
    root: Path  # stands for the image's file system
    places: dict[str, Path]  # the Dockerfile's paths and where they are here
    final: Stage

    def here(self, text: str) -> str:
        """A path of the Dockerfile as it is here ('/app/instance' → '<root>/app/instance')."""
        for place, path in self.places.items():
            if text == place or text.startswith(place + "/"):
                return str(path) + text[len(place) :]
        return text


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    output: list[str]  # what it printed, line by line
    reader: threading.Thread  # collects the output while the server runs

    def stop(self) -> int:
        self.process.terminate()  # SIGTERM, as `docker stop` sends
        status = self.process.wait(timeout=15)
        self.reader.join(timeout=5)  # it has read the last line; now its pipe can close
        self.process.stdout.close()
        session_log.served(self.output)
        return status


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Installed:
    """The Dockerfile's image: its build stage's wheel and its final stage's environment, made
    once per version of the build context (kept_image) and shared by ``make test``'s two sessions;
    the image's own folders (/app and its instance) are new for each session."""
    build, final = dockerfile_stages()
    context = build_context(tmp_path_factory.mktemp("context") / "context")
    image = kept_image(context, build, final)
    root = tmp_path_factory.mktemp("image")
    places = {"/dist": image / "dist", build.workdir: image / "context", final.workdir: root / final.workdir.strip("/")}
    places[final.workdir].mkdir(parents=True)
    for words in final.runs:
        if words[0] != "pip":  # the image's own set-up (a user, a folder); nothing that installs the app
            assert "pip" not in words and "python" not in words, words
    return Installed(python=_python_in(image / "python"), root=root, places=places, final=final)


def kept_image(context: Path, build: Stage, final: Stage, kept: Path = IMAGES) -> Path:
    """The wheel built from ``context`` by the build stage's ``pip`` commands and installed by the
    final stage's into a fresh environment, in ``kept/<the context's hash>``: made when no image
    of this context is there yet, else the one made before. Making it is most of the shipped
    tests' set-up (about 15 s), and the `timing` session needs it again."""
    image = kept / context_hash(context)
    kept.mkdir(parents=True, exist_ok=True)
    with open(kept / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # sessions at once (two clones, say) make each image once
        if (image / "ready").is_file():
            (image / "ready").touch()  # in use: not removed as unused
            return image
        for older in kept.iterdir():
            if older.is_dir() and (older == image or time.time() - _last_used(older) > UNUSED_SECONDS):
                shutil.rmtree(older)
        shutil.copytree(context, image / "context")
        places = {"/dist": image / "dist", build.workdir: image / "context", final.workdir: image / "app"}
        for path in places.values():
            path.mkdir(parents=True, exist_ok=True)
        shipped = Installed(python=_fresh_python(image / "python"), root=image, places=places, final=final)
        for words in build.runs:
            _pip(sys.executable, words, shipped, cwd=places[build.workdir])
        for words in final.runs:
            if words[0] == "pip":
                _pip(shipped.python, words, shipped, cwd=places[final.workdir])
        (image / "ready").write_text("made by tests/shipped/conftest.py\n")
    return image


def _last_used(image: Path) -> float:
    ready = image / "ready"
    return ready.stat().st_mtime if ready.is_file() else image.stat().st_mtime


def context_hash(context: Path) -> str:
    """What the image is made from: every file of the build context, by path and content, and this Python."""
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted(p for p in context.rglob("*") if p.is_file()):
        digest.update(path.relative_to(context).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def served(installed: Installed):
    """The Dockerfile's CMD with its ENV; only the address differs, as `docker run -e` would set it."""
    env = {name: installed.here(value) for name, value in installed.final.env.items()}
    env.update(ASSISTANT_HOST=LOOPBACK, ASSISTANT_PORT="0")
    server = start(installed, installed.final.cmd, cwd=installed.places[installed.final.workdir], env=env)
    yield server
    assert server.stop() == 0, server.output


def start(installed: Installed, argv: list[str], cwd: Path, env: dict[str, str]) -> Server:
    assert argv[0] == "python", argv
    argv = [installed.python, *argv[1:]]
    process = subprocess.Popen(argv, cwd=cwd, env={**clean_environment(), **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()
    output: list[str] = []

    def read() -> None:
        for line in process.stdout:
            output.append(line.rstrip("\n"))
            lines.put(line)
        lines.put("")

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    while True:
        try:
            line = lines.get(timeout=STARTUP_SECONDS)
        except queue.Empty:
            process.kill()
            process.wait()
            process.stdout.close()
            raise AssertionError(f"no 'Serving on' within {STARTUP_SECONDS} s: {output}") from None
        if not line:
            status = process.wait()
            process.stdout.close()
            raise AssertionError(f"the server stopped (exit {status}): {output}")
        found = re.match(r"Serving on (http://\S+)", line)
        if found:
            return Server(url=found.group(1), process=process, output=output, reader=reader)


def _fresh_python(folder: Path) -> str:
    venv.create(folder, with_pip=True)
    return _python_in(folder)


def _python_in(folder: Path) -> str:
    return str(folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python"))


def _pip(python: str, words: list[str], installed: Installed, cwd: Path) -> None:
    assert words[0] == "pip", words
    arguments = []
    for word in words[1:]:
        word = installed.here(word)
        matches = sorted(glob.glob(word)) if "*" in word else []
        arguments.extend(matches or [word])
    # pip's cache stays on (the image sets PIP_NO_CACHE_DIR=1 only to keep the image small).
    env = {**clean_environment(), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    done = subprocess.run([python, "-m", "pip", *arguments], cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def clean_environment() -> dict[str, str]:
    """This machine's environment without anything that would lead Python back to the repository."""
    leading_back = {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"}
    kept = {name: value for name, value in os.environ.items() if name not in leading_back and not name.startswith("ASSISTANT_")}
    return {**kept, "PYTHONNOUSERSITE": "1"}
