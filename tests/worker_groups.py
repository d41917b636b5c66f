"""Which tests share a pytest-xdist worker (``--dist loadgroup``): those that share a costly
fixture, so it is made once, not once per worker. A group is as small as the fixture allows,
since the worker that draws a big group is the one the run waits for at its end."""
from __future__ import annotations

import pytest

# The `timing` tests that load the cores themselves or measure CPU run one after another on one
# worker; the other worker takes the ones that mostly wait for a timeout to pass.
LOADS_CORES = "timing-loads-cores"


def fixtures_of(item: pytest.Item) -> list:
    return [fixture for fixtures in item._fixtureinfo.name2fixturedefs.values() for fixture in fixtures]  # type: ignore[attr-defined]


def group_of(item: pytest.Item) -> str | None:
    """The `timing` tests that load the cores (one after another); the shipped app (a wheel built
    and installed once per worker); Firefox and WebKit (started once per worker and kept: each
    engine its own group, Chromium's tests none); a module's own
    server, browser or Pyodide (a module-scoped fixture), one group per parameter of that fixture
    (the model test's server on SQLite and on PostgreSQL: each made once anyway)."""
    timing = item.get_closest_marker("timing")
    if timing is not None and timing.kwargs.get("loads_cores"):
        return LOADS_CORES
    path = str(item.path)
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    if "/tests/shipped/" in path:
        return "shipped"
    if "/tests/browser/engines/" in path:
        engine = params.get("engine")
        return None if engine == "chromium" else f"engines-{engine}"
    module_scoped = [fixture for fixture in fixtures_of(item) if fixture.scope == "module"]
    if not module_scoped:
        return None
    values = sorted({str(params[fixture.argname]) for fixture in module_scoped if fixture.argname in params})
    # No "]" in a group's name: pytest-xdist would take it for a parameter's end and see no group.
    return ":".join([item.module.__name__, *values])  # type: ignore[attr-defined]


def mark(items: list[pytest.Item]) -> None:
    for item in items:
        group = group_of(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


class GroupsFirst:
    """The groups ahead of the single tests, in their order otherwise. xdist hands out the biggest
    groups first, then the rest as collected; a group of one test (the model test on one store,
    about 45 s) collected near the end would run while the other worker has nothing left to do."""

    @pytest.hookimpl(trylast=True)  # after pytest has put the tests of a module-scoped fixture together
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        items.sort(key=lambda item: item.get_closest_marker("xdist_group") is None)
