// SPDX-License-Identifier: GPL-2.0
/*
 * One pm_qos core, built from its real source behind the harness's stub
 * headers, behind the small interface that bench.c drives.  Compiled once
 * per variant, with -DBENCH_VARIANT=<0|1|2> and -DBENCH_SOURCE="<path>":
 *
 *   0 project   this repository's kernel/pm_qos_params.c (rbtree, handles),
 *               driven through its exported functions only
 *   1 v2.6.34   the tree's original file (list, string names)
 *   2 posted    the tree's file with the 2010-04-30 patch applied
 *               (list, handles)
 *
 * The public names of each copy get a prefix, so that the three live side by
 * side in one binary and the bench can interleave them.  Nothing here
 * changes how a core works: the bench calls the core's own functions, and
 * only builds large request lists of the two list-based cores directly (see
 * bench_build_direct()).
 */
#define _GNU_SOURCE
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/workqueue.h>	/* harness_run_work() */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_OPS_ONLY
#include "bench.c"
#undef BENCH_OPS_ONLY

#define BENCH_CAT2(a, b) a##b
#define BENCH_CAT(a, b) BENCH_CAT2(a, b)
#if BENCH_VARIANT == 0
#define BENCH_SYM(x) BENCH_CAT(bench_project_, x)
#elif BENCH_VARIANT == 1
#define BENCH_SYM(x) BENCH_CAT(bench_v2634_, x)
#elif BENCH_VARIANT == 2
#define BENCH_SYM(x) BENCH_CAT(bench_posted_, x)
#else
#error "BENCH_VARIANT must be 0, 1 or 2"
#endif

/* every global name any of the three cores defines */
#define pm_qos_add_request		BENCH_SYM(pm_qos_add_request)
#define pm_qos_update_request		BENCH_SYM(pm_qos_update_request)
#define pm_qos_remove_request		BENCH_SYM(pm_qos_remove_request)
#define pm_qos_request			BENCH_SYM(pm_qos_request)
#define pm_qos_add_requirement		BENCH_SYM(pm_qos_add_requirement)
#define pm_qos_update_requirement	BENCH_SYM(pm_qos_update_requirement)
#define pm_qos_remove_requirement	BENCH_SYM(pm_qos_remove_requirement)
#define pm_qos_requirement		BENCH_SYM(pm_qos_requirement)
#define pm_qos_add_notifier		BENCH_SYM(pm_qos_add_notifier)
#define pm_qos_remove_notifier		BENCH_SYM(pm_qos_remove_notifier)
#define harness_initcall		BENCH_SYM(initcall)

#if BENCH_VARIANT != 0
/* The old cores name a misc device's request "process_<pid>" from
 * current->pid; the harness's current is NULL.  (Not on a measured path.)
 */
#undef current
static struct { pid_t pid; } bench_task = { .pid = 4242 };
#define current (&bench_task)
#endif

#include BENCH_SOURCE

#define CLASS PM_QOS_CPU_DMA_LATENCY

static int nr;			/* requests set up */
static void **handles;		/* what a caller holds for each of them */

/* a nop with pm_qos_request()'s signature: the cost of the call itself */
static int bench_nop(int pm_qos_class)
{
	return pm_qos_class;
}

#if BENCH_VARIANT == 1
/* v2.6.34: a request is known by its name, which the caller keeps (as ALSA
 * keeps substream->latency_id) and passes to every call.
 */
static char churn_names[BENCH_MAX_THREADS][16];

/* the bench calls the core's reader itself, as any caller does */
#define bench_request pm_qos_requirement

static void bench_update(void *h, s32 v)
{
	pm_qos_update_requirement(CLASS, h, v);
}

static void *bench_add(s32 v, int tid)
{
	return pm_qos_add_requirement(CLASS, churn_names[tid], v) ? NULL :
	       churn_names[tid];
}

static void bench_remove(void *h)
{
	pm_qos_remove_requirement(CLASS, h);
}

static int bench_add_real(int i, s32 v)
{
	return pm_qos_add_requirement(CLASS, handles[i], v);
}
#else
/* project and posted: a request is a handle from pm_qos_add_request() */
#define bench_request pm_qos_request

static void bench_update(void *h, s32 v)
{
	pm_qos_update_request(h, v);
}

static void *bench_add(s32 v, int tid)
{
	(void)tid;
	return pm_qos_add_request(CLASS, v);
}

static void bench_remove(void *h)
{
	pm_qos_remove_request(h);
}

static int bench_add_real(int i, s32 v)
{
	handles[i] = pm_qos_add_request(CLASS, v);
	return handles[i] ? 0 : -ENOMEM;
}
#endif

#if BENCH_VARIANT == 0
#define bench_count NULL	/* bench.c counts its allocations instead */

static void bench_teardown_all(void)
{
	int i;

	for (i = 0; i < nr; i++)
		pm_qos_remove_request(handles[i]);
}
#else
/* The two list-based cores differ only in the names of the node and list. */
#if BENCH_VARIANT == 1
#define bench_node requirement_list
#define bench_list requirements
#else
#define bench_node pm_qos_request_list
#define bench_list requests
#endif
#define BENCH_HEAD (&pm_qos_array[CLASS]->bench_list.list)

static unsigned int bench_count(void)
{
	struct bench_node *node;
	unsigned int n = 0;

	list_for_each_entry(node, BENCH_HEAD, list)
		n++;
	return n;
}

/*
 * What N calls of the core's add leave behind (each node added at the head
 * of the list, in the same order), without the N list walks of
 * update_target() that make building 100000 requests take minutes; then
 * the core's own update_target() computes the target once.
 */
static int bench_build_direct(int n, s32 (*value)(int))
{
	struct bench_node *node;
	int i;

	for (i = 0; i < n; i++) {
		node = kzalloc(sizeof(*node), GFP_KERNEL);
		if (!node)
			return -ENOMEM;
		node->value = value(i);
#if BENCH_VARIANT == 1
		node->name = kstrdup(handles[i], GFP_KERNEL);
		if (!node->name)
			return -ENOMEM;
#else
		node->pm_qos_class = CLASS;
		handles[i] = node;
#endif
		list_add(&node->list, BENCH_HEAD);
	}
	update_target(CLASS);
	return 0;
}

static void bench_teardown_all(void)
{
	struct list_head *head = BENCH_HEAD;
	struct bench_node *node;

	while (head->next != head) {
		node = list_entry(head->next, struct bench_node, list);
		list_del(&node->list);
#if BENCH_VARIANT == 1
		kfree(node->name);
#endif
		kfree(node);
	}
	update_target(CLASS);
}
#endif

/* A notifier that does nothing, on the class, as cpuidle's is on every SMP
 * kernel: a core that calls the chain when the target moves pays that.
 */
static int bench_notify(struct notifier_block *nb, unsigned long v, void *p)
{
	return NOTIFY_OK;
}

static struct notifier_block bench_nb = { .notifier_call = bench_notify };

static int bench_setup(int n, s32 (*value)(int))
{
	int i;

	if (pm_qos_add_notifier(CLASS, &bench_nb))
		return -EINVAL;
	handles = calloc(n ? n : 1, sizeof(*handles));
	if (!handles)
		return -ENOMEM;
#if BENCH_VARIANT == 1
	for (i = 0; i < BENCH_MAX_THREADS; i++)
		snprintf(churn_names[i], sizeof(churn_names[i]), "churn-%d", i);
	for (i = 0; i < n; i++)
		if (asprintf((char **)&handles[i], "bench-%d", i) < 0)
			return -ENOMEM;
#endif
	nr = n;
#if BENCH_VARIANT != 0
	/* the real add path while it is cheap, else the same list directly */
	if (n > BENCH_REAL_ADD_MAX)
		return bench_build_direct(n, value);
#endif
	for (i = 0; i < n; i++)
		if (bench_add_real(i, value(i)))
			return -ENOMEM;
	return 0;
}

static void bench_teardown(void)
{
	int i;

	bench_teardown_all();
	/* the notification work the moves left queued runs (project) */
	harness_run_work();
	pm_qos_remove_notifier(CLASS, &bench_nb);
	for (i = 0; BENCH_VARIANT == 1 && i < nr; i++)
		free(handles[i]);
	free(handles);
	handles = NULL;
	nr = 0;
}

static void *bench_handle(int i)
{
	return handles[i];
}

static const struct bench_ops ops = {
	.name = BENCH_VARIANT == 0 ? "project" :
		BENCH_VARIANT == 1 ? "v2.6.34" : "posted",
	.rank = BENCH_VARIANT,
	.setup = bench_setup,
	.teardown = bench_teardown,
	.handle = bench_handle,
	.update = bench_update,
	.add = bench_add,
	.remove = bench_remove,
	.request = bench_request,
	.nop = bench_nop,
	.count = bench_count,
	.walks_list = BENCH_VARIANT != 0,
};

static void __attribute__((constructor)) bench_register_variant(void)
{
	bench_register(&ops);
}
