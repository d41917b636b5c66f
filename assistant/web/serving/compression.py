"""gzip for pages, styles and scripts, so what a phone downloads is what the benchmark counts.

Pages are compressed as they are made: a whole page well (a phone loads it once), the answer to
a tap or a poll fast (it is made on every tap). Static files once per file version, kept in
memory: our own scripts and styles minified first (rjsmin, rcssmin: comments and spaces out,
nothing renamed), then packed by zopfli (gzip that any browser reads, 3-4% smaller than zlib's
best, for a quarter of a second once per file): together a fifth off the board's first load
(benchmarks/web.py). The files in static/ stay as written; a client that takes no gzip gets them
as they are.
"""
from __future__ import annotations

import gzip

import rcssmin
import rjsmin
import zopfli.gzip
from flask import Flask, Response, request

COMPRESSIBLE = {"text/html", "text/css", "text/javascript", "application/javascript", "image/svg+xml", "application/json", "application/wasm"}
SMALLEST = 1024  # below this gzip saves nothing worth the header
# Pyodide's files, a phone's one download to score by itself (views/offline.py): zopfli would take
# minutes on the 9.6 MB WebAssembly; zlib's level 6 packs it within 0.5% of level 9 in half the
# second, which each new server process spends on the first phone that asks.
ZOPFLI_LARGEST = 256 * 1024


def init_app(app: Flask) -> None:
    app.after_request(_compress)


def _compress(response: Response) -> Response:
    if (
        response.status_code != 200
        or response.mimetype not in COMPRESSIBLE
        or "gzip" not in request.headers.get("Accept-Encoding", "")
        or "Content-Encoding" in response.headers
    ):
        return response
    response.vary.add("Accept-Encoding")
    if response.direct_passthrough:  # a static file
        etag, _weak = response.get_etag()
        response.direct_passthrough = False
        body = _packed_file(request.path, etag or "", response)
        response.close()  # the open file behind it; its bytes are packed or already cached
        if etag:
            response.set_etag(etag, weak=True)  # another representation of the same version
    else:
        data = response.get_data()
        if len(data) < SMALLEST:
            return response
        whole_page = request.method == "GET" and "HX-Request" not in request.headers
        body = gzip.compress(data, compresslevel=6 if whole_page else 1)
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    return response


_packed: dict[tuple[str, str], bytes] = {}
PACKED_FILES = 64  # the app has a handful of static files; this only bounds the memory


def _packed_file(path: str, etag: str, response: Response) -> bytes:
    """The file compressed once per version; read only when this version is not packed yet."""
    key = (path, etag)
    if key not in _packed:
        if len(_packed) >= PACKED_FILES:
            _packed.clear()
        _packed[key] = packed(minified(path, response.get_data()))
    return _packed[key]


def packed(data: bytes) -> bytes:
    """A static file's bytes as they are sent to a browser that takes gzip."""
    return zopfli.gzip.compress(data) if len(data) <= ZOPFLI_LARGEST else gzip.compress(data, compresslevel=6, mtime=0)


MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def minified(path: str, data: bytes) -> bytes:
    """Our own scripts and styles without comments and spaces; vendored files are minified by
    their makers, other files as they are."""
    minify = MINIFIERS.get(path[path.rfind("."):])
    if minify is None or "/vendor/" in path:
        return data
    smaller: str = minify(data.decode("utf-8"))
    return smaller.encode("utf-8")
