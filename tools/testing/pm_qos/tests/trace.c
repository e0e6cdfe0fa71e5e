// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoints: one event per call, one per move of a target.
 */

noinline
static struct pm_qos_request_list *trace_adder(int c, s32 v)
{
	return pm_qos_add_request(c, v);
}

noinline
static void trace_updater(struct pm_qos_request_list *req, s32 v)
{
	pm_qos_update_request(req, v);
}

noinline
static void trace_remover(struct pm_qos_request_list *req)
{
	pm_qos_remove_request(req);
}

/* Event @i of the trace is @want, up to the offset in "caller=sym+0x". */
static void check_trace(int i, const char *want)
{
	const char *got = i < harness_nr_traces && i < HARNESS_TRACE_MAX ?
			  harness_trace_log[i] : "(none)";

	if (strncmp(got, want, strlen(want))) {
		test_failed = 1;
		printf("# trace %d: got \"%s\", want \"%s...\"\n", i, got,
		       want);
	}
}

/*
 * Each add, update and remove emits its event (class, the value before
 * and after, the caller), and each move of a target one more (class, old
 * and new target), in the order they happened, whatever the context.
 */
static void test_trace_events(void)
{
	struct pm_qos_request_list *a, *b;
	struct dev d;
	s32 v = 9;
	int n;

	harness_tracing = 1;
	a = trace_adder(CPU, 100);
	b = trace_adder(CPU, 200);
	trace_updater(b, 200);
	trace_updater(b, 50);
	trace_updater(b, PM_QOS_DEFAULT_VALUE);
	trace_remover(b);
	harness_hardirq_enter();
	trace_updater(a, 300);
	harness_hardirq_exit();
	trace_remover(a);
	check_trace(0, "pm_qos_add_request: class=cpu_dma_latency old=-1 new=100 caller=trace_adder+0x");
	check_trace(1, "pm_qos_update_target: class=cpu_dma_latency old=2000000000 new=100");
	check_trace(2, "pm_qos_add_request: class=cpu_dma_latency old=-1 new=200 caller=trace_adder+0x");
	check_trace(3, "pm_qos_update_request: class=cpu_dma_latency old=200 new=200 caller=trace_updater+0x");
	check_trace(4, "pm_qos_update_request: class=cpu_dma_latency old=200 new=50 caller=trace_updater+0x");
	check_trace(5, "pm_qos_update_target: class=cpu_dma_latency old=100 new=50");
	check_trace(6, "pm_qos_update_request: class=cpu_dma_latency old=50 new=2000000000 caller=trace_updater+0x");
	check_trace(7, "pm_qos_update_target: class=cpu_dma_latency old=50 new=100");
	check_trace(8, "pm_qos_remove_request: class=cpu_dma_latency old=2000000000 new=-1 caller=trace_remover+0x");
	check_trace(9, "pm_qos_update_request: class=cpu_dma_latency old=100 new=300 caller=trace_updater+0x");
	check_trace(10, "pm_qos_update_target: class=cpu_dma_latency old=100 new=300");
	check_trace(11, "pm_qos_remove_request: class=cpu_dma_latency old=300 new=-1 caller=trace_remover+0x");
	check_trace(12, "pm_qos_update_target: class=cpu_dma_latency old=300 new=2000000000");
	CHECK_EQ(harness_nr_traces, 13);

	/* refused calls trace nothing */
	n = harness_nr_traces;
	harness_quiet = 1;
	trace_updater(NULL, 5);
	CHECK(!trace_adder(PM_QOS_NUM_CLASSES, 5));
	CHECK(!trace_adder(TPUT, -5));
	harness_quiet = 0;
	trace_remover(NULL);
	CHECK_EQ(harness_nr_traces, n);

	/* the misc devices: the caller is the file operation */
	CHECK_EQ(misc_open(&d, "network_throughput"), 0);
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	dev_close(&d);
	check_trace(n, "pm_qos_add_request: class=network_throughput old=-1 new=0 caller=pm_qos_power_open+0x");
	check_trace(n + 1, "pm_qos_update_request: class=network_throughput old=0 new=9 caller=pm_qos_power_write+0x");
	check_trace(n + 2, "pm_qos_update_target: class=network_throughput old=0 new=9");
	check_trace(n + 3, "pm_qos_remove_request: class=network_throughput old=9 new=-1 caller=pm_qos_power_release+0x");
	check_trace(n + 4, "pm_qos_update_target: class=network_throughput old=9 new=0");
	CHECK_EQ(harness_nr_traces, n + 5);
	CHECK_EQ(harness_live_allocs, 0);
	flush();
}

static const struct test trace_tests[] = {
	{ "trace_events", test_trace_events },
};
