// SPDX-License-Identifier: GPL-2.0
/*
 * A tighter CPU DMA latency reaches the idle CPUs before the call that made
 * it returns, whatever its context, and the notifiers run from pm_qos's own
 * workqueue, not keventd.  The stubs give a machine of HARNESS_NR_CPUS CPUs
 * (linux/smp.h): the test runs on CPU 0, marks others idle, and counts the
 * reschedule IPIs each one receives.
 */
#include "test.h"
#include <linux/smp.h>

#define CPU PM_QOS_CPU_DMA_LATENCY
#define NET PM_QOS_NETWORK_LATENCY
#define TPUT PM_QOS_NETWORK_THROUGHPUT

/* CPUs 1 and 2 idle, 3 busy; the test runs on 0. */
static void idle_1_2(void)
{
	harness_cpu_idle[1] = harness_cpu_idle[2] = 1;
}

static int ipis(void)
{
	int cpu, n = 0;

	for (cpu = 0; cpu < HARNESS_NR_CPUS; cpu++)
		n += harness_ipis[cpu];
	return n;
}

static int calls;
static const char *wq_seen;
static int wq_freezeable;
static long last_value;

static int note(struct notifier_block *nb, unsigned long val, void *v)
{
	calls++;
	last_value = (s32)val;
	wq_seen = harness_current_wq();
	wq_freezeable = harness_current_wq_freezeable();
	return NOTIFY_OK;
}

static struct notifier_block nb = { .notifier_call = note };

static void watch(int c)
{
	calls = 0;
	wq_seen = NULL;
	last_value = 0;
	CHECK_EQ(pm_qos_add_notifier(c, &nb), 0);
}

/*
 * Each call that makes the CPU DMA latency tighter has sent one IPI to each
 * idle CPU but its own when it returns, while the notifier has not run yet
 * (no worker ran): the kick does not wait for the notification.
 */
static void test_tighter_kicks_idle_cpus(void)
{
	struct pm_qos_request_list *a, *b;

	idle_1_2();
	watch(CPU);
	a = pm_qos_add_request(CPU, 100);
	CHECK_EQ(harness_ipis[0], 0);
	CHECK_EQ(harness_ipis[1], 1);
	CHECK_EQ(harness_ipis[2], 1);
	CHECK_EQ(harness_ipis[3], 0);
	CHECK_EQ(calls, 0);
	pm_qos_update_request(a, 50);
	CHECK_EQ(harness_ipis[1], 2);
	CHECK_EQ(harness_ipis[2], 2);
	b = pm_qos_add_request(CPU, 10);
	CHECK_EQ(harness_ipis[1], 3);
	CHECK_EQ(harness_ipis[2], 3);
	CHECK_EQ(harness_ipis[3], 0);
	/* through the scheduler's helper, once per tighter change */
	CHECK_EQ(harness_wake_idle_calls, 3);
	CHECK_EQ(harness_need_resched[0], 0);
	CHECK_EQ(harness_need_resched[3], 1);
	/* from another CPU: that one is not kicked, 0 is if idle */
	harness_this_cpu = 1;
	harness_cpu_idle[0] = 1;
	pm_qos_update_request(b, 5);
	CHECK_EQ(harness_ipis[0], 1);
	CHECK_EQ(harness_ipis[1], 3);
	CHECK_EQ(harness_ipis[2], 4);
	harness_this_cpu = 0;
	CHECK_EQ(calls, 0);
	harness_run_work();
	CHECK_EQ(calls, 1);
	CHECK_EQ(last_value, 5);
	pm_qos_remove_request(a);
	pm_qos_remove_request(b);
	pm_qos_remove_notifier(CPU, &nb);
}

/* The same from a hard IRQ handler and with interrupts off. */
static void test_tighter_kicks_from_hardirq(void)
{
	struct pm_qos_request_list *a;
	DEFINE_SPINLOCK(driver_lock);
	unsigned long flags;

	a = pm_qos_add_request(CPU, PM_QOS_DEFAULT_VALUE);
	idle_1_2();
	harness_hardirq_enter();
	pm_qos_update_request(a, 20);
	harness_hardirq_exit();
	CHECK_EQ(harness_ipis[1], 1);
	CHECK_EQ(harness_ipis[2], 1);
	CHECK_EQ(harness_ipis_from_hardirq, 2);
	CHECK_EQ(pm_qos_request(CPU), 20);

	spin_lock_irqsave(&driver_lock, flags);
	pm_qos_update_request(a, 10);
	spin_unlock_irqrestore(&driver_lock, flags);
	CHECK_EQ(harness_ipis[1], 2);
	CHECK_EQ(harness_ipis[2], 2);
	CHECK_EQ(harness_ipis[3], 0);
	pm_qos_remove_request(a);
	harness_run_work();
}

/*
 * No IPI when the target does not get tighter: an update to the value in
 * force, a change of a request above the target, a looser target, a
 * removal, and the other classes, whose consumers (mac80211's power save)
 * an IPI would not reach.
 */
static void test_no_kick_unless_tighter(void)
{
	struct pm_qos_request_list *a, *b, *n, *t;

	a = pm_qos_add_request(CPU, 10);
	b = pm_qos_add_request(CPU, 100);
	idle_1_2();
	harness_wake_idle_calls = 0;
	pm_qos_update_request(a, 10);		/* the value it has */
	pm_qos_update_request(b, 50);		/* above the target */
	pm_qos_update_request(b, 10);		/* equal to it */
	CHECK_EQ(pm_qos_request(CPU), 10);
	CHECK_EQ(ipis(), 0);
	pm_qos_update_request(a, 30);		/* looser */
	CHECK_EQ(pm_qos_request(CPU), 10);
	pm_qos_update_request(b, 40);
	CHECK_EQ(pm_qos_request(CPU), 30);
	pm_qos_remove_request(a);
	CHECK_EQ(pm_qos_request(CPU), 40);
	CHECK_EQ(ipis(), 0);

	n = pm_qos_add_request(NET, 10);
	t = pm_qos_add_request(TPUT, 1000);
	pm_qos_update_request(n, 5);
	CHECK_EQ(pm_qos_request(NET), 5);
	CHECK_EQ(ipis(), 0);
	CHECK_EQ(harness_wake_idle_calls, 0);

	/* the control: the same CPUs are kicked by a tighter target */
	pm_qos_update_request(b, 39);
	CHECK_EQ(ipis(), 2);
	CHECK_EQ(harness_wake_idle_calls, 1);
	pm_qos_remove_request(b);
	pm_qos_remove_request(n);
	pm_qos_remove_request(t);
	harness_run_work();
}

/*
 * The notifiers run from pm_qos's own workqueue, never keventd ("events"),
 * where a notifier calling flush_scheduled_work() would wait for itself.
 */
static void test_notifiers_on_own_workqueue(void)
{
	struct pm_qos_request_list *a;
	int c;

	for (c = CPU; c <= TPUT; c++) {
		watch(c);
		a = pm_qos_add_request(c, 7);
		CHECK_EQ(calls, 0);
		CHECK_EQ(harness_work_pending(), 1);
		harness_run_work();
		CHECK_EQ(calls, 1);
		CHECK_EQ(last_value, 7);
		CHECK(wq_seen && !strcmp(wq_seen, "pm_qos"));
		CHECK(wq_freezeable);
		pm_qos_remove_request(a);
		harness_run_work();
		pm_qos_remove_notifier(c, &nb);
	}
}

/*
 * A target that moved before the initcall made the workqueue (a built-in
 * driver's request) is notified once it exists; one that did not move
 * queues nothing.
 */
static void test_change_before_workqueue(void)
{
	struct pm_qos_request_list *a;

	pm_qos_wq = NULL;
	pm_qos_notify_ready = false;
	watch(NET);
	a = pm_qos_add_request(NET, 70);
	CHECK_EQ(harness_work_pending(), 0);
	harness_nr_misc = harness_nr_debugfs = 0;	/* boot again */
	CHECK_EQ(harness_initcall(), 0);
	CHECK_EQ(harness_work_pending(), 1);
	harness_run_work();
	CHECK_EQ(calls, 1);
	CHECK_EQ(last_value, 70);
	CHECK(wq_seen && !strcmp(wq_seen, "pm_qos"));
	pm_qos_remove_request(a);
	harness_run_work();
	pm_qos_remove_notifier(NET, &nb);

	harness_nr_misc = harness_nr_debugfs = 0;
	CHECK_EQ(harness_initcall(), 0);
	CHECK_EQ(harness_work_pending(), 0);

}

/*
 * A boot that cannot make the workqueue says so and loses nothing: the
 * notifiers run from keventd, those of a target moved before too, and the
 * misc devices and debugfs files register.
 */
static void test_no_workqueue(void)
{
	struct pm_qos_request_list *a;
	struct dev d;
	s32 v = 33;

	pm_qos_wq = NULL;
	pm_qos_notify_ready = false;
	watch(NET);
	a = pm_qos_add_request(NET, 70);
	CHECK_EQ(harness_work_pending(), 0);
	harness_nr_misc = harness_nr_debugfs = 0;	/* boot again */
	harness_fail_create_workqueue = 1;
	harness_printks = 0;
	CHECK_EQ(harness_initcall(), 0);
	CHECK_EQ(harness_printks, 1);
	CHECK(strstr(harness_printk_last, "no workqueue") != NULL);
	CHECK_EQ(harness_nr_misc, 3);
	CHECK_EQ(harness_nr_debugfs, 3);
	CHECK_EQ(harness_run_work(), 1);
	CHECK_EQ(calls, 1);
	CHECK_EQ(last_value, 70);
	CHECK(wq_seen && !strcmp(wq_seen, "events"));
	/* later moves, from a device and from a hard IRQ, are delivered too */
	CHECK_EQ(misc_open(&d, "network_latency"), 0);
	CHECK_EQ(dev_write(&d, &v, 4), 4);
	CHECK_EQ(harness_run_work(), 1);
	CHECK_EQ(last_value, 33);
	dev_close(&d);
	harness_hardirq_enter();
	pm_qos_update_request(a, 44);
	harness_hardirq_exit();
	CHECK_EQ(harness_run_work(), 1);
	CHECK_EQ(calls, 3);
	CHECK_EQ(last_value, 44);
	CHECK(wq_seen && !strcmp(wq_seen, "events"));
	pm_qos_remove_request(a);
	harness_run_work();
	pm_qos_remove_notifier(NET, &nb);
	/* the next boot has its workqueue again */
	harness_nr_misc = harness_nr_debugfs = 0;
	CHECK_EQ(harness_initcall(), 0);
}

static const struct test tests[] = {
	{ "tighter_latency_kicks_idle_cpus", test_tighter_kicks_idle_cpus },
	{ "tighter_latency_kicks_from_hardirq",
	  test_tighter_kicks_from_hardirq },
	{ "no_kick_unless_tighter", test_no_kick_unless_tighter },
	{ "notifiers_on_own_workqueue", test_notifiers_on_own_workqueue },
	{ "change_before_workqueue", test_change_before_workqueue },
	{ "no_workqueue_falls_back_to_keventd", test_no_workqueue },
};

int main(void)
{
	return run_tests(tests, ARRAY_SIZE(tests));
}
