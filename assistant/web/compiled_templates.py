"""Each template compiled once per process, whichever app renders it: Jinja's own bytecode cache
(``jinja2.BytecodeCache``), kept in memory. A served process has one app and gains nothing; the
tests make an app for each test, and compiling the same templates again for each was nearly half
of a web test's CPU. A template is compiled again when its source changes (the cache compares
the source's checksum), so ``serve --debug`` still shows an edit."""
from __future__ import annotations

from types import CodeType

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket


def _settings(environment: Environment) -> tuple[object, ...]:
    """What a template's compiled code depends on besides its source: the same for every app
    ``create_app`` makes, but an environment set up otherwise gets code of its own."""
    return (
        tuple(sorted(environment.extensions)),
        getattr(environment, "newstyle_gettext", False),
        environment.block_start_string,
        environment.variable_start_string,
        environment.comment_start_string,
        environment.line_statement_prefix,
        environment.trim_blocks,
        environment.lstrip_blocks,
        environment.keep_trailing_newline,
        environment.optimized,
    )


class CompiledTemplates(BytecodeCache):
    def __init__(self) -> None:
        self._kept: dict[tuple[tuple[object, ...], str], tuple[str, CodeType]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self._kept.get((_settings(bucket.environment), bucket.key))
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._kept[(_settings(bucket.environment), bucket.key)] = (bucket.checksum, bucket.code)

    def clear(self) -> None:
        self._kept.clear()


COMPILED_TEMPLATES = CompiledTemplates()
