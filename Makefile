# Two commands do all the set-up on a fresh machine:
#   make run    serves the web app (http://127.0.0.1:5000) with the production server, the
#               database in ./instance; HOST=0.0.0.0 lets the other phones in (docs/deployment.md)
#   make test   runs every test, browser tests included
# Both create .venv, install the package (editable) with its test extra, and compile the
# translation catalogs; `make test` also installs Debian's chromium when it is missing.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 5000
PO_FILES := $(wildcard assistant/translations/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: run test chromium translations extract benchmark benchmark-servers clean

run: $(STAMP) translations
	$(PY) -m assistant serve --host $(HOST) --port $(PORT) --instance instance

test: $(STAMP) translations chromium nginx
	$(PY) -m pytest -q -p no:cacheprovider

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

translations: $(MO_FILES)

%.mo: %.po $(STAMP)
	$(VENV)/bin/pybabel compile --statistics -i $< -o $@ 2>&1 | tail -n 1

# Refresh the catalogs after changing user-facing text: new messages come in empty (never
# fuzzy-matched to an old one), translated ones are kept, removed ones are dropped. Then
# translate the empty ones in each .po; tests/i18n fails while any is left.
extract: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg -k _l -k N_ --add-comments=Translators: --no-location --sort-output \
	  --project=table-scoring-assistant --version=0.1.0 --copyright-holder='the table-scoring-assistant authors' \
	  -o assistant/translations/messages.pot .
	$(VENV)/bin/pybabel update -i assistant/translations/messages.pot -d assistant/translations --no-fuzzy-matching --ignore-obsolete

chromium:
	@command -v chromium >/dev/null 2>&1 || test -x /usr/bin/chromium || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; }

# The HTTPS browser test puts Debian's nginx in front of the app as deploy/nginx.conf has it;
# the test starts nginx itself (no service, no port 80).
.PHONY: nginx
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { \
	  echo "installing Debian's nginx for the HTTPS browser test"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx-light >/dev/null; }

benchmark: $(STAMP) translations
	$(PY) benchmarks/scoring.py
	$(PY) benchmarks/web.py
	$(PY) benchmarks/budget.py

# /healthz while connections hang, per server (docs/deployment.md); gunicorn only when installed.
benchmark-servers: $(STAMP) translations
	$(PY) benchmarks/slow_clients.py

clean:
	rm -rf $(VENV) instance screenshots
