"""Small builders so each test states only the part of the board it is about."""
from assistant.games.kardinal import GAME

COLORS = ("green", "red", "blue", "purple", "yellow")


def position(scoring="final", colors=("green", "red", "blue"), names=None, **parts):
    names = names or {}
    data = {"scoring": scoring, "players": [{"color": c, "name": names.get(c, "")} for c in colors]}
    data.update(parts)
    return data


def score(data, **kwargs):
    return GAME.score(data, **kwargs)


def step(report, kind, subject=None, number=None):
    return next(
        s for s in report.steps if s.kind == kind and (subject is None or s.subject == subject) and (number is None or s.number == number)
    )


def result(report, color):
    return next(p for p in report.players if p.color == color)


def every_monastery_on_board(colors=COLORS) -> dict:
    """20 monasteries of each colour, 4 in each of the five countries without a field limit."""
    return {country: {color: 4 for color in colors} for country in ("England", "Franken", "Bayern", "Italien", "Aragon")}


def complete_bipartite(left: int, right: int) -> list[list[str]]:
    """Roads joining each of ``left`` monasteries to each of ``right`` others: K(left, right)."""
    return [[f"a{i}", f"b{j}"] for i in range(left) for j in range(right)]


def thinned_bipartite() -> list[list[str]]:
    """K(8,12) without every fifth road (77 roads): no board has it, and searching it takes
    more than half of one scoring's budget."""
    return [road for index, road in enumerate(complete_bipartite(8, 12)) if index % 5 != 4]


def absurd_position(colors=COLORS, roads=None) -> dict:
    """Five players whose roads form K(8,12) each (or ``roads``): no board has them."""
    return position(
        colors=colors,
        monasteries=every_monastery_on_board(colors),
        chains={color: {"roads": roads or complete_bipartite(8, 12)} for color in colors},
    )


class SearchSteps:
    """Counts the chain search's work (in the budget's units) and its searches, through the class
    every search runs on, however it is reached."""

    def __init__(self, monkeypatch):
        from assistant.games.kardinal import chains

        self.units = 0
        self.searches = 0
        tick, solve, longest = chains._Graph.tick, chains._Graph.solve, chains._Graph.longest_line

        def counted_tick(graph, units=chains.SEARCH_STEP):
            tick(graph, units)
            self.units += units  # once spent: a step refused costs nothing

        def counted(search):
            def wrapper(graph, *args):
                self.searches += 1
                return search(graph, *args)

            return wrapper

        monkeypatch.setattr(chains._Graph, "tick", counted_tick)
        monkeypatch.setattr(chains._Graph, "solve", counted(solve))
        monkeypatch.setattr(chains._Graph, "longest_line", counted(longest))


def units_decide(monkeypatch) -> None:
    """For a test of the budget's units with roads built to need nearly all of them (no board has
    such roads): the budget's clock (REQUEST_SECONDS) would stop such a search earlier on a busy
    machine, so which player is refused would depend on the machine's load. The clock has tests
    of its own (test_work_budget.py, "stops when its thread has spent")."""
    from assistant.games import work

    monkeypatch.setattr(work, "REQUEST_SECONDS", float("inf"))
