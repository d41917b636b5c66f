# The web app under gunicorn, as a non-root user, with the database in a volume.
#   docker build -t table-scoring .
#   docker run -p 8000:8000 -v table-data:/app/instance -e ASSISTANT_PUBLIC_URL=http://192.168.1.20:8000 table-scoring
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY assistant ./assistant
COPY templates ./templates
COPY static ./static
COPY babel.cfg ./

# Editable install: templates/ and static/ are read from /app, beside the package.
RUN pip install -e '.[server]' \
    && if ls assistant/translations/*/LC_MESSAGES/messages.po >/dev/null 2>&1; then \
         pybabel compile -d assistant/translations; \
       fi \
    && useradd --create-home --uid 10001 assistant \
    && mkdir -p /app/instance \
    && chown assistant:assistant /app/instance

USER assistant
# The SQLite database and the generated secret key live here; keep it in a volume.
VOLUME /app/instance
EXPOSE 8000

# Threads, not processes: the phones of one table poll every two seconds, and SQLite is shared.
CMD ["gunicorn", "-b", "0.0.0.0:8000", "--workers", "2", "--threads", "8", "--access-logfile", "-", "assistant.web:create_app()"]
