# The two commands a reader needs: `make book` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: book test lab bench clean tables verify

$(STAMP): requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

# The live analyzer's Pyodide files come from npm (package.json, package-lock.json).
NPM_STAMP := node_modules/.mjbook-npm-ci
NODE_MISSING := make book needs Node.js 18 or newer and npm for the live analyzer \
	(the Pyodide files come from npm): apt-get install nodejs npm

$(NPM_STAMP): package.json package-lock.json
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || \
		{ echo "error: $(NODE_MISSING)" >&2; exit 1; }
	@node -e 'process.exit(Number(process.versions.node.split(".")[0]) < 18 ? 1 : 0)' || \
		{ echo "error: node $$(node --version) is too old: $(NODE_MISSING)" >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

## make book: set up .venv and node_modules, build the site into _build/html
book: $(STAMP) $(NPM_STAMP)
	$(BIN)/jupyter-book build -W -n --keep-going .
	$(BIN)/python book/analyzer/stage.py _build/html
	@echo "The book is in _build/html: open _build/html/index.html"

## make test: set up .venv, build the book, run every test (unit, doctest, nbval, browser)
test: book
	$(BIN)/python -m pytest --nbval --nbval-sanitize-with tests/sanitize.cfg

## make lab: JupyterLab on the notebooks
lab: $(STAMP)
	$(BIN)/jupyter lab notebooks

clean:
	rm -rf _build

## make bench: time mjcore against the mahjong package on the same hands (ratios, not a test)
bench: $(STAMP)
	$(BIN)/python bench/bench.py

## make tables: regenerate mjcore/data/tables.bin (numpy); a test checks the file byte for byte
tables: $(STAMP)
	MJCORE_NO_TABLES=1 $(BIN)/python -m mjcore.tablegen

## make verify: shanten and effective tiles against xiangting on 1,000,000 seeded hands
verify: $(STAMP)
	$(BIN)/python -m pytest -q tests/test_xiangting.py --hands 1000000
