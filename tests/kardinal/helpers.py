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
