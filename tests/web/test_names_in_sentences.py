"""Names that would turn a sentence around are isolated on every page and in the text to share;
a change sent from a spectators' link says why it is refused."""
from tests.test_names import OVERRIDE
from tests.web import princeps
from tests.web.helpers import enter, new_table, view_token
from tests.web.test_play_log import summary_text
from tests.web.test_scoring import scored

ISOLATED = f"\u2068{OVERRIDE}\u2069"


def test_the_result_as_text_and_the_page_isolate_a_right_to_left_override(client):
    token = new_table(client, players=(("Andreas", "green"), ("Barbara", "red"), (OVERRIDE, "purple")))
    enter(client, token, {"monasteries.England.purple": 3, "monasteries.England.green": 1})
    page = scored(client, token, "final")
    lines = summary_text(page).splitlines()
    assert lines[1].startswith(f"{ISOLATED} (purple) wins") and lines[2] == f"1. {ISOLATED} (purple): 4"
    assert f'<span class="who">{OVERRIDE}</span>' in page  # isolated by the stylesheet's .who
    assert OVERRIDE not in page.replace(ISOLATED, "").replace(f'<span class="who">{OVERRIDE}</span>', "").replace(f"value=\"{OVERRIDE}\"", "")
    board = client.get(f"/t/{token}/board?cell=monasteries.England.purple").get_data(as_text=True)
    assert OVERRIDE not in board.replace(ISOLATED, "").replace(f'<span class="who">{OVERRIDE}</span>', "")


def test_princeps_names_are_isolated_in_the_cards_and_the_scores(client):
    token = princeps.new_table(client, names=(OVERRIDE, "Ben", "Cleo"))
    page = client.get(f"/t/{token}/territories").get_data(as_text=True)
    assert f"<bdi>{OVERRIDE}</bdi>" in page and f"Rename {ISOLATED}" in page
    princeps.enter(client, token, {"players.0.territories.gold.stable": 2})
    scores = princeps.score(client, token)
    assert f"1. {ISOLATED}: " in summary_text(scores)


def test_a_change_from_a_spectators_link_says_it_is_for_watching_only(client):
    token = new_table(client)
    watch = view_token(client, token)
    refused = client.post(f"/t/{watch}/change", data={"cell": "monasteries.Bayern.red", "value": "5", "base": "2"})
    assert refused.status_code == 403 and "This link is for watching only" in refused.get_data(as_text=True)
    german = client.post(f"/t/{watch}/score/final?lang=de", data={}, headers={"Accept-Language": "de"})
    assert german.status_code == 403 and "nur zum Zuschauen" in german.get_data(as_text=True)
