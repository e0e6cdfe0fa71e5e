// SPDX-License-Identifier: GPL-2.0
/*
 * Where each call may run: add may sleep; update and remove run with
 * interrupts off and in a hard IRQ handler.
 */

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

static const struct test context_tests[] = {
	{ "add_might_sleep", test_add_might_sleep },
	{ "update_remove_irqs_off", test_update_remove_irqs_off },
	{ "update_remove_in_hardirq", test_update_remove_in_hardirq },
};
