# Datebook — the few commands a person needs.
#   make run    build and open the planner (ARGS="--db /tmp/x.sqlite" to pass options)
#   make test   every test: unit, snapshot and end-to-end in tmux
#   make stress the durability tests at full size (kills, four writers, a full disk)
#   make bench  benchmarks: 100,000 items, iCalendar import/agenda beside calcurse and khal, 10,000 vCards,
#               100,000 Taskwarrior tasks beside task import
#   make fuzz   a short fuzz run: 5,000 inputs on each target (the iCalendar reader, repeat rules,
#               date text, meeting messages, vCards, feeds, JSON imports, CalDAV answers); a campaign: make fuzz COUNT=1000000 TARGET=ical SEED=7
#
# Release builds link the Swift runtime and Foundation statically: a command then starts in
# about 10 ms instead of 17 (most of a short `datebook agenda` was the dynamic linker).

SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=
# A module that imports another it does not list as a dependency fails the build, so the
# edges between modules (Docs/Architecture.md) hold.
CHECK = --explicit-target-dependency-import-check error

.PHONY: all deps build run test stress bench fuzz install clean

all: build

deps:
	@scripts/ensure-deps

build: deps
	$(SWIFT) build $(CHECK)

run: build
	.build/debug/datebook $(ARGS)

test: deps
	$(SWIFT) build $(CHECK)
	$(SWIFT) test $(CHECK)

# The durability tests at full size: 1,000 killed writes, a killed import of 100,000 components.
stress: deps
	$(SWIFT) build $(CHECK)
	DATEBOOK_STRESS=1 $(SWIFT) test $(CHECK) --filter DurabilityTests

RELEASE = $(SWIFT) build -c release --static-swift-stdlib

bench: deps
	@BENCH_PEERS=1 scripts/ensure-deps
	$(RELEASE)
	scripts/bench

# Not part of `make test`: it needs a release build, and timing is a finding only on a quiet machine.
COUNT ?= 5000
SEED ?= 1
TARGET ?= ical,rule,dates,itip,vcard,feed,json,dav
HANG ?= 3
fuzz: deps
	$(SWIFT) build -c release --product DatebookFuzz
	nice -n 10 .build/release/DatebookFuzz run --count $(COUNT) --seed $(SEED) --target $(TARGET) --hang $(HANG)

install: deps
	$(RELEASE)
	install -D -m 755 .build/release/datebook $(DESTDIR)$(PREFIX)/bin/datebook

clean:
	$(SWIFT) package clean
