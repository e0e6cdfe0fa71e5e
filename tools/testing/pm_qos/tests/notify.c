// SPDX-License-Identifier: GPL-2.0
/*
 * Notifiers: told of a move of the target only, once, from a work item
 * that runs after the request that moved it.
 */

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

static const struct test notify_tests[] = {
	{ "notify_on_change_only", test_notify_on_change_only },
	{ "update_same_value_is_noop", test_update_same_value_is_noop },
	{ "no_notification_until_work_runs",
	  test_no_notification_until_work_runs },
	{ "burst_coalesces", test_burst_coalesces },
	{ "move_and_back_gives_none", test_move_and_back_gives_none },
	{ "remove_last_while_pending", test_remove_last_while_pending },
};
