/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: blocking notifier chains over a pthread rwlock; a call of a
 * chain in atomic context (a spinlock held, interrupts off, in a hard IRQ)
 * counts into harness_notify_under_lock.
 */
#ifndef _HARNESS_LINUX_NOTIFIER_H
#define _HARNESS_LINUX_NOTIFIER_H
#include <pthread.h>
#include <linux/kernel.h>

struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long action,
			     void *data);
	struct notifier_block *next;
	int priority;
};

struct blocking_notifier_head {
	pthread_rwlock_t rwsem;
	struct notifier_block *head;
};

#define NOTIFY_DONE 0x0000
#define NOTIFY_OK 0x0001
#define BLOCKING_NOTIFIER_INIT(name) { PTHREAD_RWLOCK_INITIALIZER, NULL }
#define BLOCKING_NOTIFIER_HEAD(name) \
	struct blocking_notifier_head name = BLOCKING_NOTIFIER_INIT(name)

int blocking_notifier_chain_register(struct blocking_notifier_head *nh,
				     struct notifier_block *nb);
int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
				       struct notifier_block *nb);
int blocking_notifier_call_chain(struct blocking_notifier_head *nh,
				 unsigned long val, void *v);
#endif
