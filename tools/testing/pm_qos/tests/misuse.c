// SPDX-License-Identifier: GPL-2.0
/*
 * Refused calls (an invalid class or value, a NULL handle, no memory):
 * the target is left as it was and the caller is named.
 */

static void test_misuse(void)
{
	struct pm_qos_request_list *a;
	struct notifier_block nb = { .notifier_call = note_call };

	pm_qos_remove_request(NULL);
	CHECK_EQ(harness_warnings, 0);
	CHECK_EQ(harness_printks, 0);
	harness_quiet = 1;
	CHECK(!pm_qos_add_request(PM_QOS_RESERVED, 5));
	CHECK(!pm_qos_add_request(PM_QOS_NUM_CLASSES, 5));
	CHECK(!pm_qos_add_request(-7, 5));
	CHECK(!pm_qos_add_request(CPU, -5));
	CHECK_EQ(harness_warnings, 4);
	a = pm_qos_add_request(CPU, 40);
	pm_qos_update_request(a, -2);
	CHECK_EQ(harness_warnings, 5);
	CHECK_EQ(pm_qos_request(CPU), 40);
	CHECK_EQ(pm_qos_add_notifier(0, &nb), -EINVAL);
	CHECK_EQ(pm_qos_remove_notifier(9, &nb), -EINVAL);
	CHECK_EQ(harness_warnings, 7);
	harness_quiet = 0;
	pm_qos_remove_request(a);
	CHECK_EQ(harness_live_allocs, 0);
}

noinline
static void null_updater_a(void)
{
	pm_qos_update_request(NULL, 1);
}

noinline
static void null_updater_b(void)
{
	pm_qos_update_request(NULL, 2);
}

/*
 * An update of a NULL handle names its caller each time, not once per boot,
 * and a caller stuck in a loop cannot flood the log: ratelimited.
 */
static void test_update_null_names_caller(void)
{
	int i;

	harness_quiet = 1;
	null_updater_a();
	CHECK_EQ(harness_printks, 1);
	CHECK(strstr(harness_printk_last, "NULL request") != NULL);
	CHECK(strstr(harness_printk_last, " null_updater_a+0x") != NULL);
	null_updater_b();
	CHECK_EQ(harness_printks, 2);
	CHECK(strstr(harness_printk_last, " null_updater_b+0x") != NULL);
	for (i = 0; i < 100; i++)
		null_updater_a();
	CHECK_EQ(harness_printks, DEFAULT_RATELIMIT_BURST);
	harness_jiffies += DEFAULT_RATELIMIT_INTERVAL;
	null_updater_b();
	CHECK_EQ(harness_printks, DEFAULT_RATELIMIT_BURST + 1);
	CHECK(strstr(harness_printk_last, " null_updater_b+0x") != NULL);
	harness_quiet = 0;
	printf("# %s", harness_printk_last);
	CHECK_EQ(harness_warnings, 0);
}

static void test_alloc_failure(void)
{
	struct pm_qos_request_list *a;
	struct dev d;

	a = pm_qos_add_request(CPU, 10);
	harness_alloc_budget = 0;
	CHECK(!pm_qos_add_request(CPU, 5));
	CHECK_EQ(pm_qos_request(CPU), 10);
	CHECK_EQ(pm_qos_array[CPU].count, 1);
	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), -ENOMEM);
	CHECK_EQ(pm_qos_array[CPU].count, 1);
	harness_alloc_budget = -1;
	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	CHECK_EQ(pm_qos_array[CPU].count, 2);
	dev_close(&d);
	pm_qos_remove_request(a);
	CHECK_EQ(harness_live_allocs, 0);
	CHECK_EQ(harness_warnings, 0);
}

static const struct test misuse_tests[] = {
	{ "misuse", test_misuse },
	{ "update_null_names_caller", test_update_null_names_caller },
	{ "alloc_failure", test_alloc_failure },
};
