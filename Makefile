# The two commands a reader needs: `make book` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: book test lab unit nbval browser clean

$(STAMP): requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

## make book: set up .venv and build the site into _build/html
book: $(STAMP)
	$(BIN)/jupyter-book build -W -n --keep-going .
	@echo "The book is in _build/html: open _build/html/index.html"

## make test: set up .venv, build the book, run every test (unit, doctest, nbval, browser)
test: book
	$(BIN)/python -m pytest --nbval --nbval-sanitize-with tests/sanitize.cfg

## make lab: JupyterLab on the notebooks
lab: $(STAMP)
	$(BIN)/jupyter lab notebooks

clean:
	rm -rf _build
