"""Names that would turn a sentence around are isolated on every page and in the text to share;
a change sent from a spectators' link says why it is refused."""
import re

from tests.test_names import OVERRIDE, where_the_first_isolate_closes
from tests.web import princeps
from tests.web.helpers import EXAMPLE, enter, new_table, view_token
from tests.web.test_play_log import summary_text
from tests.web.test_scoring import scored

ISOLATED = f"\u2068{OVERRIDE}\u2069"


def test_the_result_as_text_and_the_page_isolate_a_right_to_left_override(client):
    token = new_table(client, players=(("Andreas", "green"), ("Barbara", "red"), (OVERRIDE, "purple")))
    enter(client, token, {"monasteries.England.purple": 3, "monasteries.England.green": 1})
    page = scored(client, token, "final")
    lines = summary_text(page).splitlines()
    assert lines[1].startswith(f"{ISOLATED} (purple) wins") and lines[2] == f"1. {ISOLATED} (purple): 4"
    assert f'<span class="who">{ISOLATED}</span>' in page  # and by the stylesheet's .who
    assert OVERRIDE not in page.replace(ISOLATED, "").replace(f"value=\"{OVERRIDE}\"", "")
    board = client.get(f"/t/{token}/board?cell=monasteries.England.purple").get_data(as_text=True)
    assert OVERRIDE not in board.replace(ISOLATED, "")


def test_princeps_names_are_isolated_in_the_cards_and_the_scores(client):
    token = princeps.new_table(client, names=(OVERRIDE, "Ben", "Cleo"))
    page = client.get(f"/t/{token}/territories").get_data(as_text=True)
    assert f"<bdi>{ISOLATED}</bdi>" in page and f"Rename {ISOLATED}" in page
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


# 40 characters that try to escape the isolate: a U+2069 it never opened, the override, an emoji,
# and a U+2067 it never closes (tests/test_names.py).
ESCAPING = "\u2069\u202eEvil 🎲 " + "x" * 30 + "\u2067"
assert len(ESCAPING) == 40


def loose(page: str) -> list[str]:
    """Each place a page prints the escaping name other than isolated: right after its own U+2068,
    with that isolate closed before the text around it goes on (before the next tag or quote).
    A form field's value holds the name as typed."""
    found = []
    for match in re.finditer("\u202eEvil", page):
        start = match.start()
        end = min([i for i in (page.find("<", start), page.find('"', start)) if i >= 0] or [len(page)])
        if page[: start].endswith('value="\u2069'):
            continue
        if page[start - 1] != "\u2068" or where_the_first_isolate_closes(page[start - 1: end]) is None:
            found.append(page[max(0, start - 50): end + 10])
    return found


def test_no_page_lets_a_name_escape_its_isolate(client):
    token = new_table(client, players=(("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), (ESCAPING, "purple")))
    enter(client, token, EXAMPLE)
    scored(client, token, "intermediate")
    final = scored(client, token, "final", screen="chains")
    watch = view_token(client, token)
    pages = {
        "final": final,
        "board": client.get(f"/t/{token}/board").get_data(as_text=True),
        "pad": client.get(f"/t/{token}/board?cell=monasteries.Lothringen.purple").get_data(as_text=True),
        "chains": client.get(f"/t/{token}/chains").get_data(as_text=True),
        "sketch": client.get(f"/t/{token}/chains?sketch=purple").get_data(as_text=True),
        "intermediate": client.get(f"/t/{token}/scores/intermediate").get_data(as_text=True),
        "spectator": client.get(f"/t/{watch}/board").get_data(as_text=True),
        "start page": client.get("/").get_data(as_text=True),
        **{f"walk {step}": client.get(f"/t/{token}/scores/final?view=walk&step={step}").get_data(as_text=True) for step in range(29)},
    }
    p_token = princeps.new_table(client, names=("Ana", ESCAPING, "Cleo"))
    princeps.enter(client, p_token, princeps.holdings(p0={"gold_stable": 1}, p1={"gold_stable": 1, "trade_stable": 1}))
    pages["princeps final"] = princeps.score(client, p_token)
    pages["princeps pad"] = client.get(f"/t/{p_token}/territories?cell={princeps.cell(1, 'gold', 'stable')}").get_data(as_text=True)
    pages.update({f"princeps walk {step}": client.get(f"/t/{p_token}/scores/final?view=walk&step={step}").get_data(as_text=True) for step in range(7)})
    for name, page in pages.items():
        assert "\u202eEvil" in page or name.startswith("walk"), name
        assert loose(page) == [], name
    for text in (summary_text(final), summary_text(pages["princeps final"])):
        assert loose(text) == [], text


def test_the_language_links_of_a_refusal_lead_to_the_table_not_to_the_post_address(client):
    token = new_table(client)
    watch = view_token(client, token)
    page = client.post(f"/t/{watch}/change", data={"cell": "monasteries.Bayern.red", "value": "5", "base": "2"}).get_data(as_text=True)
    assert f'href="/t/{watch}?lang=de"' in page and "/change?lang" not in page
    assert client.get(f"/t/{watch}?lang=de").status_code == 302
