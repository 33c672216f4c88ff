# cutsheet — every target creates .venv on first use; only python3 and make are needed.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: pdfs test check lint format bench fuzz schema clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

pdfs: $(STAMP)            ## every game, every profile, both papers, into build/
	$(BIN)/cutsheet build

check: $(STAMP)           ## validate content without writing PDFs
	$(BIN)/cutsheet check

test: $(STAMP)            ## lint, format check, then the test suite on two workers (tests/workers.py)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/pytest -m "not fuzz" -n 2 --dist loadgroup

format: $(STAMP)
	$(BIN)/ruff format src tests
	$(BIN)/ruff check --fix src tests

fuzz: $(STAMP)            ## long property-based campaigns
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -m fuzz

bench: $(STAMP)           ## one table: cold/no-op/edit builds, synthetic decks, vs plain ReportLab (bench/README.md)
	$(BIN)/python -m bench

schema: $(STAMP)          ## JSON Schema for the content files, for editors
	$(BIN)/cutsheet schema

clean:
	rm -rf build
