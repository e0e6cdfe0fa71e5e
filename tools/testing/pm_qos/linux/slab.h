/* CUSTOMISED: kmalloc() with fault injection (harness_alloc_budget: the
 * number of allocations that succeed, -1 for no limit) and a count of
 * allocations made with a spinlock held (harness_alloc_under_lock). */
#ifndef _HARNESS_LINUX_SLAB_H
#define _HARNESS_LINUX_SLAB_H
#include <linux/kernel.h>

typedef unsigned int gfp_t;
#define GFP_KERNEL 0xd0u
#define GFP_ATOMIC 0x20u

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void kfree(const void *p);
#endif
