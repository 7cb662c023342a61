# The two commands: `make serve` and `make test`. Each creates .venv on first use, from the locked versions.
# Host and port come from JUDGE_APP_HOST / JUDGE_APP_PORT (HOST= and PORT= on the command line work too).
PYTHON   ?= python3
VENV     ?= .venv
PY       := $(VENV)/bin/python
HOST     ?= $(or $(JUDGE_APP_HOST),127.0.0.1)
PORT     ?= $(or $(JUDGE_APP_PORT),8000)
DEV_PORT ?= $(or $(JUDGE_APP_PORT),5000)
PYTEST_ARGS ?=
LOCKS    := requirements/serve.txt requirements/test.txt
MIN_PY   := 3.11

.PHONY: serve dev test offline lint-imports test-postgresql test-latest bench rank lock clean delete-database check-venv

# A venv made by a Python older than 3.11 (the first `make` ran with another python3) is rebuilt.
check-venv:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
	  echo "judge_app には Python $(MIN_PY) 以上が必要です（$(PYTHON) は $$($(PYTHON) -V 2>&1)）。" \
	       "PYTHON=python3.11 make … のように指定してください。" >&2; exit 1; }
	@if [ -x $(PY) ] && ! $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	  echo "$(VENV) は $$($(PY) -V 2>&1) で作られています。$(PYTHON) で作り直します。" >&2; rm -rf $(VENV); fi

$(VENV)/.serve-installed: pyproject.toml requirements/serve.txt | check-venv
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements/serve.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

$(VENV)/.test-installed: $(VENV)/.serve-installed requirements/test.txt
	$(PY) -m pip install --quiet -r requirements/test.txt
	touch $@

# The offline copy (issue 41): the search data and the pack's page list (static/offline/, written by the app from the
# rulebooks, templates and static files), then the service worker (static/sw.js, Workbox from the npm registry,
# pinned in tools/workbox). serve and test build it because the pages link /sw.js and the browser tests go offline;
# it is built, not committed: it is derived from the rulebooks and templates, and rebuilt only when one changes.
OFFLINE_INPUTS := $(shell find rules_corpus templates judge_app -type f \( -name '*.py' -o -name '*.html' -o -name '*.yaml' \
                    -o -name '*.txt' -o -name '*.json' \) -not -path '*/__pycache__/*' 2>/dev/null) \
                  $(filter-out static/sw.js,$(wildcard static/*.css static/*.js static/*.svg))
static/offline/pages.json: $(OFFLINE_INPUTS) | $(VENV)/.serve-installed
	$(PY) -m judge_app.web.offline

static/sw.js: static/offline/pages.json tools/workbox/build-sw.mjs tools/workbox/package-lock.json \
              $(wildcard static/icons/*) static/manifest.webmanifest
	sh .ci/ensure-workbox
	node tools/workbox/build-sw.mjs

offline: check-venv static/sw.js

serve: check-venv $(VENV)/.serve-installed offline
	sh .ci/ensure-nginx
	$(VENV)/bin/judge-app serve --host $(HOST) --port $(PORT)

dev: check-venv $(VENV)/.serve-installed offline
	$(VENV)/bin/flask --app judge_app run --debug --host $(HOST) --port $(DEV_PORT)

test: check-venv $(VENV)/.test-installed lint-imports offline
	sh .ci/ensure-browser
	sh .ci/ensure-axe
	sh .ci/ensure-postgres
	sh .ci/ensure-nginx
	$(PY) -m pytest $(PYTEST_ARGS)
	$(MAKE) --no-print-directory test-postgresql

# The layer contracts (pyproject.toml [tool.importlinter]) before anything else: a broken layer fails at once.
# tests/test_layers.py checks the same, so a plain pytest run holds them too.
lint-imports: check-venv $(VENV)/.test-installed
	$(VENV)/bin/lint-imports --no-cache --no-logo

# Every page and API test again, with the app's store on a throwaway PostgreSQL database (the store and fault
# tests already run on both in the first pass).
test-postgresql: check-venv $(VENV)/.test-installed
	sh .ci/ensure-postgres
	sh .ci/ensure-nginx
	@echo "=== page and API tests on PostgreSQL (JUDGE_APP_TEST_STORE=postgresql) ==="
	JUDGE_APP_TEST_STORE=postgresql $(PY) -m pytest -m store_pages -q $(PYTEST_ARGS) || [ $$? -eq 5 ]  # 5: PYTEST_ARGS chose no page test

# The suite once against the newest versions pyproject.toml allows (no lock), in a venv of its own.
test-latest: check-venv
	rm -rf .venv-latest
	$(PYTHON) -m venv .venv-latest
	.venv-latest/bin/python -m pip install --quiet --upgrade pip
	.venv-latest/bin/python -m pip install --quiet --upgrade -e '.[test]'
	.venv-latest/bin/python -m pip freeze --exclude-editable > .venv-latest/versions.txt
	sh .ci/ensure-browser
	sh .ci/ensure-axe
	sh .ci/ensure-postgres
	sh .ci/ensure-nginx
	.venv-latest/bin/python -m pytest $(PYTEST_ARGS)

# Refresh the locked versions from pyproject.toml (then run `make test` and commit requirements/).
lock: check-venv $(VENV)/.serve-installed
	$(PY) -m pip install --quiet 'uv>=0.4'
	$(VENV)/bin/uv pip compile --quiet --universal --python-version $(MIN_PY) --upgrade \
	  -o requirements/serve.txt pyproject.toml
	$(VENV)/bin/uv pip compile --quiet --universal --python-version $(MIN_PY) --upgrade --extra test \
	  -o requirements/test.txt pyproject.toml

bench: check-venv $(VENV)/.test-installed
	$(PY) bench/search_quality.py
	$(PY) bench/search_speed.py --no-http
	$(PY) bench/engine_speed.py --games 10

# Fit the search ranking's weights (judge_app/search/weights.json) on the project's own training queries
# (bench/rank_fit.py says which), then score every query set; commit weights.json with the figures.
rank: check-venv $(VENV)/.test-installed
	$(PY) bench/rank_fit.py
	$(PY) bench/search_quality.py --summary

# Removes what the build and the tests leave; never the saved sessions and rulings (instance/).
clean:
	rm -rf $(VENV) .venv-latest .pytest_cache .hypothesis .import_linter_cache screenshots build dist \
	  static/sw.js static/offline
	find . -name '*.egg-info' -prune -exec rm -rf {} + -o -name __pycache__ -prune -exec rm -rf {} +

# Deletes instance/: every saved session and ruling, the search index cache and the secret key.
delete-database:
	@echo "instance/ を削除します（保存したセッションと裁定がすべて消えます）。" >&2
	rm -rf instance
