// SPDX-License-Identifier: GPL-2.0
/*
 * The debugfs files that list the requests of each class, and the
 * initcall when debugfs is not there.
 */

noinline
static struct pm_qos_request_list *debugfs_adder(int c, s32 v)
{
	return pm_qos_add_request(c, v);
}

/*
 * The file is read by root in the initial pid namespace, so the pid of an
 * opener in a container is recorded as the initial namespace sees it.
 */
static void test_debugfs_lists_requests(void)
{
	struct pm_qos_request_list *k;
	struct dev d, f;
	char buf[4096] = "", copy[4096], *p;
	ssize_t n;
	s32 v = 7;

	CHECK_EQ(harness_nr_debugfs, 3);
	/* they name processes and kernel symbols: root only */
	CHECK_EQ(harness_debugfs[0].mode, 0400);
	CHECK_EQ(harness_debugfs[1].mode, 0400);
	CHECK_EQ(harness_debugfs[2].mode, 0400);
	k = debugfs_adder(CPU, 50);
	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	dev_write(&d, &v, 4);
	CHECK_EQ(dev_open(&f, harness_debugfs, harness_nr_debugfs,
			  "cpu_dma_latency"), 0);
	n = f.fops->read(&f.file, buf, sizeof(buf) - 1, &f.file.f_pos);
	CHECK(n > 0);
	memcpy(copy, buf, sizeof(buf));
	for (p = strtok(buf, "\n"); p; p = strtok(NULL, "\n"))
		printf("# %s\n", p);
	memcpy(buf, copy, sizeof(buf));
	CHECK(!strncmp(buf, "target 7, 2 requests\n", 21));
	CHECK(strstr(buf, "\n7 pm_qos_power_open+0x") != NULL);
	CHECK(strstr(buf, " pid 4242\n") != NULL);
	CHECK(strstr(buf, "\n50 debugfs_adder+0x") != NULL);
	f.fops->release(&f.inode, &f.file);
	dev_close(&d);
	pm_qos_remove_request(k);
}

static void test_init_without_debugfs(void)
{
	pm_qos_reset();
	harness_nr_misc = harness_nr_debugfs = 0;
	harness_debugfs_off = 1;
	CHECK_EQ(harness_initcall(), 0);
	CHECK_EQ(harness_nr_misc, 3);
	CHECK_EQ(harness_nr_debugfs, 0);
	harness_nr_misc = HARNESS_NODES;	/* misc_register() fails */
	harness_quiet = 1;
	CHECK_EQ(harness_initcall(), -EBUSY);
	harness_quiet = 0;
	harness_quiet = 0;
}

static const struct test debugfs_tests[] = {
	{ "debugfs_lists_requests", test_debugfs_lists_requests },
	{ "init_without_debugfs", test_init_without_debugfs },
};
