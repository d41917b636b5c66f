"""Each template is compiled once per process, whichever app renders it (assistant/web/
compiled_templates.py): the tests make an app per test, and compiling again for each was nearly
half a web test's CPU. An edited template is compiled again; an environment set up otherwise
gets code of its own."""
from __future__ import annotations

from jinja2 import DictLoader, Environment

from assistant.web.compiled_templates import COMPILED_TEMPLATES, CompiledTemplates
from tests.client import browser_app


def compiles(monkeypatch) -> list[str]:
    compiled: list[str] = []
    compile_source = Environment.compile

    def counted(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return compile_source(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(Environment, "compile", counted)
    return compiled


def test_a_second_app_renders_the_start_page_without_compiling_a_template(tmp_path, monkeypatch):
    compiled = compiles(monkeypatch)
    COMPILED_TEMPLATES.clear()
    first = browser_app({"DATABASE": str(tmp_path / "one.sqlite")}).test_client().get("/")
    assert first.status_code == 200 and "home.html" in compiled and "macros.html" in compiled
    compiled.clear()
    second = browser_app({"DATABASE": str(tmp_path / "two.sqlite")}).test_client().get("/")
    assert second.status_code == 200 and second.text.count("<form") == first.text.count("<form")
    assert compiled == []


def test_an_edited_template_is_compiled_again_and_other_settings_get_their_own_code(monkeypatch):
    compiled = compiles(monkeypatch)
    kept = CompiledTemplates()
    sources = {"page.html": "<p>{{ word }}</p>"}
    plain = Environment(loader=DictLoader(sources), bytecode_cache=kept, auto_reload=True)
    assert plain.get_template("page.html").render(word="one") == "<p>one</p>"
    assert Environment(loader=DictLoader(sources), bytecode_cache=kept).get_template("page.html").render(word="two") == "<p>two</p>"
    assert compiled == ["page.html"]  # the second environment took the first's code

    sources["page.html"] = "<div>{{ word }}</div>"
    assert Environment(loader=DictLoader(sources), bytecode_cache=kept).get_template("page.html").render(word="three") == "<div>three</div>"
    assert compiled == ["page.html", "page.html"]

    trimmed = Environment(loader=DictLoader(sources), bytecode_cache=kept, trim_blocks=True)
    assert trimmed.get_template("page.html").render(word="four") == "<div>four</div>"
    assert compiled == ["page.html"] * 3
