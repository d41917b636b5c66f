"""Winner, tie-break on pieces left in supply, shared wins, and the 100-space track."""
from tests.kardinal.helpers import position, result, score


def test_most_points_wins():
    report = score(position(monasteries={"England": {"green": 3, "red": 1}}))
    assert report.winners == ["green"] and report.decided_by == "points"
    assert report.verdict == "Green wins with 4 points."


def test_tie_goes_to_most_pieces_left_in_supply():
    # green and red both score 3 in England (tied); red also has an advisor out, so less supply.
    data = position(monasteries={"England": {"green": 1, "red": 1}}, advisors={"England": {"red": 1}}, previous={"green": 1, "red": 1})
    report = score(data)
    assert result(report, "green").total == result(report, "red").total
    assert result(report, "green").supply_left == 27 and result(report, "red").supply_left == 26
    assert report.winners == ["green"] and report.decided_by == "supply"
    assert "most pieces left in supply (27)" in report.verdict


def test_still_tied_is_a_shared_win():
    report = score(position(monasteries={"England": {"green": 1, "red": 1}}))
    assert report.winners == ["green", "red"] and report.decided_by == "shared"
    assert report.verdict.startswith("Green and Red share the win")


def test_all_tied_at_zero_is_shared_by_everyone():
    report = score(position())
    assert report.winners == ["green", "red", "blue"]


def test_track_wraps_after_99():
    report = score(position(monasteries={"England": {"green": 2}}, previous={"green": 99}))
    assert result(report, "green").total == 101
    assert result(report, "green").track == 1


def test_intermediate_verdict_speaks_of_the_lead():
    report = score(position("intermediate", monasteries={"England": {"green": 2}}))
    assert report.verdict == "Green leads with 2 points after the intermediate scoring."


def test_names_are_used_with_their_colour():
    report = score(position(names={"green": "Andreas"}, monasteries={"England": {"green": 2}}))
    assert report.steps[0].text == "England: Andreas (green) alone has monasteries here (2) and scores all 2."
    assert result(report, "green").label == "Andreas (green)"


def test_the_standings_follow_the_supply_tie_break():
    """Andreas (green) and Barbara (red) both end on 8; Barbara has 24 pieces left, Andreas 23:
    Barbara is listed first, as the verdict says she wins."""
    data = position(
        names={"green": "Andreas", "red": "Barbara", "blue": "Doris"},
        monasteries={"Frankreich": {"green": 3, "red": 3, "blue": 1}, "Burgund": {"red": 1}},
        advisors={"Frankreich": {"green": 2}},
        previous={"green": 1},
    )
    report = score(data)
    assert [p.name for p in report.ranked()] == ["Barbara", "Andreas", "Doris"]
    assert report.verdict.startswith("Barbara (red) wins: tied on 8 points")
