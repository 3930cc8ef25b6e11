# tabletop — every target creates the virtual environment it needs.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Playing needs only the core dependencies (typer, rich, pydantic): `make play` installs
# those; `make serve` those and the server extra (FastAPI, uvicorn, SQLAlchemy, psycopg);
# `make test` and the other targets install everything (dev, sim, ray, rl, server extras).
CORE := $(VENV)/.installed-core
SERVE := $(VENV)/.installed-serve

# The compiled build (Cython over the same source, setup.py): the wheel `pip wheel .` builds,
# installed into build/compiled, which goes first on PYTHONPATH. The editable .venv stays the
# interpreted build. Rebuilt when any source file changes (about 8 minutes on 2 cores).
COMPILED := build/compiled
SOURCES := $(shell find src -name '*.py') setup.py buildtools/tabletop_build.py pyproject.toml

.PHONY: play serve test check lint typecheck bench bench-compiled compiled peers clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev,sim,ray,rl,server]"
	touch $(CORE) $(SERVE) $(STAMP)

$(CORE): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(CORE)

$(SERVE): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[server]"
	touch $(CORE) $(SERVE)

# A new deal each time (a random seed, printed at the start); the game is autosaved.
play: $(CORE)
	$(BIN)/tabletop play quests --players 3 --seats human,heuristic,heuristic

# The server with its browser client at http://127.0.0.1:8000/ (tables kept in the data directory).
serve: $(SERVE)
	$(BIN)/tabletop serve

# The server's tests need Debian's Chromium and its chromium-driver (the browser tests; no
# browser is ever downloaded by a test tool) and PostgreSQL (two server processes on one
# database; the test starts its own): installed here with apt-get when missing (as root,
# without questions).
SYSTEM := /usr/bin/chromedriver /usr/bin/chromium /usr/share/postgresql-common
$(SYSTEM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver postgresql >/dev/null

$(COMPILED)/.built: $(SOURCES) | $(STAMP)
	rm -rf $(COMPILED) build/wheels
	$(BIN)/pip wheel --quiet --no-deps -w build/wheels .
	$(BIN)/pip install --quiet --no-deps --target $(COMPILED) build/wheels/tabletop-*.whl
	touch $@

compiled: $(COMPILED)/.built

# The whole suite on the compiled build, then what must match byte for byte (golden
# playthroughs, perft counts, the builds' agreement) again on the interpreted one.
test: $(STAMP) $(SYSTEM) $(COMPILED)/.built
	TABLETOP_EXPECT=compiled PYTHONPATH=$(COMPILED) $(BIN)/pytest -n 2 --maxschedchunk 1
	TABLETOP_EXPECT=interpreted TABLETOP_PURE=1 PYTHONPATH=$(COMPILED) $(BIN)/pytest -n 2 \
		tests/golden tests/perft tests/test_builds.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts setup.py buildtools
	$(BIN)/ruff format --check src tests bench scripts setup.py buildtools

typecheck: $(STAMP)
	$(BIN)/mypy

check: lint typecheck test

bench: $(STAMP)
	$(BIN)/python bench/run.py

# The compiled build against the interpreted one, interleaved (bench/compiled.py); any other
# benchmark runs on the compiled build with PYTHONPATH=build/compiled in front of it.
bench-compiled: $(STAMP) $(COMPILED)/.built
	$(BIN)/python bench/compiled.py

# The engines we compare with (OpenSpiel, RLCard) in a virtual environment of their own, then
# tabletop beside them in one run (bench/peers.py). Never needed by the tests.
PEERS := bench/.peers-venv
$(PEERS)/.installed:
	$(PY) -m venv $(PEERS)
	$(PEERS)/bin/pip install --quiet --upgrade pip
	$(PEERS)/bin/pip install --quiet open_spiel rlcard numpy
	touch $@

peers: $(STAMP) $(PEERS)/.installed
	$(BIN)/python bench/peers.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
