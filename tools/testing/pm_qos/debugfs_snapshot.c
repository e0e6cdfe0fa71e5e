// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/pm_qos/<class> copies the requests under pm_qos_lock
 * and formats them (%pS, a symbol lookup each) after it, so that a reader
 * holds off no update; and what it allocates and lists is bounded,
 * whatever the number of requests.
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

static unsigned int lines(const char *buf)
{
	unsigned int n = 0;

	for (; *buf; buf++)
		n += *buf == '\n';
	return n;
}

/*
 * The copy is one allocation of a fixed size, made before the lock, and
 * lists at most PM_QOS_DEBUG_MAX requests, from the one that holds the
 * target towards the loosest (the highest values of a maximum class): the
 * count, the target and the list are taken together, and the requests not
 * listed are the loosest ones, which the note says.  Requests added while
 * the copy was being allocated are in it.
 */
static void test_bounded_snapshot(void)
{
	static struct pm_qos_request_list *r[3 * PM_QOS_DEBUG_MAX];
	struct pm_qos_request_list *a;
	static char buf[64 * 1024];
	char want[64];
	size_t largest;
	int i, n = ARRAY_SIZE(r);

	a = pm_qos_add_request(CPU, 7);
	harness_alloc_hook = add_late;
	CHECK(read_all("cpu_dma_latency", buf, sizeof(buf)) > 0);
	CHECK(!strncmp(buf, "target 7, 4 requests\n7 ", 23));
	CHECK(strstr(buf, "\n502 ") != NULL);
	CHECK(strstr(buf, "more") == NULL);
	for (i = 0; i < 3; i++)
		pm_qos_remove_request(late[i]);

	/* many requests, added in no order: the tightest are listed */
	harness_alloc_largest = 0;
	CHECK(read_all("cpu_dma_latency", buf, sizeof(buf)) > 0);
	largest = harness_alloc_largest;
	for (i = 0; i < n; i++)
		r[i] = pm_qos_add_request(CPU, 1000 + (i * 7919) % n);
	harness_alloc_largest = 0;
	CHECK(read_all("cpu_dma_latency", buf, sizeof(buf)) > 0);
	CHECK_EQ(harness_alloc_largest, largest);
	CHECK_EQ(lines(buf), 1 + PM_QOS_DEBUG_MAX + 1);
	snprintf(want, sizeof(want), "target 7, %d requests\n7 ", n + 1);
	CHECK(!strncmp(buf, want, strlen(want)));
	snprintf(want, sizeof(want), "\n%d ", 1000 + PM_QOS_DEBUG_MAX - 2);
	CHECK(strstr(buf, want) != NULL);
	snprintf(want, sizeof(want), "\n%d ", 1000 + PM_QOS_DEBUG_MAX - 1);
	CHECK(strstr(buf, want) == NULL);
	snprintf(want, sizeof(want), "\n(%d more, none tighter than those above)\n",
		 n + 1 - PM_QOS_DEBUG_MAX);
	CHECK(strstr(buf, want) != NULL);
	for (i = 0; i < n; i++)
		pm_qos_remove_request(r[i]);

	/* a maximum class lists its highest values first */
	for (i = 0; i < n; i++)
		r[i] = pm_qos_add_request(PM_QOS_NETWORK_THROUGHPUT,
					  1 + (i * 7919) % n);
	CHECK(read_all("network_throughput", buf, sizeof(buf)) > 0);
	snprintf(want, sizeof(want), "target %d, %d requests\n%d ", n, n, n);
	CHECK(!strncmp(buf, want, strlen(want)));
	snprintf(want, sizeof(want), "\n%d ", n - PM_QOS_DEBUG_MAX + 1);
	CHECK(strstr(buf, want) != NULL);
	snprintf(want, sizeof(want), "\n%d ", n - PM_QOS_DEBUG_MAX);
	CHECK(strstr(buf, want) == NULL);
	snprintf(want, sizeof(want), "\n(%d more, none tighter than those above)\n",
		 n - PM_QOS_DEBUG_MAX);
	CHECK(strstr(buf, want) != NULL);
	for (i = 0; i < n; i++)
		pm_qos_remove_request(r[i]);

	/* no request at all: an empty list */
	pm_qos_remove_request(a);
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
