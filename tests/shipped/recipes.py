"""The shipping recipes as written: the Dockerfile's steps, its build context (.dockerignore) and
the Makefile's run command, read from the files themselves so the tests run the very same
commands (no Docker engine needed)."""
from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]


@dataclass
class Stage:
    runs: list[list[str]] = field(default_factory=list)  # each RUN, split into words
    env: dict[str, str] = field(default_factory=dict)
    workdir: str = "/"
    cmd: list[str] = field(default_factory=list)
    healthcheck: str = ""  # its CMD, in shell form


def dockerfile_stages(path: Path = REPOSITORY / "Dockerfile") -> list[Stage]:
    stages: list[Stage] = []
    text = re.sub(r"\\\n", " ", path.read_text(encoding="utf-8"))  # continued lines as one
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            stages.append(Stage())
        elif keyword == "RUN":
            words = shlex.split(rest)
            while words and words[0].startswith("--"):  # --mount=... and the like
                words.pop(0)
            stages[-1].runs.append(words)
        elif keyword == "ENV":
            stages[-1].env.update(word.split("=", 1) for word in shlex.split(rest))
        elif keyword == "WORKDIR":
            stages[-1].workdir = rest
        elif keyword == "CMD":
            stages[-1].cmd = json.loads(rest)
        elif keyword == "HEALTHCHECK":
            stages[-1].healthcheck = rest.partition(" CMD ")[2]
    return stages


def build_context(destination: Path) -> Path:
    """The repository as `docker build .` sends it: everything but what .dockerignore names."""
    patterns = [line.strip() for line in (REPOSITORY / ".dockerignore").read_text().splitlines()]
    patterns = [p for p in patterns if p and not p.startswith("#")]
    assert not any(p.startswith("!") for p in patterns), "exceptions are not read here"

    def ignored(relative: str) -> bool:
        parts = relative.split("/")
        for pattern in patterns:
            if pattern.startswith("**/"):
                if any(fnmatch.fnmatch("/".join(parts[i:]), pattern[3:]) for i in range(len(parts))):
                    return True
            elif fnmatch.fnmatch(relative, pattern):
                return True
        return False

    for folder, folders, files in os.walk(REPOSITORY):
        here = Path(folder).relative_to(REPOSITORY)
        folders[:] = [name for name in folders if not ignored((here / name).as_posix())]
        for name in files:
            relative = (here / name).as_posix()
            if not ignored(relative):
                (destination / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(REPOSITORY / relative, destination / relative)
    return destination


def make_run_command(python: str, host: str, port: int) -> list[str]:
    """The recipe of `make run`, with the Makefile's variables filled in."""
    makefile = (REPOSITORY / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^run:.*\n\t(.+)$", makefile, re.MULTILINE).group(1)
    values = {"PY": python, "HOST": host, "PORT": str(port)}
    return shlex.split(re.sub(r"\$\((\w+)\)", lambda m: values[m.group(1)], recipe))
