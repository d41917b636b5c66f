"""The structure a newcomer relies on: no import cycles among assistant's modules (counting those
made for the type checker only), and the web app's three wings: the store, serving, the screens."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import assistant

PACKAGE = Path(assistant.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _imported(name: str, tree: ast.AST, type_checking: bool = False) -> set[str]:
    """The assistant modules a module imports, at any depth (a function's import counts too:
    it runs as soon as the function does); under ``if TYPE_CHECKING`` only with ``type_checking``."""
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    skipped = set() if type_checking else {
        id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and _is_type_checking(node) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {module for module in found if module in MODULES and module != name}


def import_graph(type_checking: bool = False) -> dict[str, set[str]]:
    return {name: _imported(name, ast.parse(path.read_text(encoding="utf-8")), type_checking) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_checker_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_the_imports_it_should():
    graph = import_graph()
    assert "assistant.web.api" in graph["assistant.web"]  # an import inside create_app counts
    assert "assistant.games" in graph["assistant.cli"]


def test_no_import_cycles_among_assistant_modules():
    assert cycles(import_graph()) == []


def test_the_graph_sees_imports_for_the_type_checker_when_asked():
    assert "assistant.web.games.base" not in import_graph()["assistant.web.own_counts"]
    assert "assistant.web.games.base" in import_graph(type_checking=True)["assistant.web.own_counts"]


def test_no_import_cycles_even_counting_those_for_the_type_checker():
    """A cycle the type checker alone sees still ties the modules together for a reader."""
    assert cycles(import_graph(type_checking=True)) == []


STORE, SERVING = "assistant.web.store", "assistant.web.serving"


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def wing_breaches(graph: dict[str, set[str]]) -> list[str]:
    """Imports across the wings' walls: the store (the databases, tables, the record) imports
    nothing of the web app but itself and no game, what it needs of a game being handed to it
    (``store/shapes.py``); serving (the server, the front, polls...) imports the store and itself,
    and the app it serves (``assistant.web``), never a screen (views, games, the pad...)."""
    breaches = []
    for module, imported in sorted(graph.items()):
        for other in sorted(imported):
            if _in(module, STORE) and not _in(other, STORE) and (_in(other, "assistant.web") or _in(other, "assistant.games")):
                breaches.append(f"{module} imports {other}")
            elif _in(module, SERVING) and _in(other, "assistant.web") and not (
                    _in(other, SERVING) or _in(other, STORE) or other == "assistant.web"):
                breaches.append(f"{module} imports {other}")
    return breaches


def test_the_wing_check_finds_a_breach():
    assert wing_breaches({
        f"{STORE}.db": {"assistant.web.games.base", f"{STORE}.record", "assistant.games"},
        f"{SERVING}.polls": {"assistant.web.pad", f"{STORE}.db", f"{SERVING}.front", "assistant.web", "assistant.translator"},
    }) == [f"{SERVING}.polls imports assistant.web.pad", f"{STORE}.db imports assistant.games", f"{STORE}.db imports assistant.web.games.base"]


def test_the_store_and_serving_keep_to_their_wings():
    assert wing_breaches(import_graph(type_checking=True)) == []


def test_at_most_twenty_modules_at_the_web_app_s_top():
    top = sorted(path.name for path in (PACKAGE / "web").glob("*.py"))
    assert len(top) <= 20, top


def test_the_web_layer_never_imports_the_command_line():
    graph = import_graph()
    assert [name for name in graph if name.startswith("assistant.web") and "assistant.cli" in graph[name]] == []


def test_one_registry_finds_the_core_and_the_screens_of_every_game():
    from assistant.games import GAMES, get_game
    from assistant.web.games import web_game, web_games

    assert [game.slug for game in web_games()] == list(GAMES)
    for slug, package in GAMES.items():
        assert get_game(slug).slug == web_game(slug).slug == slug
        assert type(get_game(slug)).__module__.startswith(f"assistant.games.{package}")
        assert type(web_game(slug)).__module__.startswith(f"assistant.web.games.{package}")


def test_an_unknown_game_is_a_clear_key_error():
    import pytest

    from assistant.games import UnknownGame, get_game
    from assistant.web.games import web_game

    for lookup in (get_game, web_game):
        with pytest.raises(KeyError) as raised:
            lookup("chess")
        assert isinstance(raised.value, UnknownGame)
        assert "no game 'chess'; the games are: kardinal-und-koenig, princeps-machiavelli" in str(raised.value)


SOURCE_TREE = PACKAGE.parent
REGISTRY = PACKAGE / "games" / "__init__.py"


def game_words(slug: str, package: str) -> set[str]:
    """What names a game in code: its slug and package name as whole identifiers, and its title
    as a phrase ('kardinal-und-koenig', 'kardinal', 'kardinal & könig'); not each word of the
    title, which may be an ordinary word ('tokens', 'majority') that shared code uses."""
    from assistant.games import get_game

    return {slug.lower(), package.lower(), str(get_game(slug).title).lower()}


def own_places(slug: str, package: str) -> list[Path]:
    """Where a game's own code, templates and styles live; only these may name it."""
    from assistant.web.games import web_game

    return [
        PACKAGE / "games" / package,
        PACKAGE / "web" / "games" / package,
        SOURCE_TREE / "templates" / web_game(slug).templates,
        SOURCE_TREE / "static" / package,
    ]


def _games() -> dict[str, str]:
    from assistant.games import GAMES

    return GAMES


def shared_files() -> list[Path]:
    """Code, templates, styles and scripts (not the vendored libraries, not the catalogs)."""
    static = SOURCE_TREE / "static"
    files = [*PACKAGE.rglob("*.py"), *(SOURCE_TREE / "templates").rglob("*.html"), *static.rglob("*.css"), *static.rglob("*.js")]
    return sorted(path for path in files if "translations" not in path.parts and "vendor" not in path.parts)


def _named(word: str, line: str) -> bool:
    """``word`` in ``line`` as a whole identifier (or phrase): 'kardinal' in 'kardinal.css' or
    'games/kardinal/', not in 'kardinality'."""
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", line) is not None


def mentions(path: Path, words: set[str]) -> list[str]:
    lines = path.read_text(encoding="utf-8").lower().splitlines()
    if path == REGISTRY:  # the registry's lines name every game, on purpose
        lines = [line for line in lines if not any(f'"{slug}"' in line for slug in _games())]
    return [line.strip() for line in lines if any(_named(word, line) for word in words)]


def test_the_check_sees_a_game_named_in_shared_code(tmp_path):
    shared = tmp_path / "shared.py"
    shared.write_text("from assistant.web.games.kardinal import board_check\n", encoding="utf-8")
    assert mentions(shared, game_words("kardinal-und-koenig", "kardinal")) == ["from assistant.web.games.kardinal import board_check"]
    style = tmp_path / "shared.css"
    style.write_text(".board { color: red; }\n/* Kardinal & König: the map */\n.princeps-grid { gap: 0; }\n", encoding="utf-8")
    assert mentions(style, game_words("kardinal-und-koenig", "kardinal")) == ["/* kardinal & könig: the map */"]
    assert mentions(style, game_words("princeps-machiavelli", "princeps")) == [".princeps-grid { gap: 0; }"]  # a class named after it


def test_whole_identifiers_only(tmp_path):
    """A game whose title is made of ordinary words is not found in every shared file."""
    shared = tmp_path / "shared.py"
    shared.write_text("tokens = majority_of(regions)\n# the tally of the tokens\n", encoding="utf-8")
    assert mentions(shared, {"tallyho-tokens", "tallyho", "tallyho tokens"}) == []
    assert mentions(shared, {"region-majority", "region_majority", "region majority"}) == []
    assert _named("tallyho", "from assistant.games.tallyho import game")
    assert not _named("tallyho", "tallyhoes = 3")


def test_no_module_outside_a_games_own_packages_names_that_game():
    found = {}
    for slug, package in _games().items():
        words, own = game_words(slug, package), own_places(slug, package)
        for path in shared_files():
            if not any(path.is_relative_to(place) for place in own) and (lines := mentions(path, words)):
                found[f"{path.relative_to(SOURCE_TREE)} names {package}"] = lines
    assert found == {}


def test_the_check_reads_styles_and_scripts():
    names = {path.relative_to(SOURCE_TREE).as_posix() for path in shared_files()}
    assert {"static/app.css", "static/app.js", "templates/base.html", "assistant/web/games/base.py"} <= names
    assert not any("vendor" in name for name in names)


TEMPLATE_LINE = 160  # as ruff's line-length for the Python (pyproject.toml)


def test_no_template_line_is_longer_than_the_code_s():
    """Templates stay readable in a side-by-side diff: a line that needs more is a decision that
    belongs in the view's context, or a tag to break between its attributes (issue 36)."""
    templates = SOURCE_TREE / "templates"
    long_lines = [f"{path.relative_to(templates)}:{number} ({len(line)} characters)"
                  for path in sorted(templates.rglob("*.html"))
                  for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if len(line) > TEMPLATE_LINE]
    assert list(templates.rglob("*.html")) and not long_lines, long_lines
