# The two commands a reader needs: `make book` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: book test lab bench clean tables verify chapters games claims rounds calibration danger \
	folding pushfold leaves farcheck locales choices

# Bytecode for mjcore, as a wheel install would leave it: this environment sets
# PYTHONDONTWRITEBYTECODE, so without it every fresh process compiles the package again
# (about 0.05 s of the cold start that make bench times).
COMPILE := $(BIN)/python -m compileall -q mjcore

# The packages are installed by uv (pinned in requirements.txt, itself installed by the
# venv's pip): with a warm cache it installs and compiles the whole environment in about
# 20 s on 2 cores, where pip took 50-70 s with one core idle.
UV := $(filter uv==%,$(file < requirements.txt))

$(STAMP): requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps $(UV)
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps --compile-bytecode \
		-r requirements.txt
	$(COMPILE)
	touch $(STAMP)

# System packages (tools/system-packages.sh): node and npm for make book, also
# chromium and a CJK font for make test.  Installed with apt-get when make runs
# as root on Debian or Ubuntu; otherwise make stops at once with one line
# naming the command to run.
CHROMIUM ?= /usr/bin/chromium
SYSTEM_PACKAGES := PYTHON="$(PYTHON)" CHROMIUM="$(CHROMIUM)" $(SHELL) tools/system-packages.sh

.PHONY: system-book system-test
system-book:
	@$(SYSTEM_PACKAGES) book
system-test:
	@$(SYSTEM_PACKAGES) test

# The live analyzer's Pyodide files come from npm (package.json, package-lock.json).
NPM_STAMP := node_modules/.mjbook-npm-ci

$(NPM_STAMP): package.json package-lock.json | system-book
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

## make book: set up .venv and node_modules, build the site into _build/html
# tools/run_chapters.py runs each chapter whose cells or code changed (two at a time)
# into the build's cache, where jupyter-book finds the runs.
# The Chinese edition (中文版, tools/editions.py) is built beside the English one, at the
# same time (each build is one process): the same pages and cached runs, the prose from
# locales/zh_CN, into _build/html/zh_CN.  book/analyzer/stage.py --build fills
# _build/html/analyzer meanwhile (it reads no page of the builds, and they write nothing
# there; the Chinese build ends about 20 s after the English one, staging takes about
# 10 s), then --editions links it into _build/html/zh_CN.
book: system-book $(STAMP) $(NPM_STAMP)
	$(BIN)/python tools/run_chapters.py
	$(BIN)/python tools/editions.py conf
	$(BIN)/python book/analyzer/stage.py --build _build/html & stage=$$!; \
		$(BIN)/python tools/editions.py html & chinese=$$!; \
		$(BIN)/jupyter-book build -W -n --keep-going . || english=$$?; \
		wait $$chinese || exit 1; wait $$stage || exit 1; exit $${english:-0}
	$(BIN)/python book/analyzer/stage.py --editions _build/html
	@echo "The book is in _build/html: open _build/html/index.html (中文版: _build/html/zh_CN/index.html)"

## make locales: after a change to the English prose, merge it into the Chinese catalogues
# (locales/zh_CN/LC_MESSAGES/*.po): a new paragraph becomes an empty message, a changed one a
# fuzzy one; translate them (tests/book/test_catalogues.py and the Chinese build fail until then)
locales: $(STAMP)
	$(BIN)/python tools/editions.py catalogues

## make test: set up .venv, build the book, run every test (unit, doctest, nbval, browser)
# but those marked slow (make verify)
# MJ_MAKE_TEST=1: a test whose prerequisite is missing fails instead of skipping
# (tests/conftest.py), since this target has just installed or checked them all.
# MJ_CHAPTER_RUNS: nbval compares the chapters' stored outputs with the runs the book
# build just made (tests/chapter_runs.py), so each chapter is executed once.
# pytest-xdist runs the tests on every core, each file's tests in one worker (a chapter's
# cells stay in order, a browser file keeps its page; a module's doctests go with its test
# file, tests/conftest.py).  On the 2 cores of a shared host whose speed swings 1-4x: the
# tests 6 to 8 minutes, make test from a fresh clone 8.4 (a calm host) to 11.5 (the install
# about 20-30 s of it, the chapters 1.5-2.5 minutes, the two builds under 1); CI: 592-883 s.
# On a host twice as slow as a calm one (bench.py's fixed loop 0.071 s against 0.036) it
# took 15.7 minutes: the tests 10.5, the chapters 2.7, the two builds 0.8, the install 0.5.
test: system-test book
	MJ_MAKE_TEST=1 MJ_CHROMIUM="$(CHROMIUM)" MJ_CHAPTER_RUNS=_build/.jupyter_cache \
		$(BIN)/python -m pytest --nbval --nbval-sanitize-with tests/sanitize.cfg \
		-n auto --dist loadfile -m "not slow"

## make lab: JupyterLab on the notebooks
lab: $(STAMP)
	$(BIN)/jupyter lab notebooks

clean:
	rm -rf _build

## make bench: time mjcore against the mahjong package on the same hands (ratios, not a test)
bench: $(STAMP)
	$(COMPILE)
	$(BIN)/python bench/bench.py

## make tables: regenerate mjcore/data/tables.bin (numpy); make verify checks the file byte for byte
tables: $(STAMP)
	MJCORE_NO_TABLES=1 $(BIN)/python -m mjcore.bulk.tablegen

## make chapters: run every chapter again in place, storing its outputs (without widget state:
# the site loads no widget manager, so a stored state would only weigh on the page; and
# without each cell's execution timestamps, which would change every cell on every run)
chapters: $(STAMP)
	for nb in notebooks/*.ipynb; do \
		$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
			--ExecutePreprocessor.store_widget_state=False \
			--ExecutePreprocessor.record_timing=False "$$nb" || exit 1; \
	done

## make verify: shanten and effective tiles against xiangting on 1,000,000 seeded hands, and
# the tests marked slow that make test leaves to it (to stay within 10 minutes on 2 cores):
# the exhaustive checks at large sizes, the widgets in JupyterLab and every step through the
# site's sidebar (make test takes three)
verify: $(STAMP)
	$(BIN)/python -m pytest -q tests/hand/test_xiangting.py --hands 1000000
	$(BIN)/python -m pytest -q -n auto --dist loadfile -m slow tests

## make games: the whole games of chapter 6 (on every core, with a progress bar): the advisors on
# 30,000 seeded deals and best play on 450, written to notebooks/data/games_advisors.csv
# and games_paired.csv, which the chapter reads; tests/play/test_games.py replays a few seeds
# and checks that the files hold what this code makes of them
games: $(STAMP)
	$(BIN)/python -m mjcore.play.games

## make choices: whose discard is best (on every core, with a progress bar): chapter 5's
# advisor against best play on 2,000 seeded hands one step from ready (chapter 6), one
# player's best against four seats' on 1,000 of them and with calls on 200 (chapter 7),
# written to notebooks/data/choices_advisor.csv and choices_four_seats.csv, which the
# chapters read (about 30 s on 2 cores); tests/play/test_choices.py replays a sample
choices: $(STAMP)
	$(BIN)/python -m mjcore.play.choices

## make claims: the claim question of chapter 7 (on every core, with a progress bar): every
# discard that 3,000 seeded hands one step from ready could claim (碰 from each seat, 吃
# from the left), asked of claim_advice, written to notebooks/data/claims.csv, and the
# same again with expected points as the goal (claims_points.csv), and both with the race
# (claims_race.csv, claims_race_points.csv), which chapters 7 and 8 read;
# tests/play/test_claims.py replays a few hands and checks the files hold them
claims: $(STAMP)
	$(BIN)/python -m mjcore.play.claims
	$(BIN)/python -m mjcore.play.claims --points
	$(BIN)/python -m mjcore.play.claims --race
	$(BIN)/python -m mjcore.play.claims --race --points

## make rounds: whole rounds at a table of four (mjcore.play.table, on every core, with a
# progress bar): 100,000 rounds of four advisor seats under Poyang rules, 20,000 under
# riichi forms without calls and 20,000 of bots that make every pon on 120 tiles, written to
# notebooks/data/table_*.csv, and the race they measured to mjcore/play/bestplay/hazards.py;
# tests/play/test_table.py and test_race.py replay a sample and check the files hold them
rounds: $(STAMP)
	$(BIN)/python -m mjcore.play.table

## make calibration: the dealer plays best play with the race against three advisors
# (mjcore.play.calibration, on every core, with a progress bar): 2,000 rounds written to
# notebooks/data/calibration_poyang.csv, which the race chapter reads; a test replays a few
calibration: $(STAMP)
	$(BIN)/python -m mjcore.play.calibration

## make danger: deal_in_chances put to the test at the poyang table (mjcore.play.dealin, on
# every core, with a progress bar): every discard of 1,200 rounds of four advisor seats, what
# the model predicted for the tile and what happened, written to notebooks/data/dealin_poyang.csv,
# and each seat's waits when it first became ready to dealin_waits_poyang.csv (about 11
# minutes on 2 cores); tests/play/test_dealin.py replays a sample
danger: $(STAMP)
	$(BIN)/python -m mjcore.play.dealin

## make folding: folding (弃胡, betaori) at the table (mjcore.play.folding, on every core, with a
# progress bar): 20,000 poyang rounds where one seat (seed % 4) folds by mjcore.play.table.FOLD
# against the same seeds' four advisors (make rounds' table_poyang.csv), and 10,000 riichi
# rounds where every seat folds without calls, written to notebooks/data/folding_poyang.csv
# and folding_riichi.csv (about 6 minutes on 2 cores); tests/play/test_folding.py replays a
# sample
folding: $(STAMP)
	$(BIN)/python -m mjcore.play.folding

## make pushfold: push or fold by shanten and turn (mjcore.play.pushfold, on every core, with a
# progress bar): 40 seeded poyang hands for each of 0-3 steps from ready and five turns, asked
# win_chances(..., deal_ins=True) and the same without deal-ins, written to
# notebooks/data/pushfold_poyang.csv (about 9 minutes on 2 cores); tests/play/test_pushfold.py
# replays a sample
pushfold: $(STAMP)
	$(BIN)/python -m mjcore.play.pushfold

## make leaves: the table of leaves for far hands (mjcore.play.farhands, on every core, with a
# progress bar): the exact searches of 180 seeded riichi deals one to five steps from ready
# and 50 hongzhong deals one to three give the mean curves by steps and live effective
# copies, written to mjcore/play/bestplay/leaftable.py; then 52 other deals measure the
# approximate search against the exact one, written to notebooks/data/farhands.csv and
# the module's ERRORS and WILD_ERRORS (about 11 minutes on 2 cores);
# tests/play/test_farhands.py replays a sample
leaves: $(STAMP)
	$(BIN)/python -m mjcore.play.farhands table
	$(BIN)/python -m mjcore.play.farhands errors

## make farcheck: every mode on every deal (mjcore.play.farcheck, on every core, with a progress
# bar): 400 seeded 14-tile deals of each rule set (standard, poyang, riichi, hongzhong) asked
# win_chances(..., approximate=True) in each mode the rule set offers, whether the answer is
# exact, approximate or refused and how long it took, written to notebooks/data/farcheck.csv
# after every ten deals (a run continues from the deals the file holds; about an hour on 2
# cores); tests/play/test_farcheck.py replays a sample
farcheck: $(STAMP)
	$(BIN)/python -m mjcore.play.farcheck
