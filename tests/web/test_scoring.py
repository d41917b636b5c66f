"""Both scorings of the rulebook example, kept, replaced on purpose, and explained."""
import re

from tests.web.helpers import EXAMPLE, HTMX, change, enter, new_table, score, version


def scored(client, token, scoring, screen="board"):
    response = score(client, token, scoring, screen)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return client.get(response.headers["Location"]).get_data(as_text=True)


def standings(page):
    rows = page.split('class="card standings"')[1].split("</table>")[0]
    return {m[0]: int(m[1]) for m in re.findall(r'<span class="who">([^<]+)</span>.*?<td class="num"><strong>(\d+)</strong>', rows, re.S)}


def test_intermediate_scoring_of_the_rulebook_example(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    page = scored(client, token, "intermediate")
    assert "Frankreich: Andreas (green) has the most monasteries (4) and scores all 7" in page
    assert "Barbara (red) is second with 2 and scores 4" in page
    assert "Lothringen: Barbara (red) and Purple share the most monasteries (2 each) and each score all 5" in page
    assert standings(page) == {"Andreas": 11, "Barbara": 11, "Doris": 4, "Purple": 5}
    assert "share the lead with 11 points" in page
    assert "Alliance" not in page  # monasteries only


def test_final_scoring_adds_the_intermediate_and_breaks_the_tie_by_supply(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "intermediate")
    page = scored(client, token, "final", screen="chains")
    assert "Alliance 14, Italien–Burgund: Doris (blue) holds the advisor majority in both and scores all 6 advisors" in page
    assert standings(page) == {"Barbara": 22, "Andreas": 22, "Doris": 14, "Purple": 10}
    assert "Barbara (red) wins: tied on 22 points, but with the most pieces left in supply (20)" in page
    assert "it breaks a tie on points" in page
    assert "11 + 11" in page  # intermediate + final


def test_chains_count_in_the_final_scoring(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "intermediate")
    change(client, token, "chains.green", screen="chains", add=4)
    page = scored(client, token, "final", screen="chains")
    assert "a counted chain of 4 scores 4" in page
    assert standings(page)["Andreas"] == 26
    assert "Andreas (green) wins with 26 points" in page


def test_the_second_half_keeps_the_board_and_scoring_again_replaces(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "intermediate")
    board = client.get(f"/t/{token}/board").get_data(as_text=True)
    assert re.search(r'id="cell-monasteries-Frankreich-green"[^>]*>4</a>', board)
    assert "Second half" in board and "replaces the earlier intermediate result" in board
    change(client, token, "monasteries.Frankreich.blue", value=2)  # a correction
    page = scored(client, token, "intermediate")
    assert standings(page)["Doris"] == 6


def test_a_changed_table_marks_the_final_result_as_out_of_date(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "final", screen="chains")
    assert "The table changed after this scoring" not in client.get(f"/t/{token}/scores/final").get_data(as_text=True)
    change(client, token, "monasteries.Bayern.purple", value=1)
    assert "The table changed after this scoring" in client.get(f"/t/{token}/scores/final").get_data(as_text=True)
    assert "score again to include the change" in client.get(f"/t/{token}/chains").get_data(as_text=True)


def test_a_position_the_core_refuses_is_not_scored_and_the_reasons_are_listed(client):
    token = new_table(client)
    enter(client, token, {"monasteries.Schwaben.green": 5})
    response = client.post(f"/t/{token}/score/intermediate", data={"screen": "board"})
    assert response.status_code == 303 and response.headers["Location"] == f"/t/{token}/board"  # Post/Redirect/Get
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Cannot score yet" in page and "Schwaben has only 4 cloister fields" in page
    assert "Cannot score yet" not in client.get(f"/t/{token}/board").get_data(as_text=True)  # a reload: said once
    assert client.get(f"/t/{token}/scores").status_code == 200
    assert "Nothing scored yet" in client.get(f"/t/{token}/scores").get_data(as_text=True)


def test_walking_the_breakdown_step_by_step(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "final", screen="chains")
    start = client.get(f"/t/{token}/scores/final?view=walk&step=0", headers=HTMX).get_data(as_text=True)
    assert "before this scoring" in start and "Next" in start and "Back" not in start
    step = client.get(f"/t/{token}/scores/final?view=walk&step=6").get_data(as_text=True)
    assert "Step 6 of 28" in step and '<h2 class="cut">Frankreich</h2>' in step and "+7" in step
    assert "Running totals" in step
    alliance = client.get(f"/t/{token}/scores/final?view=walk&step=23").get_data(as_text=True)
    assert "Alliance 14, Italien–Burgund" in alliance and "+6" in alliance
    end = client.get(f"/t/{token}/scores/final?view=walk&step=29").get_data(as_text=True)
    assert "Final standings" in end and "Next" not in end
    assert "Where the points came from" in end and "Markers on the score track" in end
    assert client.get(f"/t/{token}/scores/final?view=walk&step=999").status_code == 200
    assert client.get(f"/t/{token}/scores/final?view=walk&step=-3").status_code == 200
    assert client.get(f"/t/{token}/scores/semifinal").status_code == 404


def test_the_chart_splits_points_by_source_and_the_track_shows_every_marker(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "intermediate")
    page = scored(client, token, "final", screen="chains")
    chart = page.split('class="card chart"')[1].split("</section>")[0]
    assert "monasteries (intermediate scoring) 4 · monasteries (final scoring) 4 · alliances 6" in chart  # Doris
    track = page.split('class="card track"')[1].split("</section>")[0]
    assert track.count('class="marker c-') == 4
    assert "space 22" in track and "space 14" in track


def test_each_steps_awards_are_listed_most_points_first(client):
    """Issue "What a newcomer still trips on", finding 6: Andreas +2 came before Emil +7."""
    token = new_table(client)
    enter(client, token, {**EXAMPLE, "monasteries.England.green": 1, "monasteries.England.purple": 3})
    page = scored(client, token, "intermediate")
    rows = re.findall(r'<p class="step-title">(.*?)</p>', page, re.S)
    orders = [[int(n) for n in re.findall(r"</span></span> \+(\d+)</span>", row)] for row in rows]
    orders = [order for order in orders if len(order) > 1]
    assert orders and any(order != sorted(order) for order in orders), orders  # some step has different awards
    assert all(order == sorted(order, reverse=True) for order in orders), orders


def names_in(page: str, card: str) -> list[str]:
    """The players a card of the scores page lists, top to bottom."""
    section = page.split(f'class="card {card}"')[1].split("</section>")[0]
    return re.findall(r'class="who">([^<]+)<', section)


def test_every_player_list_on_the_scores_page_follows_the_final_ranking(client):
    """The issue's table entered on the phone: Andreas (1 point before) and Barbara end on 8,
    Barbara with 24 pieces left, Andreas 23. The standings, the chart of where the points came
    from and the markers' list all put Barbara first, in the list and on the walk's last page."""
    token = new_table(client, players=(("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue")))
    enter(client, token, {"monasteries.England.green": 1})
    scored(client, token, "intermediate")  # Andreas: 1 point before
    enter(client, token, {
        "monasteries.England.green": 0, "monasteries.Frankreich.green": 3, "monasteries.Frankreich.red": 3,
        "monasteries.Frankreich.blue": 1, "monasteries.Burgund.red": 1, "advisors.Frankreich.green": 2,
    })
    page = scored(client, token, "final", screen="chains")
    assert "Barbara (red) wins: tied on 8 points, but with the most pieces left in supply (24)." in page
    ranking = ["Barbara", "Andreas", "Doris"]
    for card in ("standings", "chart", "track"):
        assert names_in(page, card) == ranking, card
    walk_end = client.get(f"/t/{token}/scores/final?view=walk&step=99").get_data(as_text=True)
    assert names_in(walk_end, "standings") == names_in(walk_end, "chart") == ranking


def test_five_markers_on_one_space_stay_inside_its_square():
    """Issue "What a newcomer still trips on", finding 6: three markers on one space spilled into the next."""
    from assistant.web.breakdown import TRACK_CELL, track
    from assistant.web.games.base import PlayerView

    players = [PlayerView(key=c, name=c, label=c, total=total, color=c) for c, total in
               [("red", 37), ("green", 37), ("blue", 37), ("purple", 37), ("yellow", 37), ("black", 12)]]
    drawn = track(players, 100)
    assert drawn is not None
    for marker in drawn.markers:
        left, top = (marker.space % 10) * TRACK_CELL, (marker.space // 10) * TRACK_CELL
        assert left < marker.x - marker.r and marker.x + marker.r < left + TRACK_CELL, marker
        assert top + 10 < marker.y - marker.r and marker.y + marker.r < top + TRACK_CELL, marker  # under the number
    together = [(m.x, m.y) for m in drawn.markers if m.space == 37]
    assert len(set(together)) == 5  # none hides another


def test_a_marker_round_the_track_says_how_often_it_passed_the_last_space(app):
    from flask import render_template

    from assistant.web.breakdown import track
    from assistant.web.games.base import PlayerView

    players = [PlayerView(key=c, name=c, label=c, total=total, color=c) for c, total in [("red", 137), ("green", 212), ("blue", 12)]]
    with app.test_request_context(headers={"Accept-Language": "en"}):
        card = render_template("scores/_track.html", track=track(players, 100))
    items = re.findall(r"<li>.*?</li>", card, re.S)
    assert [re.sub(r"<[^>]+>|\s+", " ", item).split() for item in items] == [
        ["red", ":", "space", "37", "(passed", "100", "once)"], ["green", ":", "space", "12", "(passed", "100", "2", "times)"],
        ["blue", ":", "space", "12"]]


def test_the_sum_under_each_total_is_explained_and_the_crown_is_an_image(client):
    """Issue "What a newcomer still trips on", finding 11: "12 + 50" under each total had no label."""
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "intermediate")
    page = scored(client, token, "final")
    assert "Under a total: the points before this scoring + the points it gave." in page
    assert '<span class="crown" role="img" aria-label="winner">' in page
    first = scored(client, new_table(client), "intermediate")
    assert "Under a total" not in first  # nothing before the first scoring


def test_before_the_last_scoring_everyone_on_the_most_points_leads():
    """The verdict after an intermediate scoring says "share the lead"; the standings agree, and
    only the last scoring's tie-breaks pick one (here the most supply)."""
    from assistant.web.breakdown import standings as ranked
    from assistant.web.games.base import PlayerView

    players = [PlayerView("green", "Andreas", "Andreas", 11, tie_breaks=(18,)), PlayerView("red", "Barbara", "Barbara", 11, tie_breaks=(20,))]
    before = ranked(players, ["red"], use_tie_break=False)
    assert [(row["place"], row["player"].name, row["winner"]) for row in before] == [(1, "Andreas", True), (1, "Barbara", True)]
    last = ranked(players, ["red"], use_tie_break=True)
    assert [(row["place"], row["player"].name, row["winner"]) for row in last] == [(1, "Barbara", True), (2, "Andreas", False)]


def test_a_final_scoring_with_no_chain_entered_is_asked_by_the_table_itself(client):
    """Issue 46 item 8: a page drawn before the chains were taken away (or from before the phone
    asked) still shows a plain "Final scoring" button; the table answers it with the question
    the Chains tab asks, and scores only for the question's own "Score without chains"."""
    token = new_table(client)
    enter(client, token, EXAMPLE)
    before = version(client, token)
    response = client.post(f"/t/{token}/score/final", data={"screen": "chains"})  # the stale button: no answer to the question
    assert response.status_code == 303 and response.headers["Location"] == f"/t/{token}/chains#score-final"
    assert version(client, token) == before  # nothing scored, nothing kept
    assert "Nothing scored yet" in client.get(f"/t/{token}/scores").get_data(as_text=True)
    asked = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "No chains entered: score without chains, or enter them first?" in asked
    answer = re.search(r'<form method="post" action="/t/[^"]+/score/final">.*?</form>', asked.split('class="ask-chains"')[1], re.S).group(0)
    assert 'name="confirm" value="without-chains"' in answer and "Score without chains" in answer
    confirmed = client.post(f"/t/{token}/score/final", data={"screen": "chains", "confirm": "without-chains"})
    assert confirmed.status_code == 303 and confirmed.headers["Location"] == f"/t/{token}/scores/final"
    assert "no chains entered, no points" in client.get(confirmed.headers["Location"]).get_data(as_text=True)


def test_with_a_chain_entered_or_a_final_kept_the_table_asks_nothing_about_chains(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    change(client, token, "chains.green", screen="chains", add=4)
    response = client.post(f"/t/{token}/score/final", data={"screen": "chains"})
    assert response.headers["Location"] == f"/t/{token}/scores/final"  # scored at once
    change(client, token, "chains.green", screen="chains", remove=4)
    assert "No chains entered" not in client.get(f"/t/{token}/chains").get_data(as_text=True)
    again = client.post(f"/t/{token}/score/final", data={"screen": "chains"})
    assert again.headers["Location"].split("?")[0] == f"/t/{token}/score/final/replace"  # the question a kept result asks


def test_an_answer_the_question_does_not_offer_is_no_answer(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    for wrong in ("", "yes", "without-chains " * 3, "x" * 500):
        response = client.post(f"/t/{token}/score/final", data={"screen": "chains", "confirm": wrong})
        assert response.status_code == 303 and response.headers["Location"] == f"/t/{token}/chains#score-final", wrong
    assert "Nothing scored yet" in client.get(f"/t/{token}/scores").get_data(as_text=True)
