# pm_qos handle-API series: the front door.  `make help` lists the targets.
# KSRC and PMQOS_CACHE pass through to the scripts, whose defaults are in
# scripts/lib.sh; none is set here.
DIR ?=
ARGS ?=
export KSRC PMQOS_CACHE
lib = $(shell bash -c '. scripts/lib.sh && echo "$$$(1)"')
# A step that cannot run says why in one line and exits 77: not a failure.
skip_ok = || [ $$? = 77 ]

help:
	@echo "make check          install what is missing, run tier 1 tests, and tier 2 if KSRC has a tree"
	@echo "make convert [DIR=] [ARGS=] [KSRC=]  Coccinelle conversion of an out-of-tree driver"
	@echo "                    (default: examples/pmqos-demo; ARGS=--in-place or --report;"
	@echo "                    KSRC=, when set, the tree it builds against: --ksrc)"
	@echo "make boot           build the series-applied kernel (KSRC) and run the guest tests in QEMU"
	@echo "make boot-debug     the same with lockdep, kmemleak, slub_debug, debugobjects"
	@echo "make series-check   mail format, consistency with the core files, checkpatch (tier 2 with KSRC)"
	@echo "make series         regenerate patches/ and series from the core files (needs KSRC)"
	@echo "make bench          benchmarks: this core against 2.6.34, the 2010-04-30 posting, 2.6.36 and 6.1"
	@echo "make deps           install the Debian packages and extract linux-source-6.1 files"
	@echo "make clean          remove build outputs in the repository"
	@echo "KSRC=$(call lib,KSRC)"
	@echo "PMQOS_CACHE=$(call lib,CACHE)"

deps:
	@scripts/deps

check: deps
	@scripts/check

# KSRC, on the command line or in the environment, is the tree the driver
# builds against.
convert: deps
	@convert/pmqos-convert $(if $(KSRC),--ksrc "$(KSRC)") $(ARGS) $(DIR)

boot: deps
	@scripts/boot $(skip_ok)

boot-debug: deps
	@scripts/boot --debug $(skip_ok)

series-check: deps
	@scripts/series-check
	@scripts/series-check --tier2 $(skip_ok)

series: deps
	@scripts/mkseries

bench: deps
	@scripts/bench

clean:
	@$(MAKE) -s -C tools/testing/pm_qos clean

.PHONY: help deps check convert boot boot-debug series-check series bench clean
