"""Command line: ``python -m assistant score FILE... [--json] [--lang L]``, ``serve``, and the
store's upkeep: ``prune``, ``migrate``, ``backup``, ``restore``."""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from assistant.games import score_data
from assistant.games.base import ScoringReport
from assistant.json_input import MAX_BYTES, read_json
from assistant.problems import InvalidInput, Problem
from assistant.translator import LANGUAGES, Translator, translator_for

EXIT_INVALID = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m assistant", description="Scores board games played on a table.")
    commands = parser.add_subparsers(dest="command", required=True)

    score = commands.add_parser("score", help="score positions given as JSON files")
    score.add_argument("files", nargs="+", metavar="FILE", help="JSON file of a position; - reads standard input")
    score.add_argument("--json", action="store_true", help="print one JSON object per file, one per line")
    score.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the explanations")

    serve = commands.add_parser("serve", help="serve the web app (granian); docs/deployment.md")
    serve.add_argument("--host", default=_env("HOST", "127.0.0.1"), help="address to listen on; 0.0.0.0 for the other phones (env ASSISTANT_HOST)")
    serve.add_argument("--port", type=_port, default=_env("PORT", "5000"), help="0 picks a free one (env ASSISTANT_PORT)")
    serve.add_argument(*INSTANCE_OPTION, **_instance_help())
    serve.add_argument("--threads", type=_count, default=_env("THREADS", None), help="worker threads, 8 by default (env ASSISTANT_THREADS)")
    serve.add_argument("--body-seconds", type=_seconds, default=_env("BODY_SECONDS", None),
                       help="how long a request's body may take to arrive, 10 by default (env ASSISTANT_BODY_SECONDS)")
    serve.add_argument("--debug", action="store_true", help="Flask's development server with reloader and debugger, on this machine only")

    prune = commands.add_parser("prune", help="remove the tables nobody changed for a while (finished or left); docs/deployment.md")
    prune.add_argument("--older-than", type=_age, required=True, metavar="AGE", help="how long unchanged: 90d (days) or 12h (hours)")
    prune.add_argument(*INSTANCE_OPTION, **_instance_help())
    migrate = commands.add_parser("migrate", help="bring the database's schema up to date now (PostgreSQL: before new servers start)")
    migrate.add_argument(*INSTANCE_OPTION, **_instance_help())
    backup = commands.add_parser("backup", help="copy every table to a new file (0600), servers running or not; docs/deployment.md")
    backup.add_argument("file", metavar="FILE", help="the backup to write (a SQLite file, from either store); never overwritten")
    backup.add_argument(*INSTANCE_OPTION, **_instance_help())
    restore = commands.add_parser("restore", help="replace every table by a backup's, versions moved past any a phone has seen; docs/deployment.md")
    restore.add_argument("file", metavar="FILE", help="a file `backup` wrote (from either store)")
    restore.add_argument(*INSTANCE_OPTION, **_instance_help())

    args = parser.parse_args(argv)
    if args.command == "serve":
        from assistant.web.serving.serve import serve as serve_app  # the core and the CLI never need Flask

        return serve_app(args.host, args.port, args.instance, threads=args.threads, body_seconds=args.body_seconds, debug=args.debug)
    if args.command == "prune":
        from assistant.web.maintenance import prune_command

        return prune_command(args.older_than, args.instance)
    if args.command == "migrate":
        from assistant.web.maintenance import migrate_command

        return migrate_command(args.instance)
    if args.command in ("backup", "restore"):
        from assistant.web.maintenance import backup_command, restore_command

        return (backup_command if args.command == "backup" else restore_command)(args.file, args.instance)
    return score_files(args.files, as_json=args.json, tr=translator_for(args.lang))


INSTANCE_OPTION = ("--instance",)


def _instance_help() -> dict[str, Any]:
    return {
        "default": _env("INSTANCE_PATH", None), "metavar": "DIR",
        "help": "folder of the database and the secret key (env ASSISTANT_INSTANCE_PATH; default: Flask's instance folder)",
    }


def _env(name: str, default: str | None) -> str | None:
    """A serve setting from the environment (ASSISTANT_HOST...), as containers set them; argparse
    checks it like the option itself."""
    return os.environ.get(f"ASSISTANT_{name}") or default


def _port(text: str) -> int:
    return _whole_number(text, 0, 65535)


def _count(text: str) -> int:
    return _whole_number(text, 1, 1000)


def _seconds(text: str) -> int:
    return _whole_number(text, 1, 600)


AGE_UNITS = {"d": ("days", 24 * 60 * 60), "h": ("hours", 60 * 60)}
MAX_AGE_DAYS = 100 * 366


def _age(text: str) -> float:
    """``90d`` or ``12h``, in seconds: at least an hour, at most a hundred years."""
    number, unit = text[:-1], text[-1:]
    if not (number.isdigit() and unit in AGE_UNITS and 0 < int(number) * AGE_UNITS[unit][1] <= MAX_AGE_DAYS * AGE_UNITS["d"][1]):
        raise argparse.ArgumentTypeError(f"{text!r} is not an age such as 90d (days) or 12h (hours)")
    return int(number) * AGE_UNITS[unit][1]


def _whole_number(text: str, low: int, high: int) -> int:
    if not (text.isdigit() and low <= int(text) <= high):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from {low} to {high}")
    return int(text)


def score_files(files: Sequence[str], as_json: bool, tr: Translator, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    status = 0
    for name in files:
        try:
            data = _read(name, tr)
            report = score_data(data, tr)
        except InvalidInput as invalid:
            for problem in invalid.problems:
                print(tr.gettext("error: {problem}").format(problem=str(problem)), file=err)
            status = EXIT_INVALID
            continue
        if as_json:
            print(json.dumps(report.to_json(), ensure_ascii=False), file=out)
        else:
            _print_readable(name, report, tr, out)
    return status


def _read(name: str, tr: Translator) -> Any:
    """The JSON in a file, or on standard input for ``-`` (called "input" in errors, as the API's body)."""
    try:
        if name == "-":
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(name, "rb") as file:
                raw = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise InvalidInput([Problem(field=name, reason=tr.gettext("cannot be read ({error})").format(error=error.strerror))]) from None
    return read_json(raw, tr, field="input" if name == "-" else name)


def _print_readable(name: str, report: ScoringReport, tr: Translator, out: TextIO) -> None:
    print(f"== {name}", file=out)
    for number, step in enumerate(report.steps, start=1):
        print(f"{number:2}. {step.text}", file=out)
    for note in getattr(report, "notes", []):
        print(f"   {note}", file=out)
    print(file=out)
    for line in report.summary_lines(tr):
        print(line, file=out)
    for warning in report.warnings:
        print(tr.gettext("warning: {warning}").format(warning=str(warning)), file=out)
    print(file=out)
