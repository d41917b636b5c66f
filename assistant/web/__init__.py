"""The web app: ``create_app()`` factory, blueprints by concern (Flask tutorial style)."""
from __future__ import annotations

from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(DATABASE=str(Path(app.instance_path) / "assistant.sqlite"))
    if test_config is None:
        app.config.from_prefixed_env("ASSISTANT")
    else:
        app.config.update(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    from assistant.web import api

    app.register_blueprint(api.bp)
    return app
