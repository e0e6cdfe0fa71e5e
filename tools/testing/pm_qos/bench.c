// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark of pm_qos cores: the same workloads against every core linked in
 * (bench-variant.c, one copy per core), interleaved so that machine noise
 * hits all of them alike.
 *
 *   bench time [--reps R] [--target-us T] [--n 1,10,...]
 *	ns/op of every repetition, one TSV row per variant, workload, thread
 *	count, N and round (the rounds interleave everything, see cmd_time()):
 *	variant workload threads n round ns ops
 *   bench count VARIANT N
 *	for valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no:
 *	collects K, then 2 K operations of each workload, one thread, and
 *	dumps each into its own profile, labelled "VARIANT WORKLOAD N OPS":
 *	the difference of the two is what K operations cost, nothing else
 *	(K = 2000; 200000 / N, at least 2, for the updates and add_remove of
 *	a core whose update walks its list)
 *   bench list
 *	the variants linked in
 *
 * The setup: N requests in PM_QOS_CPU_DMA_LATENCY (aggregate: minimum),
 * with values of one of two sets:
 *
 *   distinct	   request i at value 100 + 2 i, so all are distinct and the
 *		   target is 100
 *   few	   request i at 20, 2000000000 (the class default), 100, 500 for
 *		   i mod 4 = 0, 1, 2, 3: the few values real users ask for; the
 *		   target is 20
 *
 * Thread t works on request m_t (m_0 = N/2; m_1 = N/2 + N/4), whose value
 * is orig_t.  One op of each workload is:
 *
 *   update_moves  an update that moves the target: m_t to 1 + t (few: to t,
 *		   0 for the first thread), and back (alternately; with two
 *		   threads one may find the other's)
 *   update_stays  an update that does not: m_t to orig_t + 1 (few: to the
 *		   default, or 500 from the default), and back (not defined
 *		   for N = 1)
 *   update_same   an update of m_t to the value it has
 *   add_remove    add a request at orig_t + 1 (few: at the default), remove
 *		   it: an open and a close of /dev/cpu_dma_latency, or what
 *		   ALSA does on every hw_params
 *   request	   the target: pm_qos_request() (v2.6.34: pm_qos_requirement())
 *   call_nop	   a call of a function that does nothing, with request's
 *		   signature, through the same pointer: the loop's own cost
 *
 * The workloads on the few set are printed with the prefix "few:"
 * (few:update_moves, ...), those on the distinct set without one.
 *
 * v2.6.34 has no handles: its caller passes the request's name, and pays
 * the list walk with strcmp() that finds it.  With two threads, both run
 * the op concurrently on the same class; ns/op is then the wall-clock time
 * divided by the ops of one thread: what each caller pays.
 */
#ifndef BENCH_OPS_DEFINED
#define BENCH_OPS_DEFINED
#include <linux/kernel.h>

#define BENCH_MAX_THREADS 2
/* the list-based cores are built with their own add up to this many
 * requests, and directly (the same list) above it
 */
#define BENCH_REAL_ADD_MAX 1000

struct bench_ops {
	const char *name;
	int rank;
	int (*setup)(int n, s32 (*value)(int));
	void (*teardown)(void);
	void *(*handle)(int i);
	void (*update)(void *h, s32 v);
	void *(*add)(s32 v, int tid);
	void (*remove)(void *h);
	int (*request)(int pm_qos_class);
	int (*nop)(int pm_qos_class);
	unsigned int (*count)(void);	/* requests in the class, or NULL */
	bool walks_list;		/* an update walks all N requests */
};

void bench_register(const struct bench_ops *ops);
#endif

#ifndef BENCH_OPS_ONLY
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <valgrind/callgrind.h>
#include "harness.h"

#define CLASS 1			/* PM_QOS_CPU_DMA_LATENCY in every core */
#define MAX_VARIANTS 5
#define MAX_NS 16

static const struct bench_ops *variants[MAX_VARIANTS];
static int nr_variants;

void bench_register(const struct bench_ops *ops)
{
	int i;

	if (nr_variants == MAX_VARIANTS)
		abort();
	for (i = nr_variants++; i > 0 && variants[i - 1]->rank > ops->rank; i--)
		variants[i] = variants[i - 1];
	variants[i] = ops;
}

enum workload {
	W_MOVES, W_STAYS, W_SAME, W_CHURN, W_REQUEST, W_NOP, NR_WORKLOADS
};
static const char *const wl_name[NR_WORKLOADS] = {
	"update_moves", "update_stays", "update_same", "add_remove",
	"request", "call_nop",
};

enum values { V_DISTINCT, V_FEW, NR_VALUES };
static const char *const values_prefix[NR_VALUES] = { "", "few:" };
static enum values values;	/* the set the requests are set up from */

#define DEFAULT_LATENCY 2000000000	/* the class's default, 2000 s */
static const s32 few[4] = { 20, DEFAULT_LATENCY, 100, 500 };

static s32 value_of(int i)
{
	return values == V_FEW ? few[i % 4] : 100 + 2 * i;
}

/* value_of(0), the smallest: the aggregate after setup */
#define TARGET (value_of(0))

/* what thread tid moves its request to, below every other value */
static s32 move_value(int tid)
{
	return values == V_FEW ? tid : 1 + tid;
}

/* another value of the set that leaves the target as it is */
static s32 stay_value(s32 orig)
{
	if (values == V_FEW)
		return orig == DEFAULT_LATENCY ? 500 : DEFAULT_LATENCY;
	return orig + 1;
}

/* the value of a request added and removed */
static s32 churn_value(s32 orig)
{
	return values == V_FEW ? DEFAULT_LATENCY : orig + 1;
}

struct point {
	int n;
	int m[BENCH_MAX_THREADS];
	void *h[MAX_VARIANTS][BENCH_MAX_THREADS];
	s32 orig[BENCH_MAX_THREADS];
};

/* the handles of variant only, or of all if only < 0 */
static void point_init(struct point *p, int n, int only)
{
	int v, t, m1 = n / 2 + (n / 4 ? n / 4 : 1);

	memset(p, 0, sizeof(*p));
	p->n = n;
	p->m[0] = n / 2;
	p->m[1] = m1 < n ? m1 : n - 1;
	for (t = 0; t < BENCH_MAX_THREADS; t++) {
		p->orig[t] = value_of(p->m[t]);
		for (v = 0; v < nr_variants; v++)
			if (only < 0 || v == only)
				p->h[v][t] = variants[v]->handle(p->m[t]);
	}
}

static int applicable(enum workload w, int n)
{
	return !(w == W_STAYS && n < 2);
}

static volatile unsigned int sink;

/* k ops of workload w by thread tid; k is even for the alternating ones */
static void run_ops(const struct bench_ops *o, enum workload w,
		    const struct point *p, int v, int tid, long k)
{
	void (*update)(void *, s32) = o->update;
	void *h = p->h[v][tid];
	s32 orig = p->orig[tid], moved = move_value(tid);
	s32 stay = stay_value(orig), churn = churn_value(orig);
	int (*fn)(int arg);
	unsigned int sum = 0;
	long i;

	switch (w) {
	case W_MOVES:
		for (i = 0; i < k; i += 2) {
			update(h, moved);
			update(h, orig);
		}
		break;
	case W_STAYS:
		for (i = 0; i < k; i += 2) {
			update(h, stay);
			update(h, orig);
		}
		break;
	case W_SAME:
		for (i = 0; i < k; i++)
			update(h, orig);
		break;
	case W_CHURN: {
		void *(*add)(s32, int) = o->add;
		void (*remove)(void *) = o->remove;

		for (i = 0; i < k; i++)
			remove(add(churn, tid));
		break;
	}
	case W_REQUEST:
	case W_NOP:
		fn = w == W_REQUEST ? o->request : o->nop;
		for (i = 0; i < k; i++)
			sum += fn(CLASS);
		sink = sum;
		break;
	default:
		abort();
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct job {
	const struct bench_ops *o;
	enum workload w;
	const struct point *p;
	int v, tid;
	long k;
	pthread_barrier_t *bar;
	double t0, t1;
};

static void *job_run(void *arg)
{
	struct job *j = arg;

	if (j->bar)
		pthread_barrier_wait(j->bar);
	j->t0 = now();
	run_ops(j->o, j->w, j->p, j->v, j->tid, j->k);
	j->t1 = now();
	return NULL;
}

/* seconds for k ops per thread, wall clock */
static double measure(int v, enum workload w, const struct point *p,
		      int threads, long k)
{
	struct job j[BENCH_MAX_THREADS];
	pthread_barrier_t bar;
	pthread_t th;
	int t;

	for (t = 0; t < threads; t++)
		j[t] = (struct job){ variants[v], w, p, v, t, k,
				     threads > 1 ? &bar : NULL, 0, 0 };
	if (threads == 1) {
		job_run(&j[0]);
		return j[0].t1 - j[0].t0;
	}
	pthread_barrier_init(&bar, NULL, threads);
	if (pthread_create(&th, NULL, job_run, &j[1])) {
		perror("pthread_create");
		exit(2);
	}
	job_run(&j[0]);
	pthread_join(th, NULL);
	pthread_barrier_destroy(&bar);
	return (j[0].t1 > j[1].t1 ? j[0].t1 : j[1].t1) -
	       (j[0].t0 < j[1].t0 ? j[0].t0 : j[1].t0);
}

static long even(double x)
{
	long k = (long)x;

	k += k & 1;
	return k < 2 ? 2 : k;
}

/* ops per measurement so that one takes about target seconds */
static long calibrate(int v, enum workload w, const struct point *p,
		      double target)
{
	long k = 2;
	double t, u;
	int i;

	for (;;) {
		t = measure(v, w, p, 1, k);
		if (t >= target / 4 || k >= (1L << 32))
			break;
		k *= t < target / 100 ? 16 : 2;
	}
	/* the fastest of three, so that a preemption does not shrink k */
	for (i = 0; i < 2; i++) {
		u = measure(v, w, p, 1, k);
		if (u < t)
			t = u;
	}
	return even(k * target / t);
}

static int bad;
static long live_allocs;	/* harness_live_allocs after the setup of a point */

#define EXPECT(v, what, got, want) do {					\
	long long __g = (got), __w = (want);				\
	if (__g != __w) {						\
		fprintf(stderr, "bench: %s at N=%d, values %s: %s: %s "	\
			"is %lld, expected %lld\n", variants[v]->name,	\
			p->n, values ? "few" : "distinct", what, #got,	\
			__g, __w);					\
		bad = 1;						\
	}								\
} while (0)

/*
 * Each workload does to the requests what its name says, and leaves them as
 * they were: checked on every core before it is timed.
 */
static void check_semantics(int v, const struct point *p)
{
	const struct bench_ops *o = variants[v];
	void *h = p->h[v][0], *r;
	s32 orig = p->orig[0];

	if (o->count)
		EXPECT(v, "setup", o->count(), p->n);
	EXPECT(v, "setup", o->request(CLASS), TARGET);
	o->update(h, move_value(0));
	EXPECT(v, "update_moves", o->request(CLASS), move_value(0));
	o->update(h, orig);
	EXPECT(v, "update_moves", o->request(CLASS), TARGET);
	if (applicable(W_STAYS, p->n)) {
		o->update(h, stay_value(orig));
		EXPECT(v, "update_stays", o->request(CLASS), TARGET);
		o->update(h, orig);
	}
	o->update(h, orig);
	EXPECT(v, "update_same", o->request(CLASS), TARGET);
	EXPECT(v, "updates", harness_live_allocs, live_allocs);
	r = o->add(churn_value(orig), 0);
	EXPECT(v, "add_remove", r != NULL, 1);
	EXPECT(v, "add_remove", harness_live_allocs > live_allocs, 1);
	if (o->count)
		EXPECT(v, "add_remove", o->count(), p->n + 1);
	EXPECT(v, "add_remove", o->request(CLASS), TARGET);
	o->remove(r);
	if (o->count)
		EXPECT(v, "add_remove", o->count(), p->n);
	EXPECT(v, "add_remove", harness_live_allocs, live_allocs);
	EXPECT(v, "any", harness_warnings, 0);
}

/* after a workload has run on variant only, or on every one if only < 0 */
static void check_restored(const struct point *p, enum workload w, int only)
{
	int v;

	for (v = 0; v < nr_variants; v++) {
		if (only >= 0 && v != only)
			continue;
		if (variants[v]->count)
			EXPECT(v, wl_name[w], variants[v]->count(), p->n);
		EXPECT(v, wl_name[w], variants[v]->request(CLASS), TARGET);
	}
	v = 0;
	EXPECT(v, wl_name[w], harness_live_allocs, live_allocs);
	EXPECT(v, wl_name[w], harness_warnings, 0);
}

static int parse_ns(const char *arg, int *ns)
{
	char *end;
	int n = 0;

	while (*arg && n < MAX_NS) {
		ns[n++] = strtol(arg, &end, 10);
		if (end == arg || ns[n - 1] < 1)
			return -1;
		arg = *end == ',' ? end + 1 : end;
	}
	return *arg ? -1 : n;
}

/* variant only, or all if only < 0 */
static void setup(struct point *p, int n, int only)
{
	int v;

	for (v = 0; v < nr_variants; v++)
		if ((only < 0 || v == only) &&
		    variants[v]->setup(n, value_of)) {
			fprintf(stderr, "bench: %s: %d requests could not be set up\n",
				variants[v]->name, n);
			exit(2);
		}
	point_init(p, n, only);
	live_allocs = harness_live_allocs;
}

static void teardown(int only)
{
	int v;

	for (v = 0; v < nr_variants; v++)
		if (only < 0 || v == only)
			variants[v]->teardown();
}

/*
 * Round r measures every point once on every core, the cores in rotated
 * order, each N set up afresh: a point's repetitions are spread over the
 * whole run, so that a slow phase of the machine hits every point alike
 * (and the cores of a point alike) instead of all repetitions of one.
 */
static int cmd_time(int argc, char **argv)
{
	static const int default_ns[] = { 1, 2, 4, 8, 16, 64, 1000, 10000,
					  100000 };
	static long k[NR_VALUES][MAX_NS][NR_WORKLOADS][MAX_VARIANTS];
	int ns[MAX_NS], nr_ns = 9, reps = 41, i, v, r, t, threads;
	double target = 250e-6, t0 = now();
	struct point p;
	enum workload w;

	memcpy(ns, default_ns, sizeof(default_ns));
	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--reps") && i + 1 < argc)
			reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--target-us") && i + 1 < argc)
			target = atof(argv[++i]) * 1e-6;
		else if (!strcmp(argv[i], "--n") && i + 1 < argc)
			nr_ns = parse_ns(argv[++i], ns);
		else
			nr_ns = -1;
		if (nr_ns < 1 || reps < 1 || target <= 0) {
			fprintf(stderr, "bench time: bad arguments\n");
			return 2;
		}
	}

	/* ops per repetition, and a check that each workload does its job */
	for (i = 0; i < nr_ns; i++)
		for (values = 0; values < NR_VALUES; values++) {
			setup(&p, ns[i], -1);
			for (v = 0; v < nr_variants; v++)
				check_semantics(v, &p);
			if (bad)
				return 1;
			for (w = 0; w < NR_WORKLOADS; w++)
				for (v = 0; v < nr_variants &&
				     applicable(w, ns[i]); v++)
					k[values][i][w][v] =
						calibrate(v, w, &p, target);
			teardown(-1);
		}
	fprintf(stderr, "bench: calibrated in %.1f s\n", now() - t0);

	printf("variant\tworkload\tthreads\tn\tround\tns\tops\n");
	for (r = 0; r < reps; r++) {
		for (i = 0; i < nr_ns * NR_VALUES; i++) {
			long *kv;

			values = i % NR_VALUES;
			setup(&p, ns[i / NR_VALUES], -1);
			for (w = 0; w < NR_WORKLOADS; w++) {
				if (!applicable(w, p.n))
					continue;
				kv = k[values][i / NR_VALUES][w];
				for (threads = 1; threads <= BENCH_MAX_THREADS;
				     threads++)
					for (t = 0; t < nr_variants; t++) {
						v = (r + t) % nr_variants;
						printf("%s\t%s%s\t%d\t%d\t%d\t%.4g\t%ld\n",
						       variants[v]->name,
						       values_prefix[values],
						       wl_name[w], threads,
						       p.n, r,
						       measure(v, w, &p, threads,
							       kv[v]) / kv[v] * 1e9,
						       kv[v]);
					}
				check_restored(&p, w, -1);
				if (bad)
					return 1;
			}
			teardown(-1);
		}
		if ((r + 1) % 10 == 0 || r + 1 == reps)
			fprintf(stderr, "bench: %d of %d rounds in %.1f s\n",
				r + 1, reps, now() - t0);
	}
	return 0;
}

/* ops per profile: fewer where one op walks the whole list */
static long count_ops(const struct bench_ops *o, enum workload w, int n)
{
	long k = 200000 / n;

	if (w == W_REQUEST || w == W_NOP || !o->walks_list)
		return 2000;
	return k < 2 ? 2 : k > 2000 ? 2000 : even(k);
}

/* the profiles of every workload on variant v at N=n, requests from values */
static void count_point(int v, int n)
{
	char label[128];
	struct point p;
	enum workload w;
	long kw;
	int i;

	setup(&p, n, v);
	check_semantics(v, &p);
	if (bad)
		return;
	CALLGRIND_START_INSTRUMENTATION;
	for (w = 0; w < NR_WORKLOADS; w++) {
		if (!applicable(w, p.n))
			continue;
		kw = count_ops(variants[v], w, p.n);
		run_ops(variants[v], w, &p, v, 0, 2);	/* warm up */
		for (i = 1; i <= 2; i++) {
			CALLGRIND_TOGGLE_COLLECT;
			run_ops(variants[v], w, &p, v, 0, i * kw);
			CALLGRIND_TOGGLE_COLLECT;
			snprintf(label, sizeof(label), "%s %s%s %d %ld",
				 variants[v]->name, values_prefix[values],
				 wl_name[w], p.n, i * kw);
			CALLGRIND_DUMP_STATS_AT(label);
		}
		check_restored(&p, w, v);
	}
	CALLGRIND_STOP_INSTRUMENTATION;
	teardown(v);
}

static int cmd_count(int argc, char **argv)
{
	int v;

	if (argc != 2 || atoi(argv[1]) < 1)
		return 2;
	for (v = 0; v < nr_variants; v++)
		if (!strcmp(variants[v]->name, argv[0]))
			break;
	if (v == nr_variants) {
		fprintf(stderr, "bench count: no variant '%s'\n", argv[0]);
		return 2;
	}
	for (values = 0; values < NR_VALUES && !bad; values++)
		count_point(v, atoi(argv[1]));
	return bad;
}

int main(int argc, char **argv)
{
	int v;

	harness_quiet = 0;
	if (argc >= 2 && !strcmp(argv[1], "time"))
		return cmd_time(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "count"))
		return cmd_count(argc - 2, argv + 2);
	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (v = 0; v < nr_variants; v++)
			printf("%s\n", variants[v]->name);
		return 0;
	}
	fprintf(stderr,
		"usage: bench time [--reps R] [--target-us T] [--n 1,10,...] | bench count VARIANT N | bench list\n");
	return 2;
}
#endif
