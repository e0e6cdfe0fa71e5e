/* SPDX-License-Identifier: GPL-2.0 */
/* The harness's switches and counters, shared by the stubs and the tests. */
#ifndef _HARNESS_H
#define _HARNESS_H
#include <linux/kernel.h>
#include <linux/fs.h>

extern int harness_warnings;		/* WARN()s that fired */
extern int harness_quiet;		/* don't print them */
extern int harness_alloc_budget;	/* allocations left; -1: no limit */
extern int harness_alloc_under_lock;	/* kmalloc() with a spinlock held */
/* might_sleep(), mutex_lock() or a GFP_KERNEL allocation in atomic context:
 * a spinlock held, interrupts off, in a hard IRQ, or harness_atomic set
 */
extern int harness_sleep_under_lock;
extern int harness_notify_under_lock;	/* notifier chain, likewise */
extern int harness_irq_unsafe_lock;	/* a lock taken in hard IRQ and with
					 * interrupts on elsewhere
					 */
extern long harness_live_allocs;	/* kmalloc() minus kfree() */
extern size_t harness_alloc_largest;	/* the largest kmalloc() size asked */
extern int harness_fail_copy_from_user;
extern int harness_debugfs_off;
extern int harness_atomic;		/* might_sleep() is in atomic context */
extern int harness_might_sleeps;	/* might_sleep() calls */
extern int harness_printks;		/* printk() calls */
extern char harness_printk_last[256];	/* the last one's text */
extern unsigned long harness_jiffies;	/* the ratelimit's clock */
extern pid_t harness_pid;		/* the opener, initial namespace */
extern pid_t harness_vpid;		/* the same, in its own namespace */

struct harness_node {
	const char *name;
	void *data;
	const struct file_operations *fops;
	unsigned int minor;
	unsigned int mode;		/* debugfs files */
};
#define HARNESS_NODES 8
extern struct harness_node harness_misc[HARNESS_NODES];
extern struct harness_node harness_debugfs[HARNESS_NODES];
extern int harness_nr_misc, harness_nr_debugfs;

void harness_reset_stubs(void);
int harness_in_atomic(void);
struct harness_node *harness_find(struct harness_node *tab, int n,
				  const char *name);
#endif
