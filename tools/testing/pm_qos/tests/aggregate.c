// SPDX-License-Identifier: GPL-2.0
/*
 * The target of a class: the minimum or maximum of its requests, the class
 * default folded in, whatever order the requests come and go in.
 */

static void test_defaults(void)
{
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	CHECK_EQ(pm_qos_request(NET), LAT_DEFAULT);
	CHECK_EQ(pm_qos_request(TPUT), 0);
}

/*
 * An invalid class reads as a latency of 0, never as a negative number,
 * which a governor comparing it with an unsigned exit latency would take
 * for "any latency will do".  It warns once: cpuidle asks on every idle
 * entry, and a warning at each would flood the log.
 */
static void test_request_invalid_class(void)
{
	int i;

	harness_quiet = 1;
	for (i = 0; i < 100; i++) {
		CHECK_EQ(pm_qos_request(PM_QOS_RESERVED), 0);
		CHECK_EQ(pm_qos_request(PM_QOS_NUM_CLASSES), 0);
		CHECK_EQ(pm_qos_request(-1), 0);
	}
	harness_quiet = 0;
	CHECK_EQ(harness_warnings, 1);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
}

static void test_min_aggregate(void)
{
	struct pm_qos_request_list *a, *b, *c;

	a = pm_qos_add_request(CPU, 100);
	b = pm_qos_add_request(CPU, 50);
	c = pm_qos_add_request(CPU, 200);
	CHECK(a && b && c);
	CHECK_EQ(pm_qos_request(CPU), 50);
	CHECK_EQ(pm_qos_request(NET), LAT_DEFAULT);
	pm_qos_remove_request(b);
	CHECK_EQ(pm_qos_request(CPU), 100);
	pm_qos_remove_request(a);
	CHECK_EQ(pm_qos_request(CPU), 200);
	pm_qos_remove_request(c);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	CHECK_EQ(harness_live_allocs, 0);
	CHECK_EQ(harness_warnings, 0);
}

static void test_max_aggregate(void)
{
	struct pm_qos_request_list *a, *b, *c;

	a = pm_qos_add_request(TPUT, 10);
	b = pm_qos_add_request(TPUT, 300);
	c = pm_qos_add_request(TPUT, 20);
	CHECK_EQ(pm_qos_request(TPUT), 300);
	pm_qos_update_request(b, 5);
	CHECK_EQ(pm_qos_request(TPUT), 20);
	pm_qos_remove_request(c);
	CHECK_EQ(pm_qos_request(TPUT), 10);
	pm_qos_remove_request(a);
	pm_qos_remove_request(b);
	CHECK_EQ(pm_qos_request(TPUT), 0);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
}

static void test_default_value(void)
{
	struct pm_qos_request_list *a, *b;

	a = pm_qos_add_request(CPU, PM_QOS_DEFAULT_VALUE);
	CHECK_EQ(a->value, LAT_DEFAULT);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	pm_qos_update_request(a, 30);
	CHECK_EQ(pm_qos_request(CPU), 30);
	pm_qos_update_request(a, PM_QOS_DEFAULT_VALUE);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	b = pm_qos_add_request(TPUT, PM_QOS_DEFAULT_VALUE);
	CHECK_EQ(b->value, 0);
	pm_qos_remove_request(a);
	pm_qos_remove_request(b);
	CHECK_EQ(harness_warnings, 0);
}

/*
 * The aggregate folds in the class default, as 2.6.34's did: a latency
 * request above the default leaves the target (and the notifiers) alone,
 * so a later request at the default changes nothing either.
 */
static void test_default_folded(void)
{
	struct pm_qos_request_list *a, *b, *t;
	struct dev d;

	watch(CPU);
	watch(TPUT);
	a = pm_qos_add_request(CPU, INT32_MAX);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	b = pm_qos_add_request(CPU, LAT_DEFAULT + 1);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	CHECK_EQ(notes[CPU].calls, 0);
	flush();
	CHECK_EQ(notes[CPU].calls, 0);
	pm_qos_update_request(b, 1000);
	CHECK_EQ(pm_qos_request(CPU), 1000);
	flush();
	pm_qos_update_request(b, INT32_MAX - 1);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	flush();
	CHECK_EQ(notes[CPU].calls, 2);
	CHECK_EQ(notes[CPU].log[1], LAT_DEFAULT);
	dev_close(&d);
	pm_qos_remove_request(a);
	pm_qos_remove_request(b);
	flush();
	CHECK_EQ(notes[CPU].calls, 2);
	t = pm_qos_add_request(TPUT, 0);
	CHECK_EQ(pm_qos_request(TPUT), 0);
	flush();
	CHECK_EQ(notes[TPUT].calls, 0);
	pm_qos_remove_request(t);
	CHECK_EQ(harness_warnings, 0);
}

static void test_equal_values(void)
{
	struct pm_qos_request_list *a, *b;

	a = pm_qos_add_request(NET, 10);
	b = pm_qos_add_request(NET, 10);
	CHECK_EQ(pm_qos_request(NET), 10);
	CHECK_EQ(pm_qos_array[NET].count, 2);
	pm_qos_remove_request(a);
	CHECK_EQ(pm_qos_request(NET), 10);
	pm_qos_remove_request(b);
	CHECK_EQ(pm_qos_request(NET), LAT_DEFAULT);
	CHECK_EQ(pm_qos_array[NET].count, 0);
}

static const struct test aggregate_tests[] = {
	{ "defaults", test_defaults },
	{ "request_invalid_class", test_request_invalid_class },
	{ "min_aggregate", test_min_aggregate },
	{ "max_aggregate", test_max_aggregate },
	{ "default_value", test_default_value },
	{ "default_folded", test_default_folded },
	{ "equal_values", test_equal_values },
};
