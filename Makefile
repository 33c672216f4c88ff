# cutsheet — every target but test-lowest and clean creates .venv on first use (test-lowest
# creates .venv-lowest; clean only removes build/); only python3 and make are needed.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: pdfs test test-lowest check lint format bench fuzz schema fonts clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# PYTHONDONTWRITEBYTECODE (which some sandboxes and CI images set) is cleared for what runs
# cutsheet: without bytecode on disk every process compiles cutsheet's modules again, and
# what every start compiles and the games' templates, which cutsheet keeps beside its
# bytecode, some 0.6 s of each run; and the suite's two workers would rewrite every test
# module's asserts again. __pycache__/ is ignored by git.
WRITE_BYTECODE := PYTHONDONTWRITEBYTECODE=

pdfs: $(STAMP)            ## every game, the default profiles (standard and large print; not ink-saver), A4 and Letter, into build/
	$(WRITE_BYTECODE) $(BIN)/cutsheet build

check: $(STAMP)           ## validate content without writing PDFs
	$(WRITE_BYTECODE) $(BIN)/cutsheet check

test: $(STAMP)            ## lint, format check, then the test suite on two workers (tests/workers.py)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(WRITE_BYTECODE) $(BIN)/pytest -m "not fuzz" -n 2 --dist loadgroup

LOWEST  := .venv-lowest
$(LOWEST)/.installed: pyproject.toml .ci/lowest.txt
	$(PY) -m venv $(LOWEST)
	$(LOWEST)/bin/pip install --quiet --upgrade pip
	$(LOWEST)/bin/pip install --quiet -c .ci/lowest.txt -e '.[test]'
	touch $@

test-lowest: $(LOWEST)/.installed  ## the suite at the lowest dependency versions allowed (.ci/lowest.txt)
	$(WRITE_BYTECODE) $(LOWEST)/bin/pytest -m "not fuzz" -n 2 --dist loadgroup

format: $(STAMP)
	$(BIN)/ruff format src tests
	$(BIN)/ruff check --fix src tests

fuzz: $(STAMP)            ## long property-based campaigns
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -m fuzz

bench: $(STAMP)           ## one table: cold/no-op/edit builds, synthetic decks, vs plain ReportLab (bench/README.md)
	$(BIN)/python -m bench

schema: $(STAMP)          ## JSON Schema for the content files, for editors
	$(BIN)/cutsheet schema

FONTPKG := fontpkg-atkinson-hyperlegible==1.6
fonts: $(STAMP)           ## the bundled fonts again from their PyPI wheel, hinting removed (tools/fonts.py)
	$(BIN)/pip install --quiet 'fonttools>=4.47,<5'
	rm -rf build/fontpkg
	$(BIN)/pip download --quiet --no-deps --dest build/fontpkg '$(FONTPKG)'
	$(BIN)/python tools/fonts.py build/fontpkg/*.whl src/cutsheet/data/fonts

clean:
	rm -rf build
