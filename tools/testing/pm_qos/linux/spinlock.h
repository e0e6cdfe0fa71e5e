/* CUSTOMISED: a spinlock is a pthread mutex that counts, per thread, how
 * many are held, so that allocation, sleeping and notifier calls under a
 * spinlock show up as harness_*_under_lock. IRQ flags are ignored. */
#ifndef _HARNESS_LINUX_SPINLOCK_H
#define _HARNESS_LINUX_SPINLOCK_H
#include <pthread.h>
#include <linux/kernel.h>

typedef struct {
	pthread_mutex_t m;
} spinlock_t;

extern __thread int harness_spin_depth;

#define __SPIN_LOCK_UNLOCKED(name) { PTHREAD_MUTEX_INITIALIZER }
#define DEFINE_SPINLOCK(name) spinlock_t name = __SPIN_LOCK_UNLOCKED(name)
#define spin_lock_irqsave(l, flags) do {				\
	(flags) = 0;							\
	pthread_mutex_lock(&(l)->m);					\
	harness_spin_depth++;						\
} while (0)
#define spin_lock(l) do {						\
	pthread_mutex_lock(&(l)->m);					\
	harness_spin_depth++;						\
} while (0)
#define spin_unlock(l) do {						\
	harness_spin_depth--;						\
	pthread_mutex_unlock(&(l)->m);					\
} while (0)
#define spin_unlock_irqrestore(l, flags) do {				\
	(void)(flags);							\
	harness_spin_depth--;						\
	pthread_mutex_unlock(&(l)->m);					\
} while (0)
#endif
