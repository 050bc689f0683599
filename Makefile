# Vitalog: the human entry points. `make run` and `make test` do all set-up themselves.
SHELL := /bin/bash
CARGO ?= cargo
export CARGO_TERM_COLOR ?= never

.PHONY: run dev build client server test test-rust test-client test-e2e test-fuzz test-cluster lint fmt migrate clean bench audit

## Build the client and the server (release) and serve on SQLite at http://localhost:8080.
run: build
	./target/release/vitalog serve

## Development loop: API server + webpack dev server with hot reload on :3000.
dev:
	scripts/dev.sh

build: client server

client:
	scripts/ensure-node-deps.sh
	cd frontend && npm run build

server:
	scripts/ensure-build-deps.sh
	$(CARGO) build --release -p server --bin vitalog

migrate:
	scripts/ensure-build-deps.sh
	$(CARGO) run --release -p server --bin vitalog -- migrate

## Every test: lint, Rust (unit, storage on SQLite + PostgreSQL, HTTP, faults), client unit,
## browser, the API fuzzer, and three servers on one PostgreSQL behind HAProxy.
test: lint test-rust test-client test-e2e test-fuzz test-cluster

test-rust:
	scripts/ensure-build-deps.sh
	scripts/ensure-postgres.sh
	scripts/ensure-pdf-tools.sh
	$(CARGO) test --workspace

test-client:
	scripts/ensure-node-deps.sh
	cd frontend && npm test

test-e2e:
	scripts/ensure-node-deps.sh
	scripts/browser-install.sh
	scripts/ensure-postgres.sh
	scripts/ensure-pdf-tools.sh
	scripts/ensure-build-deps.sh
	$(CARGO) build -p server --bin vitalog
	cd frontend && npm run build && VITALOG_BIN=../target/debug/vitalog npm run e2e

## schemathesis from /api/openapi.json against a live server: no 5xx, no schema violation.
test-fuzz:
	scripts/fuzz-api.sh

## 3 servers on one PostgreSQL database behind HAProxy: sessions, limits, emails, payments,
## reminders once; acknowledged writes kept exactly once through SIGKILL and rolling SIGTERM.
test-cluster:
	scripts/cluster/run.sh

## rustfmt, clippy, docs/configuration.md against the configuration code, the layer rule,
## the copy-paste detector, ESLint and tsc (with the client's API types against openapi.json).
lint:
	scripts/ensure-build-deps.sh
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) test -q -p server --test config_reference
	scripts/check-layers.sh
	scripts/check-copies.sh
	scripts/ensure-node-deps.sh
	cd frontend && npm run lint

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean
	rm -rf frontend/dist

## Benchmarks (not tests): release server on SQLite and PostgreSQL, 1,000 users, wrk, Lighthouse.
## Writes docs/benchmarks.md; fails if 20 concurrent logins raise other requests' p99 > 5 ms.
bench:
	scripts/bench/run.sh

## Dependency audits (cargo-audit + npm audit --omit=dev); needs github.com and the npm audit API.
audit:
	scripts/audit.sh
