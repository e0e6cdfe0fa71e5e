/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: kmalloc() with fault injection (harness_alloc_budget: the
 * number of allocations that succeed, -1 for no limit), a count of
 * allocations made with a spinlock held (harness_alloc_under_lock), and an
 * allocation that may sleep (__GFP_WAIT, as GFP_KERNEL) in atomic context
 * counted as a sleep there (harness_sleep_under_lock).  harness_alloc_hook,
 * if set, runs once at the next allocation, before it (a test's way to
 * change the core between two of its steps).
 */
#ifndef _HARNESS_LINUX_SLAB_H
#define _HARNESS_LINUX_SLAB_H
#include <linux/kernel.h>

typedef unsigned int gfp_t;
#define __GFP_WAIT 0x10u
#define GFP_KERNEL 0xd0u
#define GFP_ATOMIC 0x20u

extern void (*harness_alloc_hook)(void);
void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void kfree(const void *p);
/* the kernel's: zeroed, and NULL rather than an overflowed size */
static inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return kzalloc(n * size, flags);
}

/* ADDED for the bench, which also builds the 2.6.34 core: kstrdup() lives
 * in the kernel's string.h; here it allocates through kmalloc() above.
 */
#include <string.h>
static inline char *kstrdup(const char *s, gfp_t gfp)
{
	size_t len = s ? strlen(s) + 1 : 0;
	char *p = s ? kmalloc(len, gfp) : NULL;

	if (p)
		memcpy(p, s, len);
	return p;
}
#endif
