# Datebook — the few commands a person needs.
#   make run    build and open the planner (ARGS="--db /tmp/x.sqlite" to pass options)
#   make test   every test: unit, snapshot and end-to-end in tmux
#   make bench  benchmarks on a 100,000-item database (release build)

SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=

.PHONY: all deps build run test bench install clean

all: build

deps:
	@scripts/ensure-deps

build: deps
	$(SWIFT) build

run: build
	.build/debug/datebook $(ARGS)

test: deps
	$(SWIFT) build
	$(SWIFT) test

bench: deps
	$(SWIFT) build -c release
	scripts/bench

install: deps
	$(SWIFT) build -c release
	install -D -m 755 .build/release/datebook $(DESTDIR)$(PREFIX)/bin/datebook

clean:
	$(SWIFT) package clean
