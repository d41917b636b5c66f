"""Every worked example in the seed rulebooks, as the rulebook states it."""
import pytest

from tests.kardinal.helpers import position, score, step


# --- Monastery scoring: the same two examples in the Spanish, Danish and English rulebooks ---
@pytest.mark.parametrize(
    "country, names",
    [
        ("Frankreich", {"green": "José", "red": "María", "blue": "Laura"}),  # Spanish (000)
        ("Franken", {"green": "Andreas", "red": "Barbra", "blue": "Doris"}),  # Danish (002), colours not given
        ("Frankreich", {"green": "Andreas", "red": "Barbara", "blue": "Doris"}),  # English (003)
    ],
)
def test_majority_example_4_2_1_scores_7_4_2(country, names):
    report = score(position("intermediate", names=names, monasteries={country: {"green": 4, "red": 2, "blue": 1}}))
    assert step(report, "country", country).awards == {"green": 7, "red": 4, "blue": 2}


def test_majority_example_sentence_names_the_counts():
    report = score(position("intermediate", monasteries={"Frankreich": {"green": 4, "red": 2, "blue": 1}}))
    text = step(report, "country", "Frankreich").text
    assert text.startswith("Frankreich: Green has the most monasteries (4) and scores all 7;")
    assert "Red is second with 2 and scores 4, as many as the monasteries Green has" in text
    assert "Blue is third with 1 and scores 2, as many as the monasteries Red has" in text


@pytest.mark.parametrize("country", ["Lothringen", "lothringen", "Lorena", "LORRAINE"])
def test_shared_first_place_example_2_2_1_scores_5_5_2(country):
    data = position("intermediate", colors=("red", "purple", "blue"), monasteries={country: {"red": 2, "purple": 2, "blue": 1}})
    report = score(data)
    assert step(report, "country", "Lothringen").awards == {"red": 5, "purple": 5, "blue": 2}


# --- Advisor alliances: Spanish, Danish and English examples for squares 14 and 15 ---
SEED_ADVISORS = {
    "Italien": {"blue": 2, "red": 1, "green": 1},
    "Burgund": {"blue": 1, "red": 1},
    "Bayern": {"red": 2, "green": 1},
}
# Enough monasteries that the advisor cap holds, so the example is a legal position.
SEED_MONASTERIES = {"Italien": {"green": 4}, "Burgund": {"red": 2}, "Bayern": {"blue": 3}}


def test_alliance_14_italien_burgund_gives_blue_6():
    report = score(position(advisors=SEED_ADVISORS, monasteries=SEED_MONASTERIES))
    alliance = step(report, "alliance", number=14)
    assert alliance.subject == "Italien–Burgund"
    assert alliance.awards == {"blue": 6}
    assert "Blue holds the advisor majority in both and scores all 6 advisors" in alliance.text
    assert report.warnings == []


def test_alliance_15_italien_bayern_nobody_scores():
    report = score(position(advisors=SEED_ADVISORS, monasteries=SEED_MONASTERIES))
    alliance = step(report, "alliance", number=15)
    assert alliance.subject == "Italien–Bayern"
    assert alliance.awards == {}
    assert "nobody holds the advisor majority in both" in alliance.text
    assert "majority in Italien: Blue" in alliance.text and "majority in Bayern: Red" in alliance.text


def test_danish_alliance_example_with_yellow():
    advisors = {"Italien": {"blue": 2, "red": 1, "yellow": 1}, "Burgund": {"blue": 1, "red": 1}, "Bayern": {"red": 2, "yellow": 1}}
    report = score(position(colors=("blue", "red", "yellow"), advisors=advisors))
    assert step(report, "alliance", number=14).awards == {"blue": 6}
    assert step(report, "alliance", number=15).awards == {}


# --- The German rule page's three alliance examples (Bayern/Franken, Bayern/Schwaben, Bayern/Italien) ---
GERMAN_PAGE = {
    "Franken": {"green": 3, "yellow": 1},
    "Bayern": {"green": 1, "white": 1},
    "Schwaben": {"white": 1, "yellow": 1},
    "Italien": {"green": 2, "white": 2},
}


def german_page_report():
    return score(position(colors=("green", "white", "yellow"), advisors=GERMAN_PAGE))


def test_german_page_bayern_franken_green_scores_4_plus_2():
    alliance = step(german_page_report(), "alliance", number=11)
    assert alliance.subject == "Franken–Bayern"
    assert alliance.awards == {"green": 6}


def test_german_page_bayern_schwaben_white_scores_2_plus_2():
    alliance = step(german_page_report(), "alliance", number=13)
    assert alliance.subject == "Schwaben–Bayern"
    assert alliance.awards == {"white": 4}


def test_german_page_bayern_italien_shared_majority_both_score_6():
    alliance = step(german_page_report(), "alliance", number=15)
    assert alliance.awards == {"green": 6, "white": 6}
    assert "Green and White hold the advisor majority in both and each score all 6 advisors" in alliance.text


# --- Advisor cap examples (placement rule the scorer checks) ---
@pytest.mark.parametrize(
    "monasteries, advisors, broken",
    [
        ({"red": 3, "blue": 2, "yellow": 2}, 3, False),  # English/Spanish: Frankreich 3-2-2 allows 3
        ({"red": 3, "blue": 2, "yellow": 2}, 4, True),
        ({"green": 4, "red": 2}, 4, False),  # Spanish/English example 1: María/Barbara's 4 allow 4 advisors
        ({"green": 2, "red": 2}, 2, False),  # Italien 2-2 shared majority: at most two
        ({"green": 2, "red": 2}, 3, True),
    ],
)
def test_advisor_cap_examples(monasteries, advisors, broken):
    colors = tuple(dict.fromkeys([*monasteries, "green", "red", "blue"]))[:5]
    data = position(colors=colors, monasteries={"Frankreich": monasteries}, advisors={"Frankreich": {colors[0]: advisors}})
    warnings = score(data).warnings
    assert bool([w for w in warnings if w.field == "advisors.Frankreich"]) is broken


def test_german_page_cap_example_italien_2_white_4_green_allows_4():
    data = position(colors=("white", "green", "red"), monasteries={"Italien": {"white": 2, "green": 4}}, advisors={"Italien": {"red": 4}})
    assert score(data).warnings == []
    data["advisors"]["Italien"]["red"] = 5
    assert [w.field for w in score(data).warnings] == ["advisors.Italien"]


# --- Chain example: 5 in a line through Burgund and Italien, one branching off into Bayern ---
def test_chain_example_five_in_line_with_a_branch_scores_5():
    roads = [["bu1", "bu2"], ["bu2", "bu3"], ["bu3", "it1"], ["it1", "it2"], ["bu3", "ba1"]]
    data = position(colors=("purple", "red", "blue"), monasteries={"Burgund": {"purple": 3}, "Italien": {"purple": 2}, "Bayern": {"purple": 1}}, chains={"purple": {"roads": roads}})
    report = score(data)
    chain = step(report, "chain", "purple")
    assert chain.awards == {"purple": 5}
    (line,) = chain.details["lines"]
    assert set(line) == {"bu1", "bu2", "bu3", "it1", "it2"} and line[2] == "bu3"
    assert chain.details["left_over"] == ["ba1"]
    assert "ba1" in chain.text and "does not count" in chain.text
