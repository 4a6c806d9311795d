# Set-up is part of every target: a fresh machine needs only Python >= 3.11 and make.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: setup demo test test-deep bench clean

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "ivy needs Python >= 3.11 (the pinned numpy and jax do); $(PYTHON) is $$($(PYTHON) --version 2>&1). Run: make $(MAKECMDGOALS) PYTHON=python3.11"; exit 1; }
	@echo "Setting up $(VENV) (first run only): installing torch, jax, tensorflow, numpy and the test tools..."
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

# the benchmarks' extra (matplotlib for the chart) on top of the test set-up; `make test` never needs it
$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test,bench]'
	touch $(BENCH_STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(PY) examples/demo_backends.py
	$(PY) examples/demo_dropin.py --frontend torch --backend jax

test: $(STAMP)
	$(PY) -m pytest -n 2 -q tests

test-deep: $(STAMP)
	IVY_HYPOTHESIS_PROFILE=deep $(PY) -m pytest -n auto -q tests

bench: $(BENCH_STAMP)
	$(PY) benchmarks/overhead.py
	$(PY) benchmarks/models.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
