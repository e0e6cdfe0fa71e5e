// SPDX-License-Identifier: GPL-2.0
/*
 * One pm_qos core, built from its real source behind the harness's stub
 * headers, behind the small interface that bench.c drives.  Compiled once
 * per variant, with -DBENCH_VARIANT=<0..4> and -DBENCH_SOURCE="<path>":
 *
 *   0 project   this repository's kernel/pm_qos_params.c (rbtree, handles),
 *               driven through its exported functions only
 *   1 v2.6.34   the tree's original file (list, string names)
 *   2 posted    the tree's file with the 2010-04-30 patch applied
 *               (list, handles)
 *   3 v2.6.36   Linux 2.6.36's kernel/pm_qos_params.c with that tree's
 *               lib/plist.c (BENCH_PLIST) and include/linux/plist.h
 *               (plist, caller-allocated handles)
 *   4 6.1       pm_qos_update_target() and its helpers from Linux 6.1's
 *               kernel/power/qos.c (as bench-extract.py takes them out),
 *               with 6.1's lib/plist.c, behind the adapter below
 *
 * The public names of each copy get a prefix, so that all of them live side
 * by side in one binary and the bench can interleave them.  Nothing here
 * changes how a core works: the bench calls the core's own functions, and
 * only builds large request lists of the two list-based cores directly (see
 * bench_build_direct()).
 *
 * 6.1 has no handle API of the 2010 shape over its constraint core (its
 * cpu_latency_qos_*() front end is one fixed class), so the adapter maps
 * one onto it: add allocates a node (as 6.1's misc device open does) and
 * calls pm_qos_update_target(PM_QOS_ADD_REQ), update returns at once when
 * the value is the node's (as cpu_latency_qos_update_request() does) and
 * else calls PM_QOS_UPDATE_REQ, remove calls PM_QOS_REMOVE_REQ and frees
 * the node, the reader is pm_qos_read_value(); when pm_qos_update_target()
 * says the target moved, the adapter calls wake_up_all_idle_cpus(), as
 * 6.1 does: the harness's model of it, the one the project's core calls.
 * 6.1's CPU latency class has no notifier chain; the adapter adds none.
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
#elif BENCH_VARIANT == 3
#define BENCH_SYM(x) BENCH_CAT(bench_v2636_, x)
#elif BENCH_VARIANT == 4
#define BENCH_SYM(x) BENCH_CAT(bench_v61_, x)
#else
#error "BENCH_VARIANT must be 0 to 4"
#endif
#define BENCH_PLIST_CORE (BENCH_VARIANT >= 3)

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
#define pm_qos_request_active		BENCH_SYM(pm_qos_request_active)
#if BENCH_VARIANT == 4		/* elsewhere a tracepoint's name too */
#define pm_qos_update_target		BENCH_SYM(pm_qos_update_target)
#define pm_qos_read_value		BENCH_SYM(pm_qos_read_value)
#endif
#define plist_add			BENCH_SYM(plist_add)
#define plist_del			BENCH_SYM(plist_del)
#define plist_requeue			BENCH_SYM(plist_requeue)

#if BENCH_PLIST_CORE
/*
 * What the plists use of the kernel's list.h beyond the harness's subset,
 * under names of their own so that they never clash with it.
 */
#include <linux/list.h>
#include <linux/spinlock.h>
#define raw_spinlock_t spinlock_t	/* 2.6.36's plist.h names it */
#define INIT_LIST_HEAD bench_init_list_head
#define list_empty bench_list_empty
#define list_del_init bench_list_del_init
#define list_move_tail bench_list_move_tail
#define list_is_last bench_list_is_last

static inline void bench_init_list_head(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}

static inline int bench_list_empty(const struct list_head *head)
{
	return head->next == head;
}

static inline void bench_list_del_init(struct list_head *entry)
{
	list_del(entry);
	bench_init_list_head(entry);
}

static inline void bench_list_move_tail(struct list_head *l,
					struct list_head *head)
{
	list_del(l);
	list_add_tail(l, head);
}

static inline int bench_list_is_last(const struct list_head *l,
				     const struct list_head *head)
{
	return l->next == head;
}

#define list_first_entry(ptr, type, member) \
	list_entry((ptr)->next, type, member)
#define list_last_entry(ptr, type, member) \
	list_entry((ptr)->prev, type, member)
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, typeof(*(pos)), member)
#define list_prev_entry(pos, member) \
	list_entry((pos)->member.prev, typeof(*(pos)), member)
#define list_for_each_entry_continue(pos, head, member)		\
	for (pos = list_next_entry(pos, member);			\
	     &pos->member != (head);					\
	     pos = list_next_entry(pos, member))
#ifndef WARN_ON
#define WARN_ON(cond) WARN(cond, "WARN_ON(%s)\n", #cond)
#endif
#ifndef BUG
#define BUG() abort()
#endif
#ifndef BUG_ON
#define BUG_ON(cond) do { if (cond) BUG(); } while (0)
#endif
#ifndef fallthrough
#define fallthrough __attribute__((__fallthrough__))
#endif
#endif

#if BENCH_VARIANT == 1 || BENCH_VARIANT == 2
/* The old cores name a misc device's request "process_<pid>" from
 * current->pid; the harness's current is NULL.  (Not on a measured path.)
 */
#undef current
static struct { pid_t pid; } bench_task = { .pid = 4242 };
#define current (&bench_task)
#endif

#if BENCH_VARIANT == 4
#include <linux/plist.h>
#include <linux/notifier.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/sched.h>
#include <linux/time.h>
/* 6.1's tracepoint, off as in a kernel that does not trace */
#define trace_pm_qos_update_target(action, prev, curr) do { } while (0)
#endif

#include BENCH_SOURCE
#ifdef BENCH_PLIST
#include BENCH_PLIST
#endif

#if BENCH_VARIANT == 4
#define CLASS 1			/* the adapter's one class: CPU latency */
#else
#define CLASS PM_QOS_CPU_DMA_LATENCY
#endif

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
#elif BENCH_VARIANT == 0 || BENCH_VARIANT == 2
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
#elif BENCH_VARIANT == 3
/* v2.6.36: the caller allocates the handle, as its misc device's open does */
#define bench_request pm_qos_request
#define BENCH_PLIST_HEAD (&pm_qos_array[CLASS]->requests)

static void bench_update(void *h, s32 v)
{
	pm_qos_update_request(h, v);
}

static void *bench_add(s32 v, int tid)
{
	struct pm_qos_request_list *req = kzalloc(sizeof(*req), GFP_KERNEL);

	(void)tid;
	if (req)
		pm_qos_add_request(req, CLASS, v);
	return req;
}

static void bench_remove(void *h)
{
	pm_qos_remove_request(h);
	kfree(h);
}
#else
/* 6.1: the adapter of the 2010 handle API over pm_qos_update_target() */
#define BENCH_PLIST_HEAD (&cpu_latency_constraints.list)

struct bench_req {
	struct plist_node node;
};

static void bench_apply(struct bench_req *req, enum pm_qos_req_action action,
			s32 v)
{
	if (pm_qos_update_target(&cpu_latency_constraints, &req->node, action,
				 v) > 0)
		wake_up_all_idle_cpus();
}

static int bench_request(int pm_qos_class)
{
	(void)pm_qos_class;
	return pm_qos_read_value(&cpu_latency_constraints);
}

static void bench_update(void *h, s32 v)
{
	struct bench_req *req = h;

	if (v == req->node.prio)
		return;
	bench_apply(req, PM_QOS_UPDATE_REQ, v);
}

static void *bench_add(s32 v, int tid)
{
	struct bench_req *req = kzalloc(sizeof(*req), GFP_KERNEL);

	(void)tid;
	if (req)
		bench_apply(req, PM_QOS_ADD_REQ, v);
	return req;
}

static void bench_remove(void *h)
{
	bench_apply(h, PM_QOS_REMOVE_REQ, PM_QOS_DEFAULT_VALUE);
	kfree(h);
}
#endif

#if BENCH_PLIST_CORE
/* the plists are built with their own add, the highest value first, so
 * that each add finds its place at the front of the list
 */
static int bench_add_real(int i, s32 v)
{
	handles[i] = bench_add(v, 0);
	return handles[i] ? 0 : -ENOMEM;
}

static unsigned int bench_count(void)
{
	struct list_head *l, *head = &BENCH_PLIST_HEAD->node_list;
	unsigned int n = 0;

	for (l = head->next; l != head; l = l->next)
		n++;
	return n;
}

static void bench_teardown_all(void)
{
	int i;

	for (i = 0; i < nr; i++)
		bench_remove(handles[i]);
}
#endif

#if BENCH_PLIST_CORE
#elif BENCH_VARIANT == 0
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

#if BENCH_VARIANT != 4
	if (pm_qos_add_notifier(CLASS, &bench_nb))
		return -EINVAL;
#endif
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
#if BENCH_VARIANT == 1 || BENCH_VARIANT == 2
	/* the real add path while it is cheap, else the same list directly */
	if (n > BENCH_REAL_ADD_MAX)
		return bench_build_direct(n, value);
#endif
	if (BENCH_PLIST_CORE) {
		for (i = n - 1; i >= 0; i--)
			if (bench_add_real(i, value(i)))
				return -ENOMEM;
		return 0;
	}
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
#if BENCH_VARIANT != 4
	pm_qos_remove_notifier(CLASS, &bench_nb);
#endif
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
		BENCH_VARIANT == 1 ? "v2.6.34" :
		BENCH_VARIANT == 2 ? "posted" :
		BENCH_VARIANT == 3 ? "v2.6.36" : "6.1",
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
