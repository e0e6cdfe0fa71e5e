# SPDX-License-Identifier: GPL-2.0
# The pm_qos bench: `make -f bench.mk BENCH_DIR=... RBTREE_DIR=...` here,
# normally run by scripts/bench, which sets every variable below.
#
# Builds $(BENCH_DIR)/bench from bench.c, the harness's stubs.c and stub
# headers, and one bench-variant.c object per core, all with the same flags:
#   project  ../../../kernel/pm_qos_params.c (always)
#   v2.6.34  $(BENCH_V2634)/kernel/pm_qos_params.c, if BENCH_V2634 is set
#   posted   $(BENCH_POSTED)/kernel/pm_qos_params.c, if BENCH_POSTED is set
#   v2.6.36  $(BENCH_V2636)/kernel/pm_qos_params.c and lib/plist.c, if
#            BENCH_V2636 is set
#   6.1      $(BENCH_V61)/qos.c (what bench-extract.py takes out of 6.1's
#            kernel/power/qos.c) and lib/plist.c, if BENCH_V61 is set
# where each of those directories also holds the core's headers under
# include/linux/ (pm_qos_params.h; plist.h for the last two).
# scripts/bench prepares them from KSRC, the 2.6.36 tree and the
# linux-source-6.1 files in a scratch directory; nothing of them is in the
# repository.  RBTREE_DIR is where `make deps` extracted linux-source-6.1's
# files.

ifeq ($(BENCH_DIR),)
$(error BENCH_DIR is not set: run scripts/bench, or pass BENCH_DIR=<build directory>)
endif
ifeq ($(RBTREE_DIR),)
$(error RBTREE_DIR is not set: run scripts/bench, or pass RBTREE_DIR=<linux-6.1 files>)
endif
RBTREE_C := $(RBTREE_DIR)/tools/lib/rbtree.c
TOPDIR := $(CURDIR)/../../..

BENCH_CFLAGS := -O2 -g -std=gnu11 -Wall -Wno-unused-function \
	-Wno-unused-parameter -Wno-sign-compare -I. \
	-I$(RBTREE_DIR)/tools/include -pthread
BENCH_LDLIBS := -ldl -pthread -Wl,-z,now
HDRS := bench.c harness.h $(wildcard linux/*.h trace/*.h) bench.mk

OBJS := $(addprefix $(BENCH_DIR)/,bench.o stubs.o rbtree.o project.o \
	$(if $(BENCH_V2634),v2634.o) $(if $(BENCH_POSTED),posted.o) \
	$(if $(BENCH_V2636),v2636.o) $(if $(BENCH_V61),v61.o))

# $(call variant,NUMBER,DIR): compile the core in DIR as bench variant NUMBER
variant = $(CC) $(BENCH_CFLAGS) -I$(2)/include -DBENCH_VARIANT=$(1) \
	-DBENCH_SOURCE='"$(2)/kernel/pm_qos_params.c"' -c -o $@ bench-variant.c

all: $(BENCH_DIR)/bench

$(BENCH_DIR):
	mkdir -p $@

$(RBTREE_C):
	@echo "missing $(RBTREE_C): run 'make deps' at the top (it extracts it from linux-source-6.1)" >&2
	@false

# relinked every time: which cores it holds depends on the variables above
$(BENCH_DIR)/bench: $(OBJS) FORCE
	$(CC) -o $@ $(OBJS) $(BENCH_LDLIBS)

FORCE:

$(BENCH_DIR)/%.o: %.c $(HDRS) | $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -c -o $@ $<

$(BENCH_DIR)/rbtree.o: $(RBTREE_C) | $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -c -o $@ $(RBTREE_C)

$(BENCH_DIR)/project.o: bench-variant.c $(HDRS) \
		$(TOPDIR)/kernel/pm_qos_params.c \
		$(TOPDIR)/include/linux/pm_qos_params.h \
		$(TOPDIR)/include/trace/events/pm_qos.h | $(BENCH_DIR)
	$(call variant,0,$(TOPDIR))

# The 2010 cores as they are: their warnings are not ours to fix.
$(BENCH_DIR)/v2634.o: bench-variant.c $(HDRS) \
		$(BENCH_V2634)/kernel/pm_qos_params.c | $(BENCH_DIR)
	$(call variant,1,$(BENCH_V2634)) -w

$(BENCH_DIR)/posted.o: bench-variant.c $(HDRS) \
		$(BENCH_POSTED)/kernel/pm_qos_params.c | $(BENCH_DIR)
	$(call variant,2,$(BENCH_POSTED)) -w

# 6.1's plist.h includes <asm/bug.h>: the harness's bug.h, from the build
# directory
$(BENCH_DIR)/include/asm/bug.h: | $(BENCH_DIR)
	mkdir -p $(dir $@)
	echo '#include <linux/bug.h>' > $@

$(BENCH_DIR)/v2636.o: bench-variant.c $(HDRS) \
		$(BENCH_V2636)/kernel/pm_qos_params.c \
		$(BENCH_V2636)/lib/plist.c | $(BENCH_DIR)
	$(call variant,3,$(BENCH_V2636)) \
		-DBENCH_PLIST='"$(BENCH_V2636)/lib/plist.c"' -w

$(BENCH_DIR)/v61.o: bench-variant.c $(HDRS) $(BENCH_V61)/qos.c \
		$(BENCH_V61)/lib/plist.c $(BENCH_DIR)/include/asm/bug.h \
		| $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) -I$(BENCH_V61)/include -I$(BENCH_DIR)/include \
		-DBENCH_VARIANT=4 -DBENCH_SOURCE='"$(BENCH_V61)/qos.c"' \
		-DBENCH_PLIST='"$(BENCH_V61)/lib/plist.c"' -w \
		-c -o $@ bench-variant.c

.PHONY: all FORCE
