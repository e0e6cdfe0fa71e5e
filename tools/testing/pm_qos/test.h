/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every harness binary shares: the real kernel/pm_qos_params.c, a reset
 * of its state between tests, the misc devices and debugfs files as a test
 * opens them, and kselftest-style TAP reporting.
 */
#ifndef _HARNESS_TEST_H
#define _HARNESS_TEST_H

#include "../../../kernel/pm_qos_params.c"
#ifdef PMQOS_STAGE1
#include "../../../compose/deprecated.c"
#endif

#include "check.h"

/* Frees every request, restores the defaults, and runs the initcall again. */
static void pm_qos_reset(void)
{
	struct pm_qos_object *o;
	struct rb_node *n;
	int c;

	for (c = PM_QOS_RESERVED + 1; c < PM_QOS_NUM_CLASSES; c++) {
		o = &pm_qos_array[c];
		while ((n = rb_first(&o->requests))) {
			rb_erase(n, &o->requests);
			kfree(rb_entry(n, struct pm_qos_request_list, node));
		}
		o->count = 0;
		atomic_set(&pm_qos_target[c], o->default_value);
		o->notified_value = o->default_value;
		o->notifiers.head = NULL;
	}
	pm_qos_lock.in_hardirq = pm_qos_lock.irqs_on = 0;
	harness_reset_stubs();
	if (harness_initcall())
		abort();
}

/* A table of tests, one per subject in tests/. */
struct suite {
	const struct test *tests;
	int n;
};

/* Runs the tests of @nr suites as one TAP stream; 1 if any failed. */
static inline int run_suites(const struct suite *suites, int nr)
{
	const struct test *t;
	int i, j, n = 0, passed = 0, failed = 0;

	for (i = 0; i < nr; i++)
		n += suites[i].n;
	printf("TAP version 13\n1..%d\n", n);
	for (i = 0; i < nr; i++) {
		for (j = 0; j < suites[i].n; j++) {
			t = &suites[i].tests[j];
			pm_qos_reset();
			test_failed = 0;
			t->fn();
			/* the core's locking rules hold in every test */
			CHECK_EQ(harness_alloc_under_lock, 0);
			CHECK_EQ(harness_sleep_under_lock, 0);
			CHECK_EQ(harness_notify_under_lock, 0);
			CHECK_EQ(harness_irq_unsafe_lock, 0);
			/* the test restored it */
			CHECK_EQ(harness_in_atomic(), 0);
			printf("%sok %d %s\n", test_failed ? "not " : "",
			       passed + failed + 1, t->name);
			if (test_failed)
				failed++;
			else
				passed++;
			fflush(stdout);
		}
	}
	pm_qos_reset();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}

/* Runs @tests as TAP; the exit status is 1 if any failed. */
static inline int run_tests(const struct test *tests, int n)
{
	const struct suite one = { tests, n };

	return run_suites(&one, 1);
}

#endif
