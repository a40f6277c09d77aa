# Two commands do all setup on a fresh clone:
#   make lab    creates .venv if needed and opens JupyterLab on notebooks/
#   make test   creates .venv if needed and runs the whole test suite
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: lab test soak bench bench-games lint clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# JupyterLab refuses to run as root unless told; containers and classroom VMs often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(BIN)/.installed
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/

# One worker per core; a worker takes whole files, so a notebook's cells share one kernel and a
# browser module keeps its JupyterLab.
test: $(BIN)/.installed
	$(BIN)/python -m pytest -n auto --dist loadfile

soak: $(BIN)/.installed
	$(BIN)/python scripts/soak.py

# Random playouts per second of every game, against the commit before issue 13's speed work
# (make bench BENCH_AGAINST= measures this tree alone); bench-games: each game's own figures.
BENCH_AGAINST ?= 0bb5698
bench: $(BIN)/.installed
	$(BIN)/python scripts/bench.py $(if $(BENCH_AGAINST),--against $(BENCH_AGAINST),)

bench-games: $(BIN)/.installed
	$(BIN)/python scripts/bench_agea.py
	$(BIN)/python scripts/bench_elysium.py
	$(BIN)/python scripts/bench_cyclades.py

lint: $(BIN)/.installed
	$(BIN)/ruff check mythlab tests scripts examples conftest.py

clean:
	rm -rf $(VENV) build dist *.egg-info
