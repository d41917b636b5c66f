"""The final scores page hands the kept result on: a link that logs the play in BG Stats (its JSON
decoded and checked here) and the result as plain text to copy or share."""
from __future__ import annotations

import html
import json
import re
from urllib.parse import parse_qs, urlsplit

from tests.web import princeps
from tests.web.helpers import EXAMPLE, change, enter, new_table
from tests.web.test_princeps import FIRST_TIE_BREAK
from tests.web.test_scoring import scored

PLAY_DATE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")


def bg_stats_play(page: str) -> dict:
    """The play the page's BG Stats link carries, decoded as BG Stats decodes it."""
    links = re.findall(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', page)
    assert len(links) == 1, links
    address = urlsplit(html.unescape(links[0]))
    assert (address.scheme, address.netloc, address.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    return json.loads(parse_qs(address.query, strict_parsing=True)["data"][0])


def summary_text(page: str) -> str:
    found = re.search(r'<textarea id="play-summary"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "no summary on the page"
    return html.unescape(found.group(1)).strip()


def kardinal_final(client) -> tuple[str, str]:
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "intermediate")
    change(client, token, "chains.green", screen="chains", add=4)
    return token, scored(client, token, "final", screen="chains")


def test_the_bg_stats_link_carries_the_kept_final_result(client):
    token, page = kardinal_final(client)
    play = bg_stats_play(page)
    assert play["game"] == {"name": "Kardinal & König", "sourceGameId": "kardinal-und-koenig", "highestWins": True, "noPoints": False}
    assert "bggId" not in play["game"]  # no source confirms its BoardGameGeek number
    assert play["sourceName"] == "Table scoring assistant"
    assert PLAY_DATE.match(play["playDate"]), play["playDate"]
    assert "durationMin" not in play  # the app never knew when the game began (issue "What a newcomer still trips on", 10)
    assert play["comments"] == "Andreas (green) wins with 26 points."
    assert play["players"] == [
        {"name": "Andreas", "score": 26, "rank": 1, "winner": True, "startPlayer": False},
        {"name": "Barbara", "score": 22, "rank": 2, "winner": False, "startPlayer": False},
        {"name": "Doris", "score": 14, "rank": 3, "winner": False, "startPlayer": False},
        {"name": "Purple", "score": 10, "rank": 4, "winner": False, "startPlayer": False},  # no name: called by the colour
    ]
    # The same on the walk's last page; never on the intermediate scoring.
    walk_end = client.get(f"/t/{token}/scores/final?view=walk&step=99").get_data(as_text=True)
    assert bg_stats_play(walk_end) == play
    assert "bgstatsapp" not in client.get(f"/t/{token}/scores/intermediate").get_data(as_text=True)
    assert "bgstatsapp" not in client.get(f"/t/{token}/scores/final?view=walk&step=3").get_data(as_text=True)


def test_a_tie_broken_by_supply_ranks_the_winner_first(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    scored(client, token, "intermediate")
    play = bg_stats_play(scored(client, token, "final", screen="chains"))
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Barbara", 22, 1, True), ("Andreas", 22, 2, False), ("Doris", 14, 3, False), ("Purple", 10, 4, False)]


def test_princeps_logs_victory_points_and_the_tie_break(client):
    token = princeps.new_table(client)
    princeps.enter(client, token, FIRST_TIE_BREAK)
    page = princeps.score(client, token)
    play = bg_stats_play(page)
    assert play["game"]["name"] == "Princeps Machiavelli" and "bggId" not in play["game"]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ana", 2, 1, True), ("Ben", 2, 2, False), ("Cleo", 1, 3, False)]
    assert play["comments"].startswith("Ana wins on the first tie-break")
    # Tied on points: the text says what put them in order (issue "What a newcomer still trips on", 10).
    lines = summary_text(page).splitlines()[2:]
    assert lines[0].startswith("1. Ana: 2 (Stable ") and lines[1].startswith("2. Ben: 2 (Stable ") and lines[2] == "3. Cleo: 1"


def test_the_summary_is_plain_text_in_the_pages_language(client):
    token, page = kardinal_final(client)
    lines = summary_text(page).splitlines()
    assert lines[0].startswith("Kardinal & König · ")
    assert lines[1:] == ["Andreas (green) wins with 26 points.", "1. Andreas (green): 26", "2. Barbara (red): 22", "3. Doris (blue): 14", "4. Purple: 10"]
    german = client.get(f"/t/{token}/scores/final?lang=de").get_data(as_text=True)
    assert summary_text(german).splitlines()[1:3] == ["Andreas (Grün) gewinnt mit 26 Punkten.", "1. Andreas (Grün): 26"]
    assert "Diese Partie in BG Stats eintragen" in german
    # The button that copies or shares it is the page's script's (CSP: no inline script).
    assert 'data-share-summary="#play-summary"' in page and "<script>" not in page


def test_the_page_the_text_and_bg_stats_follow_the_supply_tie_break(client):
    """Andreas (green, seated first) and Barbara (red) tie on 5 points; Barbara has more pieces
    left, wins, and comes first everywhere."""
    token = new_table(client)
    enter(client, token, {"monasteries.Frankreich.green": 2, "advisors.Frankreich.green": 1, "monasteries.Frankreich.red": 2, "monasteries.Frankreich.blue": 1})
    page = scored(client, token, "final")
    assert "Barbara (red) wins: tied on 5 points" in page
    text = summary_text(page).splitlines()
    assert [line.split(":")[0] for line in text[2:5]] == ["1. Barbara (red)", "2. Andreas (green)", "3. Doris (blue)"]
    assert [(p["name"], p["rank"], p["winner"]) for p in bg_stats_play(page)["players"][:2]] == [("Barbara", 1, True), ("Andreas", 2, False)]
    # Inside a line the supply is a word, not the column's heading: lowercase where the language writes it so.
    spanish = summary_text(client.get(f"/t/{token}/scores/final?lang=es").get_data(as_text=True)).splitlines()
    assert spanish[2:4] == ["1.º Barbara (rojo): 5 (suministro 26)", "2.º Andreas (verde): 5 (suministro 25)"], spanish
    standings = re.search(r'<section class="card standings">.*?</section>', page, re.S).group(0)
    assert standings.index("Barbara") < standings.index("Andreas") < standings.index("Doris")


def test_a_result_the_table_changed_since_is_not_logged_and_offers_score_again(client):
    """Issue "What a newcomer still trips on", finding 0: after the final scoring Aragon/yellow
    changed; the page offered BG Stats and the text with the old winner, and no way to score again."""
    token, page = kardinal_final(client)
    assert "bgstatsapp" in page and 'id="play-summary"' in page
    change(client, token, "monasteries.Aragon.red", value=1)
    stale = client.get(f"/t/{token}/scores/final").get_data(as_text=True)
    assert "The table changed after this scoring" in stale
    assert "bgstatsapp" not in stale and 'id="play-summary"' not in stale
    assert re.search(r'class="verdict[^"]*\bstale\b', stale)
    score_again = re.search(rf'<form method="post" action="/t/{token}/score/final">.*?</form>', stale, re.S)
    assert score_again and 'name="screen" value="chains"' in score_again.group(0) and "Score again" in score_again.group(0)
    walk_end = client.get(f"/t/{token}/scores/final?view=walk&step=99").get_data(as_text=True)
    assert "bgstatsapp" not in walk_end and "Score again" in walk_end
    fresh = scored(client, token, "final", screen="chains")
    assert "bgstatsapp" in fresh and "verdict stale" not in fresh


def test_the_text_names_the_tie_breaks_up_to_the_one_that_decided():
    from assistant.web.play_log import deciding

    rows = [{"total": 3, "tie_breaks": (2, 2, 0)}, {"total": 3, "tie_breaks": (2, 1, 5)}, {"total": 1, "tie_breaks": (0, 0, 0)}]
    labels = ["Stable", "Gold", "Trade"]
    assert [deciding(row, rows, labels) for row in rows] == [" (Stable 2, Gold 2)", " (Stable 2, Gold 1)", ""]
