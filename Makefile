# Two commands do all the set-up on a fresh machine:
#   make run    serves the web app (http://127.0.0.1:5000) with the production server, the
#               database in ./instance; HOST=0.0.0.0 lets the other phones in (docs/deployment.md)
#   make test   runs every test, browser tests included
# Both create .venv, install the package (editable) with its test extra, and compile the
# translation catalogs; `make test` also installs the Debian packages the tests use when they
# are missing, and lints with ruff before the tests.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 5000
PO_FILES := $(wildcard assistant/translations/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: run test system-packages lint translations extract benchmark benchmark-servers benchmark-polls benchmark-outage loadtest mutation clean axe

run: $(STAMP) translations
	$(PY) -m assistant serve --host $(HOST) --port $(PORT) --instance instance

test: $(STAMP) translations system-packages lint axe
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

# Debian's packages the tests use, installed once when missing (root, or sudo): chromium for
# the browser tests, nginx (started by the HTTPS browser test itself: no service, no port 80)
# in front of the app as deploy/nginx.conf has it, curl for the README's API command, and
# PostgreSQL's server programs (the tests start a throwaway cluster of their own: tests/postgres.py).
SYSTEM_TOOLS := /usr/bin/chromium:chromium /usr/sbin/nginx:nginx-light /usr/bin/curl:curl
system-packages:
	@missing=$$(for pair in $(SYSTEM_TOOLS); do test -x $${pair%%:*} || echo $${pair#*:}; done; \
	  ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || echo postgresql); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian's $$missing for the tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing fonts-dejavu-core >/dev/null; \
	fi

# axe-core, the accessibility checker the browser tests run on every screen (tests/browser/test_accessibility.py):
# the npm registry's tarball of one pinned version, checked against the registry's sha512, kept in
# .cache/ (ignored by git, never in the wheel, never served by the app).
AXE_VERSION := 4.14.1
AXE_SHA512 := FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==
AXE := .cache/axe-core-$(AXE_VERSION)/axe.min.js
axe: $(AXE)
$(AXE):
	mkdir -p $(dir $@)
	curl -fsSL https://registry.npmjs.org/axe-core/-/axe-core-$(AXE_VERSION).tgz -o $(dir $@)package.tgz
	python3 -c "import base64, hashlib, sys; data = open(sys.argv[1], 'rb').read(); sys.exit(base64.b64encode(hashlib.sha512(data).digest()).decode() != sys.argv[2])" $(dir $@)package.tgz '$(AXE_SHA512)' \
	  || { echo "axe-core $(AXE_VERSION): the download does not match the registry's checksum"; rm -f $(dir $@)package.tgz; exit 1; }
	tar -xzf $(dir $@)package.tgz -O package/axe.min.js > $@.part && mv $@.part $@
	rm -f $(dir $@)package.tgz

lint: $(STAMP)
	$(VENV)/bin/ruff check .

benchmark: $(STAMP) translations
	$(PY) benchmarks/scoring.py
	$(PY) benchmarks/web.py
	$(PY) benchmarks/budget.py
	$(PY) benchmarks/durability.py
	$(PY) benchmarks/table_entry.py

# /healthz while connections hang, per server (docs/deployment.md); the former servers (waitress,
# gunicorn) only when installed.
benchmark-servers: $(STAMP) translations
	$(PY) benchmarks/slow_clients.py

# Polls with nothing new per server core, SQLite and PostgreSQL side by side beside a floor
# (docs/deployment.md): wrk, Debian's package, installed when missing.
benchmark-polls: $(STAMP) translations system-packages
	@test -x /usr/bin/wrk || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq wrk >/dev/null; }
	$(PY) benchmarks/polls.py

# PostgreSQL stopped for 40 s under 20 busy phones: what they see, how soon it is over (docs/deployment.md).
benchmark-outage: $(STAMP) translations system-packages
	$(PY) benchmarks/outage.py

# Polling phones against `python -m assistant serve` on loopback, stepped up while p99 < 100 ms
# (docs/deployment.md, Load figures): one server on SQLite, then two on one PostgreSQL (Debian's,
# a throwaway cluster), with the lag between them; about 10 minutes each at most (--budget).
loadtest: $(STAMP) translations system-packages
	$(PY) benchmarks/load.py --store sqlite
	$(PY) benchmarks/load.py --store postgresql

# Mutation testing of the scoring core ([tool.mutmut] in pyproject.toml; docs/mutation.md): the
# chain search's mutants alone take the better part of an hour on two cores, so not part of `make test`.
# MUTATION_WORKERS=1 leaves a core free.
MUTATION_WORKERS ?= 2
mutation: $(STAMP) translations
	$(PY) -m pip install --quiet 'mutmut>=3.8,<4'
	rm -rf mutants
	# A mutant that loops forever growing a list would eat the machine's memory before mutmut's
	# timeout: capped, it dies with MemoryError, which counts as killed.
	ulimit -v 3000000; $(VENV)/bin/mutmut run --max-children $(MUTATION_WORKERS) >/dev/null
	$(PY) benchmarks/mutation_scores.py

clean:
	rm -rf $(VENV) instance screenshots mutants .cache
