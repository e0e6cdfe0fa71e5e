// SPDX-License-Identifier: GPL-2.0
/*
 * The core at every state of the series.  The leading "pm_qos:" patches of
 * the series change the core one thing at a time; scripts/series-check
 * rebuilds this program against the file as each of them leaves it
 * (-DCORE_STEP=k -DPMQOS_CORE='"<dir>/kernel/pm_qos_params.c"', with that
 * state's include/ first on the path) and runs it.  Without those, `make
 * check` builds it against the repository's core and the wrappers of
 * compose/deprecated.c, the state after the last of them.
 *
 * A test sees only the API, the misc devices and the stubs' counters, and
 * runs in a child process of its own, so it needs no knowledge of the
 * core's internals to start from a fresh state.  What a patch brings is
 * checked from its step on, and checked to be absent before it: a change
 * that moved to another patch fails here, at the step that lost or gained
 * it.
 */
#ifdef PMQOS_CORE
#include PMQOS_CORE
#else
#include "../../../kernel/pm_qos_params.c"
#include "../../../compose/deprecated.c"
#endif

#include <linux/tracepoint.h>
#include <linux/workqueue.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

/* The leading "pm_qos:" patches of the series; step k is after the k-th. */
static const char *const steps[] = {
	"replace named requirements with request handles",
	"document the throughput class in kilobytes per second",
	"keep the classes and their targets in arrays indexed by class",
	"keep the requests of each class in an rbtree",
	"serialise the notifications of each class",
	"refuse invalid classes and negative values",
	"fail an open of the misc devices with ENODEV or ENOMEM",
	"accept ASCII hex writes on the misc devices",
	"return the target from read() on the misc devices",
	"list the requests of each class in debugfs",
	"update and remove in any context, notify from a work item",
	"add tracepoints for requests and targets",
	"return from an update to the same value without the lock",
};
/* macros, not an enum: the layout of the core's objects is tested with #if */
#define HANDLES 1
#define UNIT_DOC 2	/* the documentation only */
#define ARRAYS 3
#define RBTREE 4
#define SERIALISED 5
#define VALIDATED 6
#define OPEN_ERRNO 7
#define HEX 8
#define READ 9
#define DEBUGFS 10
#define ANY_CONTEXT 11
#define TRACE 12
#define SAME_NOLOCK 13
#define NR_STEPS SAME_NOLOCK

#ifndef CORE_STEP
#define CORE_STEP NR_STEPS
#endif

#define CPU PM_QOS_CPU_DMA_LATENCY
#define NET PM_QOS_NETWORK_LATENCY
#define TPUT PM_QOS_NETWORK_THROUGHPUT
#define LAT_DEFAULT (2000 * USEC_PER_SEC)

static int calls;
static long last;
static const char *wq;		/* the workqueue the notifier last ran on */
static int wq_freezeable;	/* ... and whether it is frozen for suspend */

static int note(struct notifier_block *nb, unsigned long val, void *v)
{
	calls++;
	last = (s32)val;
	wq = harness_current_wq();
	wq_freezeable = harness_current_wq_freezeable();
	return NOTIFY_OK;
}

static struct notifier_block nb = { .notifier_call = note };

/* min and max, the default folded in, notifiers only on a change */
static void test_aggregate(void)
{
	struct pm_qos_request_list *a, *b, *t;

	/* harness_run_work(): from ANY_CONTEXT on, notifiers run from work */
	CHECK_EQ(pm_qos_add_notifier(CPU, &nb), 0);
	a = pm_qos_add_request(CPU, INT32_MAX);
	harness_run_work();
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	CHECK_EQ(calls, 0);
	b = pm_qos_add_request(CPU, 300);
	harness_run_work();
	pm_qos_update_request(a, 200);
	harness_run_work();
	pm_qos_update_request(a, 200);
	harness_run_work();
	CHECK_EQ(pm_qos_request(CPU), 200);
	CHECK_EQ(calls, 2);
	pm_qos_remove_request(a);
	harness_run_work();
	CHECK_EQ(pm_qos_request(CPU), 300);
	pm_qos_update_request(b, PM_QOS_DEFAULT_VALUE);
	harness_run_work();
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	CHECK_EQ(calls, 4);
	CHECK_EQ(last, LAT_DEFAULT);
	pm_qos_remove_request(b);
	harness_run_work();
	CHECK_EQ(calls, 4);
	CHECK_EQ(pm_qos_remove_notifier(CPU, &nb), 0);

	t = pm_qos_add_request(TPUT, 10);
	a = pm_qos_add_request(TPUT, 90);
	CHECK_EQ(pm_qos_request(TPUT), 90);
	pm_qos_remove_request(a);
	CHECK_EQ(pm_qos_request(TPUT), 10);
	pm_qos_remove_request(t);
	CHECK_EQ(pm_qos_request(TPUT), 0);
	CHECK_EQ(pm_qos_request(NET), LAT_DEFAULT);
	CHECK_EQ(harness_live_allocs, 0);
}

noinline
static void null_updater(void)
{
	pm_qos_update_request(NULL, 1);
}

/*
 * add says it may sleep; update and remove never call might_sleep(), as in
 * 2.6.34 (no step of the series makes them); NULL is handled
 */
static void test_entry(void)
{
	struct pm_qos_request_list *a;

	a = pm_qos_add_request(NET, 5);
	CHECK_EQ(harness_might_sleeps, 1);
	pm_qos_update_request(a, 5);
	pm_qos_update_request(a, 6);
	CHECK_EQ(harness_might_sleeps, 1);
	pm_qos_remove_request(a);
	pm_qos_remove_request(NULL);
	CHECK_EQ(harness_might_sleeps, 1);
	CHECK_EQ(harness_printks, 0);
	harness_quiet = 1;
	null_updater();
	harness_quiet = 0;
	CHECK_EQ(harness_printks, 1);
	CHECK(strstr(harness_printk_last, " null_updater+0x") != NULL);
	CHECK_EQ(harness_warnings, 0);
}

/*
 * Where the requests and the targets live: 2.6.34's objects behind pointers
 * with a target each and a list, then (ARRAYS) one array of objects and one
 * of targets, then (RBTREE) a tree sorted by value whose ends are the
 * extremes.
 */
static void test_storage(void)
{
	struct pm_qos_request_list *a, *b;

	a = pm_qos_add_request(CPU, 300);
	b = pm_qos_add_request(CPU, 100);
#if CORE_STEP < ARRAYS
	CHECK(pm_qos_array[PM_QOS_RESERVED] != NULL);
	CHECK_EQ(atomic_read(&pm_qos_array[CPU]->target_value), 100);
	CHECK(pm_qos_array[CPU]->requests.next != &pm_qos_array[CPU]->requests);
#else
	CHECK_EQ(ARRAY_SIZE(pm_qos_array),
		 PM_QOS_NUM_CLASSES);
	CHECK_EQ(ARRAY_SIZE(pm_qos_target),
		 PM_QOS_NUM_CLASSES);
	CHECK_EQ(atomic_read(&pm_qos_target[CPU]), 100);
	CHECK(pm_qos_array[TPUT].max && !pm_qos_array[CPU].max);
#if CORE_STEP < RBTREE
	CHECK(pm_qos_array[CPU].requests.next != &pm_qos_array[CPU].requests);
#else
	CHECK(rb_first(&pm_qos_array[CPU].requests) == &b->node);
	CHECK(rb_last(&pm_qos_array[CPU].requests) == &a->node);
#endif
#endif
	pm_qos_remove_request(a);
	pm_qos_remove_request(b);
	CHECK_EQ(harness_live_allocs, 0);
}

/*
 * Before ANY_CONTEXT the notifiers run in the caller's context, before the
 * update returns, and update and remove are for process context; from it
 * on they run from the class's work item on pm_qos's own workqueue, update
 * and remove work in a hard IRQ with nothing sleeping and no notifier
 * called there, and a tighter CPU DMA latency has sent an IPI to each idle
 * CPU when the update returns.
 */
static void test_context(void)
{
	struct pm_qos_request_list *a;
	int any = CORE_STEP >= ANY_CONTEXT;

	CHECK_EQ(pm_qos_add_notifier(CPU, &nb), 0);
	a = pm_qos_add_request(CPU, 100);
	CHECK_EQ(calls, any ? 0 : 1);
	CHECK_EQ(harness_run_work(), any ? 1 : 0);
	CHECK_EQ(calls, 1);
	CHECK_EQ(last, 100);
	if (any) {
		CHECK(wq && !strcmp(wq, "pm_qos"));
		CHECK(wq_freezeable);
		harness_cpu_idle[2] = 1;
		harness_wake_idle_calls = 0;
		harness_hardirq_enter();
		pm_qos_update_request(a, 50);
		CHECK_EQ(pm_qos_request(CPU), 50);
		/* through the scheduler's helper */
		CHECK_EQ(harness_wake_idle_calls, 1);
		CHECK_EQ(harness_ipis[2], 1);
		CHECK_EQ(harness_ipis[1] + harness_ipis[3], 0);
		pm_qos_remove_request(a);
		harness_hardirq_exit();
		CHECK_EQ(calls, 1);
		CHECK_EQ(harness_run_work(), 1);
		CHECK_EQ(calls, 2);
		CHECK_EQ(last, LAT_DEFAULT);
		CHECK_EQ(harness_irq_unsafe_lock, 0);
	} else {
		pm_qos_update_request(a, 50);
		CHECK_EQ(calls, 2);
		CHECK_EQ(last, 50);
		pm_qos_remove_request(a);
		CHECK_EQ(calls, 3);
	}
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	CHECK_EQ(pm_qos_remove_notifier(CPU, &nb), 0);
	CHECK_EQ(harness_live_allocs, 0);
}

/* each open file is one request; a 4-byte write is a binary s32 */
static void test_misc_binary(void)
{
	struct dev a, b;
	s32 v;

	CHECK_EQ(misc_open(&a, "cpu_dma_latency"), 0);
	CHECK_EQ(misc_open(&b, "cpu_dma_latency"), 0);
	v = 300;
	CHECK_EQ(dev_write(&a, &v, 4), 4);
	v = 200;
	CHECK_EQ(dev_write(&b, &v, 4), 4);
	CHECK_EQ(pm_qos_request(CPU), 200);
	dev_close(&b);
	CHECK_EQ(pm_qos_request(CPU), 300);
	v = -1;
	CHECK_EQ(dev_write(&a, &v, 4), 4);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	dev_close(&a);
	CHECK_EQ(harness_live_allocs, 0);
}

/* the deprecated string API, until the series removes it */
static void test_string_api(void)
{
	char a[] = "ipw2100", b[] = "ALSA-PCM0-0p0";

	CHECK_EQ(pm_qos_add_requirement(CPU, a, 175), 0);
	CHECK_EQ(pm_qos_add_requirement(CPU, b, 50), 0);
	CHECK_EQ(pm_qos_requirement(CPU), 50);
	CHECK_EQ(pm_qos_update_requirement(CPU, b, 500), 0);
	CHECK_EQ(pm_qos_requirement(CPU), 175);
	pm_qos_remove_requirement(CPU, a);
	CHECK_EQ(pm_qos_request(CPU), 500);
	pm_qos_remove_requirement(CPU, b);
	CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	CHECK_EQ(harness_live_allocs, 0);
}

enum { WRITERS = 4, OPS = 5000 };

static void *writer(void *arg)
{
	struct pm_qos_request_list *r = pm_qos_add_request(CPU, 1000);
	unsigned int seed = (unsigned long)arg;
	int i;

	for (i = 0; i < OPS; i++)
		pm_qos_update_request(r, rand_r(&seed) % 1000);
	return r;
}

/* after concurrent changes, the last notification carries the target */
static void test_last_notification(void)
{
	pthread_t t[WRITERS];
	void *r[WRITERS];
	int i;

	if (CORE_STEP < SERIALISED)
		return;		/* unserialised: it may or may not */
	CHECK_EQ(pm_qos_add_notifier(CPU, &nb), 0);
	for (i = 0; i < WRITERS; i++)
		pthread_create(&t[i], NULL, writer, (void *)(long)i);
	for (i = 0; i < WRITERS; i++)
		pthread_join(t[i], &r[i]);
	harness_run_work();
	CHECK_EQ(last, pm_qos_request(CPU));
	for (i = 0; i < WRITERS; i++)
		pm_qos_remove_request(r[i]);
	harness_run_work();
	CHECK_EQ(last, LAT_DEFAULT);
#if CORE_STEP >= SERIALISED
	CHECK_EQ(pm_qos_array[CPU].notified_value, LAT_DEFAULT);
#endif
}

/* invalid classes and negative values: refused, or as 2.6.34 took them */
static void test_validation(void)
{
	struct dev d;
	s32 v = -5;

	CHECK_EQ(misc_open(&d, "network_latency"), 0);
	if (CORE_STEP >= VALIDATED) {
		harness_quiet = 1;
		CHECK(!pm_qos_add_request(PM_QOS_NUM_CLASSES, 1));
		CHECK(!pm_qos_add_request(CPU, -2));
		CHECK_EQ(pm_qos_request(-1), 0);
		CHECK_EQ(pm_qos_add_requirement(0, "x", 1), -EINVAL);
		harness_quiet = 0;
		CHECK_EQ(harness_warnings, 3);
		CHECK_EQ(dev_write(&d, &v, 4), -EINVAL);
		CHECK_EQ(pm_qos_request(NET), LAT_DEFAULT);
	} else {
		CHECK_EQ(dev_write(&d, &v, 4), 4);
		CHECK_EQ(pm_qos_request(NET), -5);
	}
	dev_close(&d);
	CHECK_EQ(harness_live_allocs, 0);
}

static void test_open_errno(void)
{
	struct dev d;

	harness_alloc_budget = 0;
	CHECK_EQ(misc_open(&d, "cpu_dma_latency"),
		 CORE_STEP >= OPEN_ERRNO ? -ENOMEM : -EPERM);
	harness_alloc_budget = -1;
	CHECK_EQ(harness_live_allocs, 0);
}

static void test_hex(void)
{
	struct dev d;

	CHECK_EQ(misc_open(&d, "cpu_dma_latency"), 0);
	if (CORE_STEP >= HEX) {
		CHECK_EQ(dev_write(&d, "0x64\n", 5), 5);
		CHECK_EQ(pm_qos_request(CPU), 100);
	} else {
		CHECK_EQ(dev_write(&d, "0x64\n", 5), -EINVAL);
		CHECK_EQ(pm_qos_request(CPU), LAT_DEFAULT);
	}
	dev_close(&d);
}

static void test_read(void)
{
	struct dev d;
	s32 v = 0;

	CHECK_EQ(misc_open(&d, "network_throughput"), 0);
	if (CORE_STEP >= READ) {
		CHECK_EQ(dev_read(&d, &v, 4), 4);
		CHECK_EQ(v, 0);
	} else {
		CHECK(d.fops->read == NULL);
	}
	dev_close(&d);
}

static void test_debugfs(void)
{
	struct pm_qos_request_list *r[70];
	static char buf[16 * 1024];
	struct dev d;
	int i, n;

	if (CORE_STEP < DEBUGFS) {
		CHECK_EQ(harness_nr_debugfs, 0);
		return;
	}
	CHECK_EQ(harness_nr_debugfs, 3);
	for (i = 0; i < harness_nr_debugfs; i++)
		CHECK_EQ(harness_debugfs[i].mode, 0400);
	/* at most 64 listed, the tightest first, and a count of the rest */
	for (i = 0; i < 70; i++)
		r[i] = pm_qos_add_request(CPU, 1069 - i);
	CHECK(dev_open(&d, harness_debugfs, harness_nr_debugfs,
		       "cpu_dma_latency") == 0);
	n = d.fops->read(&d.file, buf, sizeof(buf) - 1, &d.file.f_pos);
	d.fops->release(&d.inode, &d.file);
	buf[n > 0 ? n : 0] = '\0';
	CHECK(!strncmp(buf, "target 1000, 70 requests\n1000 ", 30));
	CHECK(strstr(buf, "\n1063 ") != NULL);
	CHECK(strstr(buf, "\n1064 ") == NULL);
	CHECK(strstr(buf, "\n(6 more, none tighter than those above)\n"));
	for (i = 0; i < 70; i++)
		pm_qos_remove_request(r[i]);
	CHECK_EQ(harness_live_allocs, 0);
}

/* each change of a request and each move of a target is an event */
static void test_trace(void)
{
	struct pm_qos_request_list *a;

	harness_tracing = 1;
	a = pm_qos_add_request(CPU, 100);	/* the add and the move */
	pm_qos_update_request(a, 100);		/* no move */
	pm_qos_remove_request(a);		/* the remove and the move */
	harness_tracing = 0;
	if (CORE_STEP < TRACE) {
		CHECK_EQ(harness_nr_traces, 0);
		return;
	}
	CHECK_EQ(harness_nr_traces, 5);
	CHECK(!strncmp(harness_trace_log[0], "pm_qos_add_request: ", 20));
	CHECK(!strncmp(harness_trace_log[1], "pm_qos_update_target: ", 22));
	CHECK(!strncmp(harness_trace_log[2], "pm_qos_update_request: ", 23));
	CHECK(!strncmp(harness_trace_log[3], "pm_qos_remove_request: ", 23));
	CHECK(!strncmp(harness_trace_log[4], "pm_qos_update_target: ", 22));
}

/*
 * An update to the value the request has: traced from the tracepoints on,
 * under pm_qos_lock until the patch that returns before it.
 */
static void test_same_nolock(void)
{
	struct pm_qos_request_list *a = pm_qos_add_request(CPU, 100);
	int locked;

	harness_tracing = 1;
	locked = harness_traces_locked;
	pm_qos_update_request(a, 100);
	harness_tracing = 0;
	if (CORE_STEP < TRACE)
		CHECK_EQ(harness_nr_traces, 0);
	else
		CHECK_EQ(harness_traces_locked - locked,
			 CORE_STEP < SAME_NOLOCK ? 1 : 0);
	CHECK_EQ(pm_qos_request(CPU), 100);
	pm_qos_remove_request(a);
}

static const struct test tests[] = {
	{ "aggregate", test_aggregate },
	{ "entry", test_entry },
	{ "storage", test_storage },
	{ "context", test_context },
	{ "misc_binary", test_misc_binary },
	{ "string_api", test_string_api },
	{ "last_notification", test_last_notification },
	{ "validation", test_validation },
	{ "open_errno", test_open_errno },
	{ "hex", test_hex },
	{ "read", test_read },
	{ "debugfs", test_debugfs },
	{ "trace", test_trace },
	{ "same_nolock", test_same_nolock },
};

/* One child per test: the core's static state is the boot state in each. */
static int run(const struct test *t)
{
	int st;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		harness_reset_stubs();
		if (harness_initcall())
			_exit(2);
		t->fn();
		CHECK_EQ(harness_sleep_under_lock, 0);
		CHECK_EQ(harness_alloc_under_lock, 0);
		CHECK_EQ(harness_notify_under_lock, 0);
		fflush(stdout);
		_exit(test_failed);
	}
	return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
	       WEXITSTATUS(st) == 0;
}

int main(int argc, char **argv)
{
	unsigned int i, n = ARRAY_SIZE(tests), passed = 0;

	if (argc > 1 && !strcmp(argv[1], "--steps")) {
		for (i = 0; i < NR_STEPS; i++)
			printf("pm_qos: %s\n", steps[i]);
		return 0;
	}
	printf("TAP version 13\n1..%u\n", n);
	printf("# after patch %d of %d: pm_qos: %s\n", CORE_STEP, NR_STEPS,
	       steps[CORE_STEP - 1]);
	for (i = 0; i < n; i++) {
		int ok = run(&tests[i]);

		printf("%sok %u step%d_%s\n", ok ? "" : "not ", i + 1,
		       CORE_STEP, tests[i].name);
		passed += ok;
	}
	printf("%u passed, %u failed\n", passed, n - passed);
	return passed != n;
}
