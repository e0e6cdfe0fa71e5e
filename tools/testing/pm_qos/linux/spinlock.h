/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: a spinlock is a pthread mutex that counts, per thread, how
 * many are held, so that allocation, sleeping and notifier calls under a
 * spinlock show up as harness_*_under_lock.  Interrupts are modelled per
 * thread: local_irq_save() and spin_lock_irqsave() turn them off (and
 * restore the saved state), harness_hardirq_enter() runs the thread "in a
 * hard IRQ handler" until harness_hardirq_exit().  A sleep in any of those
 * states is a sleep in atomic context (harness_in_atomic()).  Like lockdep,
 * each lock remembers whether it was taken in hard IRQ and with interrupts
 * on outside of one: a lock taken both ways can deadlock against itself on
 * one CPU, and counts into harness_irq_unsafe_lock.
 */
#ifndef _HARNESS_LINUX_SPINLOCK_H
#define _HARNESS_LINUX_SPINLOCK_H
#include <pthread.h>
#include <linux/kernel.h>

typedef struct {
	pthread_mutex_t m;
	int in_hardirq;		/* taken in a hard IRQ handler */
	int irqs_on;		/* taken with interrupts on, in process context */
} spinlock_t;

extern __thread int harness_spin_depth;
extern __thread int harness_irqs_off;
extern __thread int harness_hardirq;
extern int harness_irq_unsafe_lock;

void harness_lock_used(spinlock_t *l);
void harness_hardirq_enter(void);
void harness_hardirq_exit(void);

#define irqs_disabled() (harness_irqs_off != 0)
#define in_irq() (harness_hardirq != 0)
#define in_interrupt() (harness_hardirq != 0)
#define local_irq_save(flags) do {					\
	(flags) = harness_irqs_off;					\
	harness_irqs_off = 1;						\
} while (0)
#define local_irq_restore(flags) do { harness_irqs_off = (flags); } while (0)
#define local_irq_disable() do { harness_irqs_off = 1; } while (0)
#define local_irq_enable() do { harness_irqs_off = 0; } while (0)

#define __SPIN_LOCK_UNLOCKED(name) { PTHREAD_MUTEX_INITIALIZER, 0, 0 }
#define DEFINE_SPINLOCK(name) spinlock_t name = __SPIN_LOCK_UNLOCKED(name)
#define spin_lock(l) do {						\
	harness_lock_used(l);						\
	pthread_mutex_lock(&(l)->m);					\
	harness_spin_depth++;						\
} while (0)
#define spin_unlock(l) do {						\
	harness_spin_depth--;						\
	pthread_mutex_unlock(&(l)->m);					\
} while (0)
#define spin_lock_irqsave(l, flags) do {				\
	local_irq_save(flags);						\
	spin_lock(l);							\
} while (0)
#define spin_unlock_irqrestore(l, flags) do {				\
	spin_unlock(l);							\
	local_irq_restore(flags);					\
} while (0)
#define spin_lock_irq(l) do {						\
	local_irq_disable();						\
	spin_lock(l);							\
} while (0)
#define spin_unlock_irq(l) do {						\
	spin_unlock(l);							\
	local_irq_enable();						\
} while (0)
#endif
