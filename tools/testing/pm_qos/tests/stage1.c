// SPDX-License-Identifier: GPL-2.0
/*
 * The deprecated string API of compose/deprecated.c, kept by the core
 * patches of the series (main-stage1 only).
 */

static void test_stage1_string_api(void)
{
	char a[] = "ipw2100", b[] = "ALSA-PCM0-0p0", nope[] = "nope";

	watch(CPU);
	CHECK_EQ(pm_qos_add_requirement(CPU, a, 175), 0);
	flush();
	CHECK_EQ(pm_qos_add_requirement(CPU, b, 50), 0);
	flush();
	CHECK_EQ(pm_qos_requirement(CPU), 50);
	CHECK_EQ(pm_qos_update_requirement(CPU, b, 200), 0);
	flush();
	CHECK_EQ(pm_qos_requirement(CPU), 175);
	CHECK_EQ(pm_qos_update_requirement(CPU, nope, 1), 0);
	CHECK_EQ(pm_qos_update_requirement(NET, a, 1), 0);
	CHECK_EQ(pm_qos_requirement(CPU), 175);
	CHECK_EQ(pm_qos_requirement(NET), LAT_DEFAULT);
	pm_qos_remove_requirement(CPU, nope);
	pm_qos_remove_requirement(CPU, a);
	flush();
	CHECK_EQ(pm_qos_requirement(CPU), 200);
	pm_qos_update_requirement(CPU, b, PM_QOS_DEFAULT_VALUE);
	flush();
	CHECK_EQ(pm_qos_requirement(CPU), LAT_DEFAULT);
	pm_qos_remove_requirement(CPU, b);
	flush();
	CHECK_EQ(notes[CPU].calls, 5);
	CHECK_EQ(pm_qos_add_requirement(PM_QOS_RESERVED, a, 1), -EINVAL);
	CHECK_EQ(pm_qos_add_requirement(CPU, a, -3), -EINVAL);
	harness_alloc_budget = 0;
	CHECK_EQ(pm_qos_add_requirement(CPU, a, 1), -ENOMEM);
	harness_alloc_budget = 1;
	CHECK_EQ(pm_qos_add_requirement(CPU, a, 1), -ENOMEM);
	harness_alloc_budget = -1;
	CHECK_EQ(pm_qos_requirement(CPU), LAT_DEFAULT);
	CHECK_EQ(harness_live_allocs, 0);
	CHECK_EQ(harness_warnings, 0);
}

static const struct test stage1_tests[] = {
	{ "stage1_string_api", test_stage1_string_api },
};
