"""Road graphs that take the chain search down each of its paths, with the score a table
should hear and lines it can check on the board (each a real line along roads, 4 or more
long, no monastery in two lines)."""
import pytest

from assistant.games.kardinal.chains import DISJOINT, LONGEST_PER_GROUP, MIN_CHAIN, cover, cover_from_lines


def ring(*names):
    return [(a, b) for a, b in zip(names, names[1:] + names[:1])]


def line(*names):
    return [(a, b) for a, b in zip(names, names[1:])]


def roads_of(text: str) -> list[tuple[str, str]]:
    """'m1-m6 m6-m8' → [("m1", "m6"), ("m6", "m8")], in the order given."""
    return [tuple(road.split("-")) for road in text.split()]


def assert_lines_stand_on_the_board(found, roads):
    joined = {frozenset(road) for road in roads}
    seen: set[str] = set()
    for chain in found.lines:
        assert len(chain) >= MIN_CHAIN, chain
        assert len(set(chain)) == len(chain), f"{chain} visits a monastery twice"
        assert all(frozenset(pair) in joined for pair in zip(chain, chain[1:])), f"{chain} leaves the roads"
        assert not seen & set(chain), f"{chain} shares a monastery with another line"
        seen |= set(chain)
    assert found.points == sum(len(chain) for chain in found.lines)
    for group in found.groups:
        assert set(group.left_over) == set(group.monasteries) - seen


@pytest.mark.parametrize(
    "name, roads, disjoint, longest",
    [
        # A ring of four on a hub, a triangle hanging off it and a ring of five hanging off it:
        # the best lines grow from the hub in both directions (ring of 4 + 5-ring + hub's arm).
        (
            "hub with a ring, a triangle and a five-ring",
            ring("h", "a1", "a2", "a3") + [("h", "t1")] + ring("t1", "t2", "t3") + [("h", "b1")] + ring("b1", "b2", "b3", "b4", "b5"),
            12,
            9,
        ),
        # A tree: the default reading splits it into two lines of four at m1, the house rule takes
        # the longest line (m8…m5, 7).
        ("two lines meeting at m1", roads_of("m1-m6 m6-m8 m3-m4 m1-m9 m0-m1 m1-m2 m2-m3 m4-m5"), 8, 7),
        # Five monasteries, m1 with three roads: a line of four takes one of its spurs only.
        ("a line of four with a spur", roads_of("m1-m3 m1-m2 m0-m4 m1-m4"), 4, 4),
        # A line of six with two branches from its second monastery: the default reading takes
        # the line m2…m5 and the branch m0-m1-m6-m8 apart; the house rule the longest line only.
        ("a path with two branches", line("m0", "m1", "m2", "m3", "m4", "m5") + line("m1", "m6", "m8") + [("m1", "m9")], 8, 7),
        # A small piece of a grid: one line of six along it.
        ("a piece of grid", roads_of("g01-g11 g41-g42 g12-g13 g12-g22 g01-g02 g11-g21 g02-g12"), 6, 6),
        # Two lines of four joined between their second monasteries: eight monasteries, room for
        # two lines; the longest single line (a4…a2-b2…b4) is only 6, so the default reading's 8
        # needs both lines.
        ("two lines of four joined in the middle", line("a1", "a2", "a3", "a4") + line("b1", "b2", "b3", "b4") + [("a2", "b2")], 8, 6),
        # A spine b-c with bushy ends: b has four dead ends, c three; any line takes one dead end
        # at each end, so exactly one line of four, whichever dead ends it takes.
        ("a spine with bushy ends", [("a", "b"), ("x1", "b"), ("x2", "b"), ("z1", "b"), ("b", "c"), ("c", "d"), ("c", "y1"), ("c", "y2")], 4, 4),
    ],
)
def test_hard_road_graphs_score_as_the_table_counts_them(name, roads, disjoint, longest):
    chosen = cover(roads, DISJOINT)
    assert chosen.points == disjoint, name
    assert_lines_stand_on_the_board(chosen, roads)
    house = cover(roads, LONGEST_PER_GROUP)
    assert house.points == longest, name
    assert_lines_stand_on_the_board(house, roads)
    assert all(len(group.lines) <= 1 for group in house.groups)


def test_the_cover_says_which_rule_it_followed():
    roads = line("a", "b", "c", "d", "e") + line("c", "x", "y", "z", "w")
    assert cover(roads, DISJOINT).rule == DISJOINT
    assert cover(roads, LONGEST_PER_GROUP).rule == LONGEST_PER_GROUP


def test_an_unknown_rule_is_refused():
    with pytest.raises(ValueError, match="unknown chain rule"):
        cover(line("a", "b", "c", "d"), "longest")


# --- a kept result (the lines an earlier scoring found) is taken only when it fits the roads ---------
TWO_GROUPS = line("a", "b", "c", "d", "e") + line("c", "x", "y", "z") + ring("p", "q", "r", "s")


@pytest.mark.parametrize("rule", [DISJOINT, LONGEST_PER_GROUP])
def test_kept_lines_read_back_as_the_search_found_them(rule):
    found = cover(TWO_GROUPS, rule)
    assert len(found.groups) == 2
    assert cover_from_lines(TWO_GROUPS, rule, [list(chain) for chain in found.lines]) == found
    # Read from the other end, each line still belongs to its own group.
    backwards = cover_from_lines(TWO_GROUPS, rule, [list(reversed(chain)) for chain in found.lines])
    assert [group.monasteries for group in backwards.groups] == [group.monasteries for group in found.groups]
    assert [[tuple(reversed(chain)) for chain in group.lines] for group in backwards.groups] == [list(group.lines) for group in found.groups]


@pytest.mark.parametrize(
    "kept",
    [
        5,  # not a list of lines at all
        "abcd",
        [["a", "b", "c"]],  # too short
        [["a", "b", "d", "e"]],  # b–d is no road
        [["a", "b", "c", "b"]],  # b twice
        [["a", "b", "c", "d"], ["p", "q", "r", "s"], ["z", "y", "x", "c"]],  # c in the first and the last line
        [["a", "b", "c", "nowhere"]],
        [["a", "b", "c", 4]],
    ],
)
def test_kept_lines_that_do_not_fit_the_roads_are_searched_again(kept):
    assert cover_from_lines(TWO_GROUPS, DISJOINT, kept) is None


def test_kept_lines_of_an_unknown_rule_are_searched_again():
    assert cover_from_lines(TWO_GROUPS, "longest", [["a", "b", "c", "d"]]) is None
