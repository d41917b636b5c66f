"""Properties that hold for every table: names and seating change nothing, points add up."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.princeps import CATEGORIES, KINDS, STATES, TERRITORY_CARDS, TIE_RULES
from tests.princeps.helpers import position, score

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")


@st.composite
def tables(draw, min_players=2, max_players=6):
    """A legal end of game: up to the 24 territory cards dealt among the players."""
    count = draw(st.integers(min_players, max_players))
    cards = draw(
        st.lists(
            st.tuples(st.integers(0, count - 1), st.sampled_from(KINDS), st.sampled_from(STATES)),
            max_size=TERRITORY_CARDS,
        )
    )
    players = []
    for index in range(count):
        territories = {}
        for kind in KINDS:
            held = {state: sum(1 for c in cards if c == (index, kind, state)) for state in STATES}
            if any(held.values()):
                territories[kind] = held
        players.append({"name": NAMES[index], "territories": territories})
    return position(*players, ties=draw(st.sampled_from(TIE_RULES)))


def by_name(report):
    return {p.name: p.model_dump(exclude={"name"}) for p in report.players}


@settings(max_examples=150, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_renaming_and_reseating_changes_nothing_but_names(data, random):
    order = list(range(len(data["players"])))
    random.shuffle(order)
    fresh = [f"Player {n}" for n in random.sample(range(100), len(order))]
    rename = {data["players"][i]["name"]: fresh[i] for i in range(len(order))}
    moved = position(
        *({**data["players"][i], "name": rename[data["players"][i]["name"]]} for i in order), ties=data["rules"]["ties"]
    )
    before, after = score(data), score(moved)
    assert {rename[name]: result for name, result in by_name(before).items()} == by_name(after)
    assert {rename[name] for name in before.winners} == set(after.winners)
    assert before.decided_by == after.decided_by
    for old, new in zip(before.steps, after.steps):
        assert (old.kind, old.subject, old.number) == (new.kind, new.subject, new.number)
        assert {rename[name]: vp for name, vp in old.awards.items()} == new.awards


@settings(max_examples=150, deadline=None)
@given(tables())
def test_each_category_gives_0_1_or_one_point_per_tied_player(data):
    report = score(data)
    for step in report.steps[: len(CATEGORIES)]:
        holders = step.details["holders"]
        total = sum(step.awards.values())
        assert all(vp == 1 for vp in step.awards.values())
        if len(holders) == 1:
            assert total == 1
        elif data["rules"]["ties"] == "shared":
            assert total == len(holders)
        else:
            assert total == 0
        if step.details["most"] == 0:
            assert total == 0 and holders == []


@settings(max_examples=150, deadline=None)
@given(tables())
def test_winners_have_the_most_vp_and_the_report_is_consistent(data):
    report = score(data)
    top = max(p.vp for p in report.players)
    vp = {p.name: p.vp for p in report.players}
    assert report.winners and all(vp[name] == top for name in report.winners)
    assert all(p.vp == len(p.categories) for p in report.players)
    assert report.steps[len(CATEGORIES) - 1].totals == vp
    tie_breaks = report.steps[len(CATEGORIES) :]
    assert (len(tie_breaks) == 0) == (sum(1 for v in vp.values() if v == top) == 1)
    assert [s.number for s in tie_breaks] == list(range(1, len(tie_breaks) + 1))
    assert (report.decided_by == "shared") == (len(report.winners) > 1)
    json.dumps(report.to_json())  # plain JSON all the way down


@settings(max_examples=100, deadline=None)
@given(tables())
def test_the_house_rule_never_gives_anyone_more(data):
    shared = score({**data, "rules": {"ties": "shared"}})
    nobody = score({**data, "rules": {"ties": "nobody"}})
    for a, b in zip(shared.players, nobody.players):
        assert b.vp <= a.vp
