# Two entry points: `make demo` (the main job) and `make test` (the whole suite).
# Each creates the virtual environment in .venv when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test test-fast bench bench-compare startup-compare venv clean

$(BIN)/pbem: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# setuptools tells every editable install of a project that maps folders into its package
	# (templates/ and orders/ here) that it uses an import finder: a notice, not a warning.
	PYTHONWARNINGS='ignore:Editable installation' $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(BIN)/pbem

venv: $(BIN)/pbem

demo: venv
	$(BIN)/pbem demo

test: venv
	$(BIN)/ruff check pbem tests
	$(BIN)/mypy --strict pbem/rules
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -n auto -rs

# The developer's loop: the same checks, without the end-to-end tests marked slow.
test-fast: venv
	$(BIN)/ruff check pbem tests
	$(BIN)/python -m pytest -n auto -m "not slow"

bench: venv
	$(BIN)/pbem bench rules
	$(BIN)/pbem bench store
	$(BIN)/pbem bench render
	$(BIN)/pbem bench mail
	$(BIN)/pbem bench rules --ruleset greeks-romans
	$(BIN)/pbem bench rules --ruleset ram-cruise
	$(BIN)/pbem bench rules --ruleset speed-band
	$(BIN)/pbem bench rules --ruleset wooden-walls
	$(BIN)/pbem bench league
	$(BIN)/pbem bench sweep

# One benchmark of this tree against another revision, in one run, with each figure's ratio:
# make bench-compare BASE=main BENCH=render (or BENCH="rules --ruleset wooden-walls").
BASE ?= main
BENCH ?= render
bench-compare: venv
	$(BIN)/python .ci/bench-compare $(BASE) $(BENCH)

# make startup-compare BASE=<rev>: each command's start-up (median of 5), that revision and this tree.
startup-compare: venv
	$(BIN)/python .ci/startup-compare $(BASE)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
