"""Who may change a board variant: whoever holds its edit link's key. The phone that saved it,
or opened its edit link, remembers the key in its (signed) session cookie, as it remembers its
tables; everyone else may view and copy the variant, never change it."""
from __future__ import annotations

import hmac

from flask import session, url_for

from assistant.web.games.kardinal.boards import StoredVariant

REMEMBERED = 20  # keys a phone keeps, the most recent first: the session cookie stays small


def remember(variant: StoredVariant) -> None:
    if not variant.edit_token:
        return
    kept = [pair for pair in _remembered() if pair[0] != variant.id]
    session["boards"] = [[variant.id, variant.edit_token], *kept][:REMEMBERED]
    session.permanent = True


def may_change(variant: StoredVariant, key: object = None) -> bool:
    """Whether ``key`` (from the edit link or the form) or this phone's session holds the variant's key."""
    if not variant.edit_token:
        return False
    known = dict((ident, token) for ident, token in _remembered())
    token = variant.edit_token.encode()
    return any(isinstance(k, str) and hmac.compare_digest(k.encode(), token) for k in (key, known.get(variant.id)))


def remembered_ids() -> list[int]:
    """The variants this phone may change, the most recently saved or opened first."""
    return [ident for ident, _token in _remembered()]


def edit_link(variant: StoredVariant) -> str:
    return url_for("boards.edit", ident=variant.id, key=variant.edit_token, _external=True)


def _remembered() -> list[tuple[int, str]]:
    pairs = session.get("boards", [])
    if not isinstance(pairs, list):
        return []
    return [(p[0], p[1]) for p in pairs if isinstance(p, list) and len(p) == 2 and isinstance(p[0], int) and isinstance(p[1], str)]
