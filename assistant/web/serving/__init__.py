"""Serving: granian's server, the front that answers polls and reads bodies in its event loop,
admission, compression, static files, hosts, headers, the page's language and the access log.
It knows no screen."""
