/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: schedule_work() queues the item on one queue of the harness
 * (a second call while it is pending does nothing, as in the kernel), from
 * any context; nothing runs it until a test calls harness_run_work(), in
 * process context, or a thread of stress.c does.  As 2.6.34's workqueues,
 * the pending bit is cleared before the function runs, so an item queued
 * again meanwhile may run on a second thread at the same time.
 */
#ifndef _HARNESS_LINUX_WORKQUEUE_H
#define _HARNESS_LINUX_WORKQUEUE_H
#include <linux/kernel.h>

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	work_func_t func;
	int pending;
	struct work_struct *next;	/* on the harness's queue */
};

#define __WORK_INITIALIZER(n, f) { .func = (f) }
#define DECLARE_WORK(n, f) struct work_struct n = __WORK_INITIALIZER(n, f)

int schedule_work(struct work_struct *work);

/* Runs queued items, those queued meanwhile too, until the queue is empty;
 * returns how many ran.
 */
int harness_run_work(void);
/* Items queued and not yet taken by harness_run_work(). */
int harness_work_pending(void);
#endif
