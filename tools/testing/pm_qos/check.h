/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the harness programs share that does not look inside the core:
 * CHECK macros, the misc devices and debugfs files as a test opens them,
 * the random seed and a clock.  Include it after the core file.
 */
#ifndef _HARNESS_CHECK_H
#define _HARNESS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "harness.h"

static int test_failed;

#define CHECK(expr) do {						\
	if (!(expr)) {							\
		test_failed = 1;					\
		printf("# %s:%d: %s: CHECK(%s) failed\n",		\
		       __FILE__, __LINE__, __func__, #expr);		\
	}								\
} while (0)

#define CHECK_EQ(a, b) do {						\
	long long __a = (a), __b = (b);					\
	if (__a != __b) {						\
		test_failed = 1;					\
		printf("# %s:%d: %s: CHECK_EQ(%s, %s) failed: %lld != %lld\n", \
		       __FILE__, __LINE__, __func__, #a, #b, __a, __b);	\
	}								\
} while (0)

struct test {
	const char *name;
	void (*fn)(void);
};

struct dev {
	struct inode inode;
	struct file file;
	const struct file_operations *fops;
};

static inline int dev_open(struct dev *d, struct harness_node *tab, int n,
		    const char *name)
{
	struct harness_node *node = harness_find(tab, n, name);

	if (!node)
		return -ENODEV;
	memset(d, 0, sizeof(*d));
	d->inode.minor = node->minor;
	d->inode.i_private = node->data;
	d->fops = node->fops;
	return d->fops->open(&d->inode, &d->file);
}

static inline int misc_open(struct dev *d, const char *name)
{
	return dev_open(d, harness_misc, harness_nr_misc, name);
}

/* Writes from a heap copy of exactly @n bytes, so ASan sees any over-read. */
static inline ssize_t dev_write(struct dev *d, const void *buf, size_t n)
{
	char *copy = malloc(n ? n : 1);
	ssize_t ret;

	memcpy(copy, buf, n);
	ret = d->fops->write(&d->file, copy, n, &d->file.f_pos);
	free(copy);
	return ret;
}

static inline ssize_t dev_read(struct dev *d, void *buf, size_t n)
{
	return d->fops->read(&d->file, buf, n, &d->file.f_pos);
}

static inline void dev_close(struct dev *d)
{
	d->fops->release(&d->inode, &d->file);
}

static inline unsigned int test_seed(void)
{
	const char *s = getenv("PMQOS_SEED");
	unsigned int seed = s ? strtoul(s, NULL, 0) : (unsigned int)time(NULL);

	printf("# seed %u (replay with PMQOS_SEED=%u)\n", seed, seed);
	return seed;
}

static inline double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif
