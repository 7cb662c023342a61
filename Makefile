# The two commands: `make serve` and `make test`. Each creates .venv on first use.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: serve dev test bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

serve: $(VENV)/.installed
	$(VENV)/bin/judge-app serve --host $(HOST) --port $(PORT)

dev: $(VENV)/.installed
	$(VENV)/bin/flask --app judge_app run --debug --port $(PORT)

test: $(VENV)/.installed
	sh .ci/ensure-browser
	$(PY) -m pytest

clean:
	rm -rf $(VENV) instance .pytest_cache
