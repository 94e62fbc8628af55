# Each target sets up .venv on its own; the stamp makes a second run quick.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lint]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

# three workers on the machine's two cores: the timed end-to-end tests stay together on one,
# one bot process at a time, as their timings assume (tests/e2e/conftest.py), and as they
# mostly wait on the bot, the other two share the cores with them. Bytecode is written even
# where the environment says not to: the end-to-end tests start the bot and its workers
# dozens of times, and each would compile every module again.
test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n 3 --dist loadgroup

lint: $(STAMP)
	$(PY) -m ruff check engine render bot tests bench
	$(PY) -m mypy
	$(PY) -m mypy --strict engine

bench: $(STAMP)
	$(PY) bench/storage.py --json
	$(PY) bench/engine.py --game ships --json
	$(PY) bench/render.py --game ships --json
	$(PY) bench/load.py --games 50 --json
	$(PY) bench/startup.py --json

clean:
	rm -rf $(VENV) build *.egg-info
