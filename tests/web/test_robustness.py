"""No 500 for anything a client can send: random forms and URLs against every route."""
import random

from tests.web.helpers import GAME, HTMX, new_table

ODD_VALUES = ["", "0", "-1", "21", "abc", "²", "9" * 5000, "<script>", "monasteries.Frankreich.green", "players.0.name", "chains.red", "rules.chains", "longest-per-group", "remove-0", "add", "start", "\x00", "ü" * 300, "sketch.green", "add@1.1", "join@0.0", "remove@9.9", "undo", "1.1", "0.0"]
FIELDS = ["cell", "value", "adjust", "add", "remove", "base", "screen", "here", "action", "chains", "players-0-name", "players-0-color", "players-4-color", "do", "from", "rev"]


def test_random_forms_never_cause_a_server_error(client):
    token = new_table(client)
    rng = random.Random(3)
    posts = [f"/t/{token}/change", f"/t/{token}/score/intermediate", f"/t/{token}/score/final", f"/new/{GAME}"]
    for _ in range(300):
        form = {field: rng.choice(ODD_VALUES) for field in rng.sample(FIELDS, rng.randint(0, len(FIELDS)))}
        url = rng.choice(posts)
        response = client.post(url, data=form, headers=HTMX if rng.random() < 0.5 else {})
        assert response.status_code < 500, (url, form)


def test_random_urls_never_cause_a_server_error(client):
    token = new_table(client)
    rng = random.Random(5)
    paths = [f"/t/{token}/board", f"/t/{token}/chains", f"/t/{token}/scores", f"/t/{token}/scores/final", f"/t/{token}/share", f"/t/{token}/nonsense", "/t/x/board", f"/t/{'a' * 500}/board"]
    for _ in range(200):
        query = "&".join(f"{rng.choice(['cell', 'add', 'rename', 'since', 'step', 'view', 'lang', '_scheme', 'sketch', 'at', 'mode'])}={rng.choice(ODD_VALUES)[:50]}" for _ in range(rng.randint(0, 3)))
        response = client.get(f"{rng.choice(paths)}?{query}")
        assert response.status_code < 500, query
