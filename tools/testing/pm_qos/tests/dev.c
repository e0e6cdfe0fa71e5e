// SPDX-License-Identifier: GPL-2.0
/*
 * The misc devices: open adds a request, write updates it (four bytes
 * binary or ASCII hex), read returns the target, release removes it.
 */

static void test_dev_open_release(void)
{
	struct dev d;

	CHECK_EQ(harness_nr_misc, 3);
	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	CHECK_EQ(pm_qos_array[CPU].count, 1);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	dev_close(&d);
	CHECK_EQ(pm_qos_array[CPU].count, 0);
	CHECK_EQ(harness_live_allocs, 0);
}

static void test_dev_write_binary(void)
{
	struct dev d;
	s32 v;

	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	v = 100;
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	CHECK_EQ(pm_qos_request(CPU), 100);
	v = 0;
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	CHECK_EQ(pm_qos_request(CPU), 0);
	v = -2;
	CHECK_EQ(dev_write(&d, &v, 4), -EINVAL);
	v = INT32_MIN;
	CHECK_EQ(dev_write(&d, &v, 4), -EINVAL);
	CHECK_EQ(pm_qos_request(CPU), 0);
	v = -1;
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	v = INT32_MAX;			/* above the default: folded */
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	dev_close(&d);
	CHECK_EQ(harness_warnings, 0);
}

static const struct {
	const char *s;
	size_t len;
	long long want;		/* value, or -EINVAL */
} hex_cases[] = {
#define S(x) x, sizeof(x) - 1
	{ S("0x00000064\n"), 100 },	/* echo 0x00000064 > ... */
	{ S("0x00000064"), 100 },
	{ "0x00000064", 11, 100 },	/* with its NUL */
	{ S("64\n"), 100 },
	{ "64\n", 4, 0x3436 | 0x0a << 16 },	/* 4 bytes are binary */
	{ S("0X1f\0"), 31 },
	{ S("a\n\0"), 10 },
	{ S("0\n"), 0 },
	{ S("0"), 0 },
	{ S("ffffffff"), LAT_DEFAULT },	/* -1: the default */
	{ S("0xffffffff\n"), LAT_DEFAULT },
	{ S("7fffffff"), LAT_DEFAULT },	/* above the default: folded */
	{ S("77359400"), LAT_DEFAULT },	/* the default itself */
	{ S("773593ff"), LAT_DEFAULT - 1 },
	{ S("0x0000000A\n"), 10 },
	{ S(""), -EINVAL },
	{ S("\n"), -EINVAL },
	{ S("0x"), -EINVAL },
	{ S("0x\n"), -EINVAL },
	{ S("x1"), -EINVAL },
	{ S("0x123456789"), -EINVAL },	/* 9 digits, unterminated */
	{ S("123456789"), -EINVAL },
	{ S("0x0000006g\n"), -EINVAL },
	{ S("0x00000064\n\0"), -EINVAL },	/* 12 bytes */
	{ S("-1\n"), -EINVAL },
	{ S(" 64"), -EINVAL },
	{ S("64 \n\0"), -EINVAL },
	{ S("6\n\n"), -EINVAL },
	{ S("6\0\n"), -EINVAL },
	{ S("6\0004"), -EINVAL },
	{ S("0x80000000"), -EINVAL },	/* negative */
	{ S("fffffffe\n"), -EINVAL },
	{ S("12345678901234567890"), -EINVAL },
	{ S("0x0x10"), -EINVAL },
	{ S("+10"), -EINVAL },
#undef S
};

static void test_dev_write_hex(void)
{
	struct dev d;
	unsigned int i;
	s32 start = 77;
	ssize_t ret;

	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	for (i = 0; i < ARRAY_SIZE(hex_cases); i++) {
		CHECK_EQ(dev_write(&d, &start, 4), 4);
		ret = dev_write(&d, hex_cases[i].s, hex_cases[i].len);
		if (hex_cases[i].want == -EINVAL) {
			if (ret != -EINVAL || pm_qos_request(CPU) != 77)
				printf("# case %u: \"%s\"\n", i, hex_cases[i].s);
			CHECK_EQ(ret, -EINVAL);
			CHECK_EQ(pm_qos_request(CPU), 77);
		} else {
			if (ret != (ssize_t)hex_cases[i].len ||
			    pm_qos_request(CPU) != hex_cases[i].want)
				printf("# case %u: \"%s\"\n", i, hex_cases[i].s);
			CHECK_EQ(ret, hex_cases[i].len);
			CHECK_EQ(pm_qos_request(CPU), hex_cases[i].want);
		}
	}
	dev_close(&d);
}

static void test_dev_write_fault(void)
{
	struct dev d;
	s32 v = 5;

	CHECK_EQ(misc_open(&d, "network_latency"), 0);
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	harness_fail_copy_from_user = 1;
	v = 6;
	CHECK_EQ(dev_write(&d, &v, 4), -EFAULT);
	CHECK_EQ(dev_write(&d, "0x7\n", 4), -EFAULT);
	CHECK_EQ(dev_write(&d, "7\n", 2), -EFAULT);
	harness_fail_copy_from_user = 0;
	CHECK_EQ(pm_qos_request(NET), 5);
	dev_close(&d);
	CHECK_EQ(pm_qos_request(NET), LAT_DEFAULT);
}

static void test_dev_two_fds(void)
{
	struct dev a, b;
	s32 v;

	CHECK_EQ(misc_open(&a, "cpu_dma_latency"), 0);
	CHECK_EQ(misc_open(&b, "cpu_dma_latency"), 0);
	CHECK(a.file.private_data != b.file.private_data);
	v = 20;
	dev_write(&a, &v, 4);
	v = 30;
	dev_write(&b, &v, 4);
	CHECK_EQ(pm_qos_request(CPU), 20);
	dev_close(&a);
	CHECK_EQ(pm_qos_request(CPU), 30);
	dev_close(&b);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
}

static void test_dev_read(void)
{
	struct dev d, t;
	struct pm_qos_request_list *k;
	s32 v, got = 0;

	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	k = pm_qos_add_request(CPU, 12);
	CHECK_EQ(dev_read(&d, &got, sizeof(got)), 4);
	CHECK_EQ(got, 12);
	CHECK_EQ(dev_read(&d, &got, sizeof(got)), 0);	/* EOF */
	d.file.f_pos = 0;
	v = 3;
	dev_write(&d, &v, 4);
	CHECK_EQ(dev_read(&d, &got, sizeof(got)), 4);
	CHECK_EQ(got, 3);
	pm_qos_remove_request(k);
	dev_close(&d);

	CHECK_EQ(misc_open(&t, "network_throughput"), 0);
	v = 500;
	dev_write(&t, &v, 4);
	k = pm_qos_add_request(TPUT, 900);
	CHECK_EQ(dev_read(&t, &got, sizeof(got)), 4);
	CHECK_EQ(got, 900);			/* max for throughput */
	pm_qos_remove_request(k);
	dev_close(&t);
}

static const struct test dev_tests[] = {
	{ "dev_open_release", test_dev_open_release },
	{ "dev_write_binary", test_dev_write_binary },
	{ "dev_write_hex", test_dev_write_hex },
	{ "dev_write_fault", test_dev_write_fault },
	{ "dev_two_fds", test_dev_two_fds },
	{ "dev_read", test_dev_read },
};
