# Gomoku: Rust engine compiled to WebAssembly, played in the browser.
#   make serve   install what is missing, build the wasm, serve www/ on http://localhost:8000
#   make test    install what is missing, then every check: fmt, clippy, native tests, wasm tests, the string
#                tables, the network trainer's test (tools/train_net.py, in the Python venv .venv/), the wasm
#                build, the wasm long run (Node) and the browser tests (headless Chromium)

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
# Tools that `cargo install` puts in ~/.cargo/bin must be found in the same run.
export PATH := $(HOME)/.cargo/bin:$(PATH)

WASM_BINDGEN_VERSION := 0.2.130
TARGET := wasm32-unknown-unknown
WASM := target/$(TARGET)/release/gomoku.wasm
PKG := www/pkg
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
VENV := .venv
PYTHON := $(VENV)/bin/python

.PHONY: serve test setup setup-rust setup-node setup-browser setup-python wasm build-id lint test-native test-wasm \
	test-strings test-longrun test-browser test-trainer clean

serve: wasm
	@echo "Gomoku is at http://localhost:$(PORT)/  (Ctrl+C stops the server)"
	python3 -m http.server $(PORT) --bind 127.0.0.1 -d www

test: setup setup-browser setup-python lint test-native test-wasm test-strings test-trainer wasm test-longrun test-browser
	@echo "make test: all checks passed"

# ---- Installation (each step does nothing when its tool is already there) ----

setup: setup-rust setup-node

setup-rust:
	@rustup target list --installed | grep -qx '$(TARGET)' || rustup target add $(TARGET)
	@cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	@cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
		echo "Installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes)"; \
		cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi

setup-node:
	@[ -d node_modules/playwright-core ] && [ -d node_modules/binaryen ] || npm ci --no-audit --no-fund

# (fonts-wqy-microhei: Chinese glyphs in the test screenshots)
setup-browser:
	@[ -x $(CHROMIUM) ] || { apt-get update && apt-get install -y chromium chromium-driver fonts-wqy-microhei; }

# The Python tools' packages (tools/requirements.txt) in .venv/: installed again only when the list differs
# from the copy saved after the last install. Debian's python3 needs python3-venv for `python3 -m venv`.
setup-python:
	@if ! [ -x $(PYTHON) ] || ! cmp -s tools/requirements.txt $(VENV)/requirements.txt; then \
		echo "Installing tools/requirements.txt into $(VENV)/"; \
		python3 -c 'import ensurepip' 2>/dev/null || { apt-get update && apt-get install -y python3-venv; }; \
		rm -f $(VENV)/requirements.txt; \
		python3 -m venv $(VENV); \
		$(PYTHON) -m pip install --quiet --disable-pip-version-check -r tools/requirements.txt; \
		cp tools/requirements.txt $(VENV)/requirements.txt; \
	fi

# ---- Build ----

# wasm-opt comes from the npm package binaryen: Debian's older wasm-opt corrupts wasm-bindgen output.
wasm: setup
	cargo build --release --target $(TARGET) --lib
	wasm-bindgen --target web --out-dir $(PKG) $(WASM)
	npx --no-install wasm-opt -O3 $(PKG)/gomoku_bg.wasm -o $(PKG)/gomoku_bg.wasm
	@ls -l $(PKG)/gomoku_bg.wasm | awk '{print "wasm size: " $$5 " bytes"}'
	@$(MAKE) --no-print-directory build-id

# The service worker's list of files to cache and the build id that names its cache: a hash of every file
# of the page, so any change gives a new cache that replaces the old one.
build-id:
	@cd www && files=$$(find . -type f ! -name build-id.js ! -name sw.js ! -name '*.d.ts' ! -name package.json \
		! -name '.*' | sed 's|^\./||' | LC_ALL=C sort) && \
	id=$$(cat $$files sw.js | sha256sum | cut -c1-16) && \
	{ printf '// Written by make build-id: what the service worker caches, and the name of its cache.\n'; \
	  printf 'self.BUILD = {\n  id: "%s",\n  files: [\n    "./",\n' "$$id"; \
	  for f in $$files; do printf '    "%s",\n' "$$f"; done; printf '  ],\n};\n'; } > pkg/build-id.js && \
	echo "build id: $$id"

# ---- Checks ----

lint: setup-rust
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings

test-native:
	cargo test --release

# wasm-bindgen-test in Node (the runner is set in .cargo/config.toml)
test-wasm: setup-rust
	cargo test --target $(TARGET)

# The string tables: same keys in every language, nothing empty, Chinese that is Chinese
test-strings: setup-node
	node --test tests/strings.test.mjs

# 200 AI-vs-AI games through the web build's wasm API in Node: legal moves, results, memory (under a minute);
# tools/wasm_bench.mjs, the page's Benchmark in Node, and its profile summary (seconds)
test-longrun: setup-node wasm
	node --test tests/wasm-longrun.test.mjs tests/wasm-bench.test.mjs

test-browser: setup-node setup-browser wasm
	node --test --test-concurrency=1 tests/browser/

# tools/train_net.py on samples from a few quick self-play games: the loss falls, the gradient matches finite
# differences, the written Rust file has the right shape, bad input gives a one-line error (a few seconds);
# tools/horizon.py's reading of match logs and its questions to the engine; tools/losses.py's sorting of lost games
# and its turning positions; tools/judge.py's positions, moves and scores against a stand-in judge
test-trainer: setup-python
	cargo build --release
	$(PYTHON) -m unittest -v tests/train_net_test.py tests/horizon_test.py tests/losses_test.py tests/judge_test.py

clean:
	rm -rf $(PKG) test-artifacts
