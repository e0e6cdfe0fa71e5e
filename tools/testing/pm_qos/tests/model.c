// SPDX-License-Identifier: GPL-2.0
/*
 * Random operations against a reference model, and a large number of
 * requests.
 */

/* Mostly small values; some the default, some above the latency default. */
static s32 model_value(void)
{
	switch (rand() % 10) {
	case 0:
		return PM_QOS_DEFAULT_VALUE;
	case 1:
		return LAT_DEFAULT + rand() % 1000;
	default:
		return rand() % 1000;
	}
}

/* Random operations against a reference model of every class. */
static void test_model_random(void)
{
	enum { N = 64, OPS = 20000 };
	struct pm_qos_request_list *req[N] = { NULL };
	int cls[N];
	s32 val[N];
	unsigned int seed = test_seed();
	int i, op, j, c, expect_calls[PM_QOS_NUM_CLASSES] = { 0 };
	s32 prev[PM_QOS_NUM_CLASSES], want;

	for (c = 1; c < PM_QOS_NUM_CLASSES; c++) {
		watch(c);
		prev[c] = pm_qos_request(c);
	}
	srand(seed);
	for (op = 0; op < OPS && !test_failed; op++) {
		i = rand() % N;
		if (!req[i]) {
			cls[i] = 1 + rand() % 3;
			val[i] = model_value();
			req[i] = pm_qos_add_request(cls[i], val[i]);
		} else if (rand() % 3) {
			val[i] = model_value();
			pm_qos_update_request(req[i], val[i]);
		} else {
			pm_qos_remove_request(req[i]);
			req[i] = NULL;
		}
		flush();
		for (c = 1; c < PM_QOS_NUM_CLASSES; c++) {
			s32 def = pm_qos_array[c].default_value;
			unsigned int count = 0;

			want = def;	/* the default is folded in */
			for (j = 0; j < N; j++) {
				s32 v;

				if (!req[j] || cls[j] != c)
					continue;
				v = val[j] == PM_QOS_DEFAULT_VALUE ? def : val[j];
				count++;
				if (c == TPUT ? v > want : v < want)
					want = v;
			}
			CHECK_EQ(pm_qos_request(c), want);
			CHECK_EQ(pm_qos_array[c].count, count);
			if (want != prev[c])
				expect_calls[c]++;
			prev[c] = want;
			CHECK_EQ(notes[c].calls, expect_calls[c]);
		}
	}
	for (i = 0; i < N; i++)
		pm_qos_remove_request(req[i]);
	CHECK_EQ(harness_live_allocs, 0);
	CHECK_EQ(harness_warnings, 0);
}

/* 100000 requests of distinct values: linear work per call would take hours. */
static void test_large_n(void)
{
	enum { N = 100000 };
	static struct pm_qos_request_list *req[N];
	double t0 = now(), t;
	int i;

	for (i = 0; i < N; i++)
		req[i] = pm_qos_add_request(CPU, 1000 + i);
	CHECK_EQ(pm_qos_request(CPU), 1000);
	for (i = 0; i < N; i++)
		pm_qos_update_request(req[i], 1000 + N - i);
	CHECK_EQ(pm_qos_request(CPU), 1001);
	for (i = N - 1; i > 0; i--)
		pm_qos_remove_request(req[i]);
	CHECK_EQ(pm_qos_request(CPU), 1000 + N);
	pm_qos_remove_request(req[0]);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	t = now() - t0;
	printf("# 100000 adds, updates, removes: %.3f s\n", t);
	CHECK(t < 10.0);
}

static const struct test model_tests[] = {
	{ "model_random", test_model_random },
	{ "large_n", test_large_n },
};
