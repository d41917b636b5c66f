"""The start page's "Recent tables": how each table stands, never a winner the table no longer has."""
from tests.web import princeps
from tests.web.helpers import EXAMPLE, change, enter, new_table
from tests.web.test_scoring import scored

RECENT = 'class="tables"'


def recent(client) -> str:
    page = client.get("/").get_data(as_text=True)
    return page.split(RECENT)[1].split("</ul>")[0]


def test_recent_tables_stop_naming_a_winner_once_the_table_changed(client):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    change(client, token, "chains.green", screen="chains", add=4)
    scored(client, token, "final", screen="chains")
    assert "Andreas (green) wins with" in recent(client)
    # Andreas gives up Frankreich: his win is no longer what the table shows.
    enter(client, token, {"monasteries.Frankreich.green": 0, "monasteries.Frankreich.red": 4})
    listed = recent(client)
    assert "Andreas (green) wins" not in listed
    assert "The table changed after it was scored: score again to see who wins." in listed
    scored(client, token, "final", screen="chains")
    assert "Doris (blue) wins: tied on 12 points" in recent(client)


def test_recent_tables_stop_naming_a_winner_by_an_old_name(client):
    token = princeps.new_table(client)
    princeps.enter(client, token, princeps.holdings(p0={"gold_stable": 3}))
    princeps.score(client, token)
    assert "Ana wins" in recent(client)
    princeps.change(client, token, "players.0.name", value="Anabel")
    listed = recent(client)
    assert "Ana wins" not in listed
    assert "The table changed after it was scored: score again to see who wins." in listed
