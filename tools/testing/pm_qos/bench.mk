# The pm_qos bench: `make -f bench.mk` here, normally run by scripts/bench.
#
# Builds $(BENCH_DIR)/bench from bench.c, the harness's stubs.c and stub
# headers, and one bench-variant.c object per core, all with the same flags:
#   project  ../../../kernel/pm_qos_params.c (always)
#   v2.6.34  $(BENCH_V2634)/kernel/pm_qos_params.c, if BENCH_V2634 is set
#   posted   $(BENCH_POSTED)/kernel/pm_qos_params.c, if BENCH_POSTED is set
# where each of those directories also holds the core's
# include/linux/pm_qos_params.h.  scripts/bench prepares them from KSRC in a
# scratch directory; nothing of them is in the repository.

CACHE ?= $(HOME)/.cache/pm-qos
BENCH_DIR ?= $(CACHE)/bench/build
BENCH_V2634 ?=
BENCH_POSTED ?=
RBTREE_DIR ?= $(CACHE)/linux-6.1
RBTREE_C := $(RBTREE_DIR)/tools/lib/rbtree.c

BENCH_CFLAGS := -O2 -g -std=gnu11 -Wall -Wno-unused-function \
	-Wno-unused-parameter -Wno-sign-compare -I. \
	-I$(RBTREE_DIR)/tools/include -pthread
BENCH_LDLIBS := -ldl -pthread -Wl,-z,now
PROJECT := $(CURDIR)/../../../kernel/pm_qos_params.c
HDRS := bench.c harness.h $(wildcard linux/*.h) bench.mk

OBJS := $(BENCH_DIR)/bench.o $(BENCH_DIR)/stubs.o $(BENCH_DIR)/rbtree.o \
	$(BENCH_DIR)/project.o
ifneq ($(BENCH_V2634),)
OBJS += $(BENCH_DIR)/v2634.o
endif
ifneq ($(BENCH_POSTED),)
OBJS += $(BENCH_DIR)/posted.o
endif

all: $(BENCH_DIR)/bench

$(RBTREE_C):
	@echo "missing $(RBTREE_C): run 'make deps' at the top (it extracts it from linux-source-6.1)" >&2
	@false

# relinked every time: which cores it holds depends on the variables above
$(BENCH_DIR)/bench: $(OBJS) FORCE
	$(CC) -o $@ $(OBJS) $(BENCH_LDLIBS)

FORCE:

$(BENCH_DIR)/bench.o: bench.c $(HDRS)
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -c -o $@ bench.c

$(BENCH_DIR)/stubs.o: stubs.c $(HDRS)
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -c -o $@ stubs.c

$(BENCH_DIR)/rbtree.o: $(RBTREE_C)
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -c -o $@ $(RBTREE_C)

$(BENCH_DIR)/project.o: bench-variant.c $(HDRS) $(PROJECT) \
		../../../include/linux/pm_qos_params.h
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -I../../../include -DBENCH_VARIANT=0 \
		-DBENCH_SOURCE='"$(PROJECT)"' -c -o $@ bench-variant.c

# The 2010 cores as they are: their warnings are not ours to fix.
$(BENCH_DIR)/v2634.o: bench-variant.c $(HDRS) \
		$(BENCH_V2634)/kernel/pm_qos_params.c
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -w -I$(BENCH_V2634)/include -DBENCH_VARIANT=1 \
		-DBENCH_SOURCE='"$(BENCH_V2634)/kernel/pm_qos_params.c"' \
		-c -o $@ bench-variant.c

$(BENCH_DIR)/posted.o: bench-variant.c $(HDRS) \
		$(BENCH_POSTED)/kernel/pm_qos_params.c
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -w -I$(BENCH_POSTED)/include -DBENCH_VARIANT=2 \
		-DBENCH_SOURCE='"$(BENCH_POSTED)/kernel/pm_qos_params.c"' \
		-c -o $@ bench-variant.c

.PHONY: all FORCE
