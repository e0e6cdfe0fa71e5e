/*
 * Unit tests of kernel/pm_qos_params.c, compiled from the real file against
 * the harness's stub headers.  Built with ASan and UBSan by default.
 */
#include "test.h"
#include <linux/tracepoint.h>		/* the events the core records */

#define CPU PM_QOS_CPU_DMA_LATENCY
#define NET PM_QOS_NETWORK_LATENCY
#define TPUT PM_QOS_NETWORK_THROUGHPUT
#define LAT_DEFAULT (2000 * USEC_PER_SEC)

/* A notifier that logs what it is told and checks where it runs. */
#define LOG_MAX 64
static struct {
	struct notifier_block nb;
	int calls;
	long log[LOG_MAX];
} notes[PM_QOS_NUM_CLASSES];

static int note_call(struct notifier_block *nb, unsigned long val, void *v)
{
	int c;

	for (c = 0; c < PM_QOS_NUM_CLASSES; c++)
		if (nb == &notes[c].nb)
			break;
	(void)v;
	if (notes[c].calls < LOG_MAX)
		notes[c].log[notes[c].calls] = (s32)val;
	notes[c].calls++;
	return NOTIFY_OK;
}

static void watch(int c)
{
	memset(&notes[c], 0, sizeof(notes[c]));
	notes[c].nb.notifier_call = note_call;
	CHECK_EQ(pm_qos_add_notifier(c, &notes[c].nb), 0);
}

/* Runs the pending notification work, as keventd would. */
static void flush(void)
{
	harness_run_work();
}

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

static void test_notify_on_change_only(void)
{
	struct pm_qos_request_list *a, *b;

	watch(CPU);
	watch(TPUT);
	a = pm_qos_add_request(CPU, 100);	/* target moves: 100 */
	flush();
	b = pm_qos_add_request(CPU, 200);	/* no move */
	flush();
	pm_qos_update_request(b, 150);		/* no move */
	flush();
	pm_qos_update_request(b, 50);		/* 50 */
	flush();
	pm_qos_update_request(b, 50);		/* same value */
	flush();
	pm_qos_remove_request(a);		/* no move */
	flush();
	pm_qos_remove_request(b);		/* default */
	flush();
	CHECK_EQ(notes[CPU].calls, 3);
	CHECK_EQ(notes[CPU].log[0], 100);
	CHECK_EQ(notes[CPU].log[1], 50);
	CHECK_EQ(notes[CPU].log[2], LAT_DEFAULT);
	CHECK_EQ(notes[TPUT].calls, 0);
	CHECK_EQ(pm_qos_remove_notifier(CPU, &notes[CPU].nb), 0);
	CHECK_EQ(pm_qos_remove_notifier(CPU, &notes[CPU].nb), -ENOENT);
	a = pm_qos_add_request(CPU, 1);
	flush();
	CHECK_EQ(notes[CPU].calls, 3);
	pm_qos_remove_request(a);
}

static void test_update_same_value_is_noop(void)
{
	struct pm_qos_request_list *a, *b;
	struct rb_node *root;

	watch(CPU);
	a = pm_qos_add_request(CPU, 100);
	b = pm_qos_add_request(CPU, 100);
	root = pm_qos_array[CPU].requests.rb_node;
	pm_qos_update_request(a, 100);
	pm_qos_update_request(b, 100);
	CHECK(pm_qos_array[CPU].requests.rb_node == root);
	CHECK(root->rb_left == &a->node || root->rb_right == &b->node ||
	      root->rb_left == &b->node || root->rb_right == &a->node);
	CHECK_EQ(harness_run_work(), 1);	/* the add's; no other queued */
	CHECK_EQ(notes[CPU].calls, 1);
	pm_qos_remove_request(a);
	pm_qos_remove_request(b);
}

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

__attribute__((noinline))
static void null_updater_a(void)
{
	pm_qos_update_request(NULL, 1);
}

__attribute__((noinline))
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

/*
 * Add allocates and may sleep whether or not the target moves, so it says
 * so on entry: a caller in atomic context is caught by its first call, not
 * only by the one that happens to change the target.
 */
static void test_add_might_sleep(void)
{
	struct pm_qos_request_list *a;
	unsigned long flags;

	a = pm_qos_add_request(CPU, 100);
	CHECK_EQ(harness_might_sleeps, 1);
	pm_qos_remove_request(a);
	local_irq_save(flags);
	a = pm_qos_add_request(CPU, LAT_DEFAULT);	/* target stays */
	local_irq_restore(flags);
	CHECK(harness_sleep_under_lock >= 1);
	harness_sleep_under_lock = 0;
	pm_qos_remove_request(a);
	CHECK_EQ(harness_live_allocs, 0);
}

/*
 * Update and remove, from a caller that holds its own spinlock with
 * interrupts off: nothing sleeps, no notifier runs there, and the target
 * is read at once.
 */
static void test_update_remove_irqs_off(void)
{
	DEFINE_SPINLOCK(driver_lock);
	struct pm_qos_request_list *a, *b;
	unsigned long flags;

	watch(CPU);
	a = pm_qos_add_request(CPU, 100);
	b = pm_qos_add_request(CPU, 200);
	flush();
	spin_lock_irqsave(&driver_lock, flags);
	pm_qos_update_request(a, 300);		/* moves: 200 */
	CHECK_EQ(pm_qos_request(CPU), 200);
	pm_qos_update_request(b, 200);		/* same value */
	pm_qos_update_request(b, 250);		/* moves: 250 */
	CHECK_EQ(pm_qos_request(CPU), 250);
	pm_qos_remove_request(b);		/* moves: 300 */
	CHECK_EQ(pm_qos_request(CPU), 300);
	harness_quiet = 1;
	pm_qos_update_request(NULL, 1);
	harness_quiet = 0;
	pm_qos_remove_request(NULL);
	spin_unlock_irqrestore(&driver_lock, flags);
	CHECK_EQ(harness_sleep_under_lock, 0);
	CHECK_EQ(harness_notify_under_lock, 0);
	CHECK_EQ(harness_might_sleeps, 2);	/* the two adds */
	CHECK_EQ(notes[CPU].calls, 1);
	flush();
	CHECK_EQ(notes[CPU].calls, 2);
	CHECK_EQ(notes[CPU].log[1], 300);
	pm_qos_remove_request(a);
	CHECK_EQ(harness_live_allocs, 0);
}

/*
 * Update and remove from a hard IRQ handler, while process context (a
 * misc device write, the debugfs file) uses the same class: the lock is
 * never taken with interrupts on (which could deadlock against the
 * handler), and the notification comes later, in process context.
 */
static void test_update_remove_in_hardirq(void)
{
	struct pm_qos_request_list *a, *b;
	struct dev d;
	char buf[256];
	struct dev f;
	s32 v = 40;

	watch(NET);
	a = pm_qos_add_request(NET, 100);
	b = pm_qos_add_request(NET, 150);
	CHECK_EQ(misc_open(&d, "network_latency"), 0);
	flush();
	harness_hardirq_enter();
	pm_qos_update_request(a, 20);
	CHECK_EQ(pm_qos_request(NET), 20);
	pm_qos_remove_request(b);
	harness_hardirq_exit();
	CHECK_EQ(harness_sleep_under_lock, 0);
	CHECK_EQ(harness_notify_under_lock, 0);
	CHECK_EQ(notes[NET].calls, 1);
	/* process context takes the same lock: with interrupts off */
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	CHECK_EQ(dev_open(&f, harness_debugfs, harness_nr_debugfs,
			  "network_latency"), 0);
	CHECK(f.fops->read(&f.file, buf, sizeof(buf) - 1, &f.file.f_pos) > 0);
	f.fops->release(&f.inode, &f.file);
	harness_hardirq_enter();
	pm_qos_remove_request(a);		/* moves: 40 */
	harness_hardirq_exit();
	CHECK_EQ(pm_qos_request(NET), 40);
	flush();
	CHECK_EQ(notes[NET].calls, 2);
	CHECK_EQ(notes[NET].log[1], 40);
	CHECK_EQ(harness_irq_unsafe_lock, 0);
	dev_close(&d);
	CHECK_EQ(harness_live_allocs, 0);
}

/* A move notifies nobody until the work item runs, then once. */
static void test_no_notification_until_work_runs(void)
{
	struct pm_qos_request_list *a;

	watch(CPU);
	a = pm_qos_add_request(CPU, 70);
	CHECK_EQ(pm_qos_request(CPU), 70);
	CHECK_EQ(notes[CPU].calls, 0);
	CHECK_EQ(harness_work_pending(), 1);
	CHECK_EQ(harness_run_work(), 1);
	CHECK_EQ(notes[CPU].calls, 1);
	CHECK_EQ(notes[CPU].log[0], 70);
	CHECK_EQ(harness_run_work(), 0);	/* nothing left queued */
	pm_qos_update_request(a, 70);		/* no move: nothing queued */
	CHECK_EQ(harness_work_pending(), 0);
	pm_qos_remove_request(a);
	CHECK_EQ(notes[CPU].calls, 1);
	flush();
	CHECK_EQ(notes[CPU].calls, 2);
	CHECK_EQ(notes[CPU].log[1], LAT_DEFAULT);
}

/* Several moves before the work runs: one notification, the final value. */
static void test_burst_coalesces(void)
{
	struct pm_qos_request_list *a, *b;
	int i;

	watch(CPU);
	watch(TPUT);
	a = pm_qos_add_request(CPU, 500);
	b = pm_qos_add_request(TPUT, 10);
	for (i = 0; i < 10; i++)
		pm_qos_update_request(a, 400 - i);
	pm_qos_update_request(b, 30);
	CHECK_EQ(harness_work_pending(), 2);	/* one item per class */
	CHECK_EQ(notes[CPU].calls, 0);
	flush();
	CHECK_EQ(notes[CPU].calls, 1);
	CHECK_EQ(notes[CPU].log[0], 391);
	CHECK_EQ(notes[TPUT].calls, 1);
	CHECK_EQ(notes[TPUT].log[0], 30);
	pm_qos_remove_request(a);
	pm_qos_remove_request(b);
	flush();
}

/* A move and a move back before the work runs: no notification at all. */
static void test_move_and_back_gives_none(void)
{
	struct pm_qos_request_list *a, *b;

	watch(NET);
	a = pm_qos_add_request(NET, 300);
	flush();
	CHECK_EQ(notes[NET].calls, 1);
	b = pm_qos_add_request(NET, 100);	/* 100 */
	pm_qos_update_request(b, 500);		/* back to 300 */
	CHECK_EQ(pm_qos_request(NET), 300);
	flush();
	CHECK_EQ(notes[NET].calls, 1);
	pm_qos_update_request(a, 1);
	pm_qos_update_request(a, 300);
	pm_qos_remove_request(b);
	flush();
	CHECK_EQ(notes[NET].calls, 1);
	pm_qos_remove_request(a);
	flush();
	CHECK_EQ(notes[NET].calls, 2);
	CHECK_EQ(notes[NET].log[1], LAT_DEFAULT);
}

/*
 * The last request goes (and is freed) while the work is pending: the work
 * touches no request, so it runs safely later and delivers the default.
 */
static void test_remove_last_while_pending(void)
{
	struct pm_qos_request_list *a;

	watch(TPUT);
	a = pm_qos_add_request(TPUT, 800);
	flush();
	pm_qos_update_request(a, 900);
	CHECK_EQ(harness_work_pending(), 1);
	pm_qos_remove_request(a);
	CHECK_EQ(harness_live_allocs, 0);
	CHECK_EQ(pm_qos_request(TPUT), 0);
	CHECK_EQ(notes[TPUT].calls, 1);
	flush();
	CHECK_EQ(notes[TPUT].calls, 2);
	CHECK_EQ(notes[TPUT].log[1], 0);
	CHECK_EQ(pm_qos_array[TPUT].count, 0);
}

__attribute__((noinline))
static struct pm_qos_request_list *trace_adder(int c, s32 v)
{
	return pm_qos_add_request(c, v);
}

__attribute__((noinline))
static void trace_updater(struct pm_qos_request_list *req, s32 v)
{
	pm_qos_update_request(req, v);
}

__attribute__((noinline))
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
	for (i = 0; i < sizeof(hex_cases) / sizeof(hex_cases[0]); i++) {
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

__attribute__((noinline))
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

#ifdef PMQOS_STAGE1
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
#endif

static const struct test tests[] = {
	{ "defaults", test_defaults },
	{ "request_invalid_class", test_request_invalid_class },
	{ "min_aggregate", test_min_aggregate },
	{ "max_aggregate", test_max_aggregate },
	{ "default_value", test_default_value },
	{ "default_folded", test_default_folded },
	{ "equal_values", test_equal_values },
	{ "notify_on_change_only", test_notify_on_change_only },
	{ "update_same_value_is_noop", test_update_same_value_is_noop },
	{ "misuse", test_misuse },
	{ "update_null_names_caller", test_update_null_names_caller },
	{ "add_might_sleep", test_add_might_sleep },
	{ "update_remove_irqs_off", test_update_remove_irqs_off },
	{ "update_remove_in_hardirq", test_update_remove_in_hardirq },
	{ "no_notification_until_work_runs",
	  test_no_notification_until_work_runs },
	{ "burst_coalesces", test_burst_coalesces },
	{ "move_and_back_gives_none", test_move_and_back_gives_none },
	{ "remove_last_while_pending", test_remove_last_while_pending },
	{ "trace_events", test_trace_events },
	{ "alloc_failure", test_alloc_failure },
	{ "dev_open_release", test_dev_open_release },
	{ "dev_write_binary", test_dev_write_binary },
	{ "dev_write_hex", test_dev_write_hex },
	{ "dev_write_fault", test_dev_write_fault },
	{ "dev_two_fds", test_dev_two_fds },
	{ "dev_read", test_dev_read },
	{ "debugfs_lists_requests", test_debugfs_lists_requests },
	{ "init_without_debugfs", test_init_without_debugfs },
	{ "model_random", test_model_random },
	{ "large_n", test_large_n },
#ifdef PMQOS_STAGE1
	{ "stage1_string_api", test_stage1_string_api },
#endif
};

int main(void)
{
	return run_tests(tests, sizeof(tests) / sizeof(tests[0]));
}
