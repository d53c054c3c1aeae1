# Folio — the developer's entry points.
#
#   make site    build folio (release) and the example site (Content/ → Public/)
#   make test    unit tests (swift test), the fuzzer (about a minute), then the browser tests (pytest + Chromium)
#   make fuzz    fuzz folio with generated sites: make fuzz SECONDS=600 [SEED=x]; crashes go to .fuzz/crashes/
#   make build   build the release folio binary only
#   make deps    install whatever is missing: libcmark-dev, libgumbo-dev, libmimalloc-dev, nodejs, node-highlight.js,
#                chromium, chromium-driver, cmark-gfm,
#                and the Python venv .venv with Tests/Browser/requirements.txt
#   make clean   remove build products (.build, Public, test caches); distclean also .venv
#
# Every target installs only what is missing, so repeated runs are fast.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build
MAKEFLAGS += --no-builtin-rules --no-builtin-variables

SWIFT        ?= $(or $(shell command -v swift),/opt/swift/usr/bin/swift)
PYTHON       ?= python3
VENV         := .venv
VENV_STAMP   := $(VENV)/.requirements.stamp
REQUIREMENTS := Tests/Browser/requirements.txt
FOLIO        := .build/release/folio

export PYTHON

.PHONY: deps deps-build deps-test venv build site test test-swift lint test-fuzz test-browser fuzz clean distclean help

help:
	@sed -n '3,12s/^# \{0,1\}//p' Makefile

## Dependencies ---------------------------------------------------------------

# What building folio needs (libcmark-dev, libgumbo-dev, libmimalloc-dev) and what it highlights code with
# (nodejs, node-highlight.js).
deps-build:
	@bash scripts/ensure-system-deps.sh

# Everything the tests need, too.
deps-test:
	@bash scripts/ensure-system-deps.sh --browser

deps: deps-test venv

venv: $(VENV_STAMP)

# Rebuilt when the requirements change or the venv is missing/broken.
$(VENV_STAMP): $(REQUIREMENTS) | deps-test
	@bash scripts/ensure-venv.sh $(VENV) $(REQUIREMENTS) $@

## Build ----------------------------------------------------------------------

build: deps-build
	$(SWIFT) build -c release --product folio

site: build
	$(FOLIO) build
	@echo
	@echo "The example site (the Folio user guide) is in Public/. To look at it:"
	@echo "  open Public/index.html        (xdg-open on Linux; it works from file://)"
	@echo "  $(FOLIO) serve     (http://127.0.0.1:8080/, reloads as you edit Content/)"

## Tests ----------------------------------------------------------------------

test: deps
	@$(MAKE) --no-print-directory lint
	@$(MAKE) --no-print-directory test-swift
	@$(MAKE) --no-print-directory test-fuzz
	@$(MAKE) --no-print-directory test-browser

test-swift:
	$(SWIFT) test

# House style: .swift-format (4-space indentation, 120 columns); `swift format format -i -r Sources Tests` fixes most of it.
lint:
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Plugins Package.swift

test-browser: venv
	$(SWIFT) build -c release --product folio
	FOLIO_BIN="$(CURDIR)/$(FOLIO)" $(VENV)/bin/python -m pytest Tests/Browser

# The sites that once crashed folio (Tests/Fuzz/regressions), then FUZZ_SECONDS of new ones; any crash or hang fails.
FUZZ_SECONDS ?= 55
SECONDS      ?= 600
SEED         ?= folio

test-fuzz: venv
	$(SWIFT) build -c release --product folio
	FOLIO_BIN="$(CURDIR)/$(FOLIO)" $(VENV)/bin/python -m pytest Tests/Fuzz -q
	$(PYTHON) Tests/Fuzz/fuzz.py --folio $(FOLIO) --seconds $(FUZZ_SECONDS) --seed $(SEED)

fuzz: build
	$(PYTHON) Tests/Fuzz/fuzz.py --folio $(FOLIO) --seconds $(SECONDS) --seed $(SEED)

## Benchmarks -----------------------------------------------------------------

# SPEC §11: folio against the libcmark floor and Hugo (installed when missing); writes BENCHMARKS.md.
#   make bench            N=10000 documents, RUNS=5 of each measurement
#   make bench N=100000   the growth check (against the N=10000 result)
#   make bench OUT=/dev/shm/folio-bench   the outputs on a tmpfs (the disk out of the measurement)
#   make bench-smoke      N=50, one run, into .bench/smoke/ (BENCHMARKS.md untouched)
N    ?= 10000
RUNS ?= 5
OUT  ?=

.PHONY: bench bench-smoke

bench: deps-build
	SWIFT="$(SWIFT)" $(PYTHON) Benchmarks/bench.py --n $(N) --runs $(RUNS) $(if $(OUT),--outputs $(OUT))

bench-smoke: deps-build
	SWIFT="$(SWIFT)" $(PYTHON) Benchmarks/bench.py --n 50 --runs 1 --work .bench/smoke --report .bench/smoke/BENCHMARKS.md

## Cleaning -------------------------------------------------------------------

clean:
	rm -rf .build Public .folio-cache Tests/Browser/.artifacts .fuzz
	find Tests -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
