/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: a mutex is a pthread mutex; taking one in atomic context
 * (a spinlock held, interrupts off, in a hard IRQ) counts into
 * harness_sleep_under_lock.
 */
#ifndef _HARNESS_LINUX_MUTEX_H
#define _HARNESS_LINUX_MUTEX_H
#include <linux/spinlock.h>

struct mutex {
	pthread_mutex_t m;
};

void harness_mutex_lock(pthread_mutex_t *m);

#define __MUTEX_INITIALIZER(name) { PTHREAD_MUTEX_INITIALIZER }
#define DEFINE_MUTEX(name) struct mutex name = __MUTEX_INITIALIZER(name)
#define mutex_lock(l) harness_mutex_lock(&(l)->m)
#define mutex_unlock(l) pthread_mutex_unlock(&(l)->m)
#endif
