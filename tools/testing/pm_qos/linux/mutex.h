/* CUSTOMISED: a mutex is a pthread mutex; taking one with a spinlock held
 * (sleeping in atomic context) counts into harness_sleep_under_lock. */
#ifndef _HARNESS_LINUX_MUTEX_H
#define _HARNESS_LINUX_MUTEX_H
#include <linux/spinlock.h>

struct mutex {
	pthread_mutex_t m;
};

extern int harness_sleep_under_lock;

#define __MUTEX_INITIALIZER(name) { PTHREAD_MUTEX_INITIALIZER }
#define DEFINE_MUTEX(name) struct mutex name = __MUTEX_INITIALIZER(name)
#define mutex_lock(l) do {						\
	if (harness_spin_depth)						\
		__atomic_add_fetch(&harness_sleep_under_lock, 1,	\
				   __ATOMIC_RELAXED);			\
	pthread_mutex_lock(&(l)->m);					\
} while (0)
#define mutex_unlock(l) pthread_mutex_unlock(&(l)->m)
#endif
