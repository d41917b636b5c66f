"""The app for granian in the load benchmark (``load.py --server granian``, not what ships): the
instance folder from ``LOAD_INSTANCE``, the store opened before the first request as ``serve``
opens it."""
import os

from assistant.web import create_app
from assistant.web.db import open_store

app = create_app(instance_path=os.environ["LOAD_INSTANCE"])
open_store(app)
