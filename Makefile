# Datebook — the few commands a person needs.
#   make run    build and open the planner (ARGS="--db /tmp/x.sqlite" to pass options)
#   make test   every test: unit, snapshot and end-to-end in tmux
#   make stress the durability tests at full size (kills, four writers, a full disk)
#   make bench  benchmarks: 100,000 items, iCalendar import/agenda beside calcurse and khal, 10,000 vCards,
#               100,000 Taskwarrior tasks beside task import
#   make fuzz   a short fuzz run: 5,000 inputs on each target (the iCalendar reader, repeat rules,
#               date text, meeting messages, vCards, feeds, JSON imports, CalDAV answers); a campaign: make fuzz COUNT=1000000 TARGET=ical SEED=7
#   make libfuzz the same targets under libFuzzer, guided by coverage: make libfuzz TARGET=ical RUNS=1000000
#               (LIBFUZZ_FLAGS=-max_total_time=60 to stop sooner)
#
# Release builds link the Swift runtime and Foundation statically: a command then starts in
# about 10 ms instead of 17 (most of a short `datebook agenda` was the dynamic linker).

SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=
# A module that imports another it does not list as a dependency fails the build, so the
# edges between modules (Docs/Architecture.md) hold.
CHECK = --explicit-target-dependency-import-check error

.PHONY: all deps build run test stress bench fuzz libfuzz install clean

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

# Each target of TARGET in turn under libFuzzer, in a build of its own (every module instrumented
# for coverage, so not in .build). Seeds: the fixtures the target reads, the files of
# Fixtures/Fuzz it reads, and the first 200 inputs of its generator; what libFuzzer adds stays in
# $(LIBFUZZ)/corpus. A target stops at its first crash, oracle failure (an abort), write to stderr,
# input over CPU_LIMIT seconds of CPU time (cpu-…, saved by the harness's watchdog, exit 70) or over
# 1 GB, saved in fuzz-findings/libfuzzer/TARGET/; the next target runs all the same. libFuzzer's own
# -timeout, wall time, is a backstop at 60 s: its handler allocates inside a signal and can hang for
# ever in malloc. An input over 1 s of wall time that is the slowest so far is saved there too
# (slow-unit-…; libFuzzer saves only a new slowest), and the run goes on: wall time is what a busy
# machine stretches (2 s stopped runs on inputs of 0.5 s of CPU), so judge by CPU time, replaying
# the slow units and the whole corpus kept: .build/release/DatebookFuzz replay --target T FILES.
# The 1 GB is the whole process's resident memory, which grows with the corpus and stays after a
# large input: replay an oom-… input alone before calling it one.
# Two processes on one corpus: LIBFUZZ_FLAGS="-jobs=2 -workers=2" (RUNS each; logs in fuzz-N.log;
# a finding in one stops both).
# Swift's backtracer is off: it takes the signals before libFuzzer, which then saves nothing.
# Not part of `make test` either.
LIBFUZZ = .build-libfuzzer
RUNS ?= 1000000
CPU_LIMIT ?= 2
LIBFUZZ_FLAGS ?=
FIXTURES = Tests/DatebookKitTests/Fixtures
libfuzz: deps
	$(SWIFT) build -c release --product DatebookLibFuzzer --scratch-path $(LIBFUZZ) --sanitize fuzzer -Xswiftc -parse-as-library
	$(SWIFT) build --product DatebookFuzz
	@set -e; failed=; for target in $$(echo $(TARGET) | tr , ' '); do \
	  seeds=$(LIBFUZZ)/seeds/$$target; rm -rf $$seeds; mkdir -p $$seeds $(LIBFUZZ)/corpus/$$target fuzz-findings/libfuzzer/$$target; \
	  .build/debug/DatebookFuzz seed-corpus --target $$target --count 200 --out $$seeds; \
	  case $$target in \
	    ical|feed) cp $(FIXTURES)/*.ics $(FIXTURES)/Fuzz/*.ics $$seeds/; max=1048576;; \
	    vcard) cp $(FIXTURES)/vcard/*.vcf $$seeds/; max=1048576;; \
	    json) cp $(FIXTURES)/Imports/*.json $$seeds/; max=1048576;; \
	    itip|dav) max=262144;; \
	    *) max=65536;; \
	  esac; \
	  echo "libFuzzer: $$target, $(RUNS) runs, inputs up to $$max bytes"; \
	  DATEBOOK_FUZZ_TARGET=$$target DATEBOOK_FUZZ_CPU_LIMIT=$(CPU_LIMIT) DATEBOOK_FUZZ_ARTIFACTS=fuzz-findings/libfuzzer/$$target \
	  SWIFT_BACKTRACE=enable=no nice -n 10 $(LIBFUZZ)/release/DatebookLibFuzzer $(LIBFUZZ)/corpus/$$target $$seeds \
	    -runs=$(RUNS) -timeout=60 -rss_limit_mb=1024 -max_len=$$max -report_slow_units=1 -print_final_stats=1 -close_fd_mask=2 \
	    -artifact_prefix=fuzz-findings/libfuzzer/$$target/ $(LIBFUZZ_FLAGS) || failed="$$failed $$target"; \
	done; \
	if [ -n "$$failed" ]; then echo "libFuzzer stopped on a finding in:$$failed (see fuzz-findings/libfuzzer/)"; exit 1; fi

install: deps
	$(RELEASE)
	install -D -m 755 .build/release/datebook $(DESTDIR)$(PREFIX)/bin/datebook

clean:
	$(SWIFT) package clean
