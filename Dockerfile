# The web app as it ships: the wheel built from this source tree, installed (not editable) into a
# slim image, served by `python -m assistant serve` (granian) as a non-root user, the database and
# secret key in the volume /app/instance. docs/deployment.md; tests/shipped runs these same steps.
#   docker build -t table-scoring .
#   docker run -p 8000:8000 -v table-data:/app/instance -e ASSISTANT_PUBLIC_URL=http://192.168.1.20:8000 table-scoring

FROM python:3.11-slim AS build
WORKDIR /src
COPY . .
# The build compiles the translation catalogs into the wheel (hatch_build.py).
RUN pip wheel --no-deps --wheel-dir /dist .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1
COPY --from=build /dist /dist
RUN pip install /dist/*.whl
RUN useradd --create-home --uid 10001 assistant \
    && mkdir -p /app/instance \
    && chown assistant:assistant /app/instance
USER assistant
WORKDIR /app
ENV ASSISTANT_HOST=0.0.0.0 \
    ASSISTANT_PORT=8000 \
    ASSISTANT_INSTANCE_PATH=/app/instance
VOLUME /app/instance
EXPOSE 8000
# Ready: the server answers and its database does (/healthz, 503 when the database cannot be
# used); /livez answers whatever the database (docs/deployment.md, Health checks).
HEALTHCHECK --interval=30s --timeout=5s CMD python -c "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"
CMD ["python", "-m", "assistant", "serve"]
