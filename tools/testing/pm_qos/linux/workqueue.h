/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: schedule_work() (keventd, "events") and queue_work() on a
 * workqueue of create_freezeable_workqueue() queue the item on one queue
 * of the harness (a second call while it is pending does nothing, as in
 * the kernel), from any context, and remember which workqueue it was
 * queued on; nothing runs it until a test calls harness_run_work(), in
 * process context, or a thread of stress.c does.  While an item runs,
 * harness_current_wq() names its workqueue.  As 2.6.34's workqueues, the
 * pending bit is cleared before the function runs, so an item queued again
 * meanwhile may run on a second thread at the same time.
 */
#ifndef _HARNESS_LINUX_WORKQUEUE_H
#define _HARNESS_LINUX_WORKQUEUE_H
#include <linux/kernel.h>

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct workqueue_struct {
	const char *name;
	int freezeable;
};

struct work_struct {
	work_func_t func;
	int pending;
	struct workqueue_struct *wq;	/* queued on, while pending */
	struct work_struct *next;	/* on the harness's queue */
};

#define __WORK_INITIALIZER(n, f) { .func = (f) }
#define DECLARE_WORK(n, f) struct work_struct n = __WORK_INITIALIZER(n, f)

int schedule_work(struct work_struct *work);
int queue_work(struct workqueue_struct *wq, struct work_struct *work);
struct workqueue_struct *create_freezeable_workqueue(const char *name);
/* Fails the next create_freezeable_workqueue(); reset between tests. */
extern int harness_fail_create_workqueue;
/* The workqueue of the item running on this thread, or NULL. */
const char *harness_current_wq(void);
/* Whether that workqueue is frozen for suspend (2.6.34's freezeable). */
int harness_current_wq_freezeable(void);

/* Runs queued items, those queued meanwhile too, until the queue is empty;
 * returns how many ran.
 */
int harness_run_work(void);
/* Items queued and not yet taken by harness_run_work(). */
int harness_work_pending(void);
#endif
