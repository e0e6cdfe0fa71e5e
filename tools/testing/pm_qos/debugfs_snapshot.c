// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/pm_qos/<class> copies the requests under pm_qos_lock
 * and formats them (%pS, a symbol lookup each) after it, so that a reader
 * holds off no update; and what it lists is bounded by what it allocated
 * before taking the lock.
 */
#include "test.h"

#define CPU PM_QOS_CPU_DMA_LATENCY

static int read_all(const char *class, char *buf, size_t len)
{
	struct dev f;
	int n;

	if (dev_open(&f, harness_debugfs, harness_nr_debugfs, class))
		return -1;
	n = f.fops->read(&f.file, buf, len - 1, &f.file.f_pos);
	f.fops->release(&f.inode, &f.file);
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

static void test_format_outside_lock(void)
{
	struct pm_qos_request_list *r[5];
	struct dev d;
	char buf[1024];
	s32 v = 3;
	int i;

	for (i = 0; i < 5; i++)
		r[i] = pm_qos_add_request(CPU, 100 + i);
	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	CHECK(read_all("cpu_dma_latency", buf, sizeof(buf)) > 0);
	CHECK(!strncmp(buf, "target 3, 6 requests\n3 pm_qos_power_open+0x",
		       43));
	CHECK(strstr(buf, " pid 4242\n100 ") != NULL);
	CHECK(strstr(buf, "\n104 ") != NULL);
	CHECK_EQ(harness_format_under_lock, 0);
	dev_close(&d);
	for (i = 0; i < 5; i++)
		pm_qos_remove_request(r[i]);
	CHECK_EQ(harness_live_allocs, 0);
}

static struct pm_qos_request_list *late[3];

static void add_late(void)
{
	int i;

	for (i = 0; i < 3; i++)
		late[i] = pm_qos_add_request(CPU, 500 + i);
}

/*
 * Requests added between the allocation of the copy and the lock are
 * counted, not listed, and nothing is written past the copy.
 */
static void test_bounded_snapshot(void)
{
	struct pm_qos_request_list *a;
	char buf[1024];
	int i;

	a = pm_qos_add_request(CPU, 7);
	harness_alloc_hook = add_late;
	CHECK(read_all("cpu_dma_latency", buf, sizeof(buf)) > 0);
	CHECK(!strncmp(buf, "target 7, 4 requests\n7 ", 23));
	CHECK(strstr(buf, "\n500 ") == NULL);
	CHECK(strstr(buf, "\n(3 more, added while this was read)\n") != NULL);
	/* no request at all: an empty list */
	pm_qos_remove_request(a);
	for (i = 0; i < 3; i++)
		pm_qos_remove_request(late[i]);
	CHECK(read_all("cpu_dma_latency", buf, sizeof(buf)) > 0);
	CHECK(!strcmp(buf, "target 2000000000, 0 requests\n"));
	/* out of memory: the read fails, nothing leaks */
	harness_alloc_budget = 0;
	CHECK(read_all("cpu_dma_latency", buf, sizeof(buf)) < 0);
	harness_alloc_budget = -1;
	CHECK_EQ(harness_live_allocs, 0);
}

static const struct test tests[] = {
	{ "debugfs_formats_outside_lock", test_format_outside_lock },
	{ "debugfs_bounded_snapshot", test_bounded_snapshot },
};

int main(void)
{
	return run_tests(tests, ARRAY_SIZE(tests));
}
