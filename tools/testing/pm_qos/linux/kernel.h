/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: the parts of the kernel's kernel.h, types.h, compiler.h, bug.h
 * and err.h that pm_qos_params.c and lib/rbtree.c use, for userspace.
 * WARN() counts into harness_warnings so that tests can assert on it;
 * printk() formats the kernel's %pS and keeps the last line in
 * harness_printk_last; might_sleep() counts its calls, and a call in atomic
 * context (a spinlock held, interrupts off, in a hard IRQ, or harness_atomic
 * set: harness_in_atomic()) counts into harness_sleep_under_lock.
 */
#ifndef _HARNESS_LINUX_KERNEL_H
#define _HARNESS_LINUX_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <errno.h>
#include <sys/types.h>

typedef int8_t s8;
typedef uint8_t u8;
typedef int16_t s16;
typedef uint16_t u16;
typedef int32_t s32;
typedef uint32_t u32;
typedef int64_t s64;
typedef uint64_t u64;

#define __user
#define __init
#define __exit
#undef __always_inline
#define __always_inline inline __attribute__((always_inline))
#define noinline __attribute__((noinline))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define READ_ONCE(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
/* 2.6.34 has ACCESS_ONCE() only; the core uses it to read, never to store */
#define ACCESS_ONCE(x) READ_ONCE(x)
#define _RET_IP_ ((unsigned long)__builtin_return_address(0))
#define _THIS_IP_ ({ __label__ __here; __here: (unsigned long)&&__here; })
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))

extern int harness_warnings;
extern int harness_quiet;

#define KERN_ERR "<3>"
#define KERN_WARNING "<4>"
#define KERN_INFO "<6>"
int harness_printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define printk harness_printk
#define pr_debug(fmt...) do { } while (0)
#define pr_err(fmt...) printk(KERN_ERR fmt)
#define pr_warning(fmt...) printk(KERN_WARNING fmt)

/* as the kernel's, over the ratelimit.h stub */
#include <linux/ratelimit.h>
#define printk_ratelimited(fmt...) ({					\
	static struct ratelimit_state _rs = {				\
		.interval = DEFAULT_RATELIMIT_INTERVAL,			\
		.burst = DEFAULT_RATELIMIT_BURST,			\
	};								\
	if (__ratelimit(&_rs))						\
		printk(fmt);						\
})
#define pr_warning_ratelimited(fmt...) printk_ratelimited(KERN_WARNING fmt)

void harness_might_sleep(void);
#define might_sleep() harness_might_sleep()

#define WARN(cond, fmt...) ({						\
	int __c = !!(cond);						\
	if (unlikely(__c)) {						\
		__atomic_add_fetch(&harness_warnings, 1, __ATOMIC_RELAXED); \
		if (!harness_quiet)					\
			fprintf(stderr, "# WARNING: " fmt);		\
	}								\
	unlikely(__c);							\
})
#define WARN_ONCE(cond, fmt...) ({					\
	static bool __warned;						\
	int __c = !!(cond);						\
	if (unlikely(__c) && !__warned) {				\
		__warned = true;					\
		WARN(1, fmt);						\
	}								\
	unlikely(__c);							\
})

#define MAX_ERRNO 4095
#define IS_ERR_VALUE(x) ((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)
static inline void *ERR_PTR(long e) { return (void *)e; }
static inline long PTR_ERR(const void *p) { return (long)p; }
static inline long IS_ERR(const void *p) { return IS_ERR_VALUE(p); }
static inline long IS_ERR_OR_NULL(const void *p)
{
	return !p || IS_ERR_VALUE(p);
}

typedef struct { int counter; } atomic_t;
#define ATOMIC_INIT(i) { (i) }
#define atomic_read(v) __atomic_load_n(&(v)->counter, __ATOMIC_RELAXED)
#define atomic_set(v, i) __atomic_store_n(&(v)->counter, (i), __ATOMIC_RELAXED)

#endif
