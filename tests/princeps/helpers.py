"""Small builders so each test states only the territories it is about."""
from assistant.games.princeps import GAME
from assistant.problems import InvalidInput


def player(name, gold=(0, 0), trade=(0, 0), farming=(0, 0)):
    """A player with (stable, destabilised) counts per kind of wealth."""
    kinds = {"gold": gold, "trade": trade, "farming": farming}
    return {
        "name": name,
        "territories": {kind: {"stable": s, "destabilised": d} for kind, (s, d) in kinds.items() if s or d},
    }


def position(*players, ties=None):
    data = {"game": "princeps-machiavelli", "players": list(players)}
    if ties is not None:
        data["rules"] = {"ties": ties}
    return data


def score(data, **kwargs):
    return GAME.score(data, **kwargs)


def step(report, kind, subject):
    return next(s for s in report.steps if s.kind == kind and s.subject == subject)


def tie_breaks(report):
    return [s for s in report.steps if s.kind == "tie-break"]


def result(report, name):
    return next(p for p in report.players if p.name == name)


def problems(data):
    """The (field, reason) pairs of an invalid input."""
    try:
        GAME.score(data)
    except InvalidInput as invalid:
        return [(p.field, p.reason) for p in invalid.problems]
    raise AssertionError("the input was scored, but it should be invalid")
