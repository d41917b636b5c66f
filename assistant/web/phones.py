"""This browser's anonymous id at the tables, in its signed session cookie: who set a cell (so it
can be told when another phone replaced it), whose tap an id is (tables.taken_tap), whose Undo.

It is given with the first page that can change a table (pages.open_table), not at the first
change: a first tap whose answer, and the cookie with it, was lost is sent again with the cookies
from before, and must come from the same phone."""
from __future__ import annotations

from flask import g, session

from assistant.web.store.tables import new_token


def this_phone() -> str:
    """This browser's id, given now when it has none (``phone_is_new`` says so for this request)."""
    phone = session.get("phone")
    if not isinstance(phone, str):
        phone = session["phone"] = new_token()
        g.new_phone = True
    return phone


def this_phone_if_known() -> str:
    """This browser's phone id, without giving it one ("": none yet, a spectator only reading)."""
    phone = session.get("phone")
    return phone if isinstance(phone, str) else ""


def phone_is_new() -> bool:
    """True when this request gave the browser its id: it came with a cookie from before it had
    one (a page opened before the id came with pages, its first tap sent again)."""
    return bool(g.get("new_phone"))
