// SPDX-License-Identifier: GPL-2.0
/*
 * Concurrency stress under TSan: writer threads add, update and remove
 * requests in two classes (a quarter of the updates and removes with
 * interrupts off, another quarter "in a hard IRQ") while readers poll
 * pm_qos_request() and two worker threads run the notification work as it
 * is queued, so that one item may run on both at once, as on 2.6.34.  At
 * quiescence, once the work left queued has run, the target must be the
 * aggregate of what the writers left, and the last notification delivered
 * must carry it.
 */
#include "test.h"
#include <pthread.h>

enum { WRITERS = 4, READERS = 2, WORKERS = 2, SLOTS = 16, OPS = 20000 };
static const int classes[] = { PM_QOS_CPU_DMA_LATENCY,
			       PM_QOS_NETWORK_THROUGHPUT };

static struct {
	pthread_mutex_t lock;
	int calls;
	int repeats;		/* a notification of the value just notified */
	s32 last;
} note[PM_QOS_NUM_CLASSES];
static struct notifier_block nbs[PM_QOS_NUM_CLASSES];

struct writer {
	pthread_t t;
	unsigned int seed;
	struct pm_qos_request_list *req[SLOTS];
	int cls[SLOTS];
	s32 val[SLOTS];
};
static struct writer writers[WRITERS];
static int stop_readers, stop_workers;

static int note_call(struct notifier_block *nb, unsigned long val, void *v)
{
	int c = nb - nbs;

	pthread_mutex_lock(&note[c].lock);
	if ((s32)val == note[c].last)
		note[c].repeats++;
	note[c].calls++;
	note[c].last = (s32)val;
	pthread_mutex_unlock(&note[c].lock);
	return NOTIFY_OK;
}

static void *writer_fn(void *arg)
{
	struct writer *w = arg;
	int op, i;

	for (op = 0; op < OPS; op++) {
		i = rand_r(&w->seed) % SLOTS;
		if (!w->req[i]) {
			w->cls[i] = classes[rand_r(&w->seed) % 2];
			w->val[i] = rand_r(&w->seed) % 10000;
			w->req[i] = pm_qos_add_request(w->cls[i], w->val[i]);
		} else {
			int how = rand_r(&w->seed) % 4;
			unsigned long flags = 0;

			if (how == 1)
				local_irq_save(flags);
			else if (how == 2)
				harness_hardirq_enter();
			if (rand_r(&w->seed) % 4) {
				w->val[i] = rand_r(&w->seed) % 10000;
				pm_qos_update_request(w->req[i], w->val[i]);
			} else {
				pm_qos_remove_request(w->req[i]);
				w->req[i] = NULL;
			}
			if (how == 1)
				local_irq_restore(flags);
			else if (how == 2)
				harness_hardirq_exit();
		}
	}
	return NULL;
}

static void *reader_fn(void *arg)
{
	long sum = 0;

	while (!__atomic_load_n(&stop_readers, __ATOMIC_RELAXED))
		sum += pm_qos_request(PM_QOS_CPU_DMA_LATENCY) +
		       pm_qos_request(PM_QOS_NETWORK_THROUGHPUT);
	return (void *)sum;
}

static void *worker_fn(void *arg)
{
	long ran = 0;

	while (!__atomic_load_n(&stop_workers, __ATOMIC_RELAXED))
		ran += harness_run_work();
	return (void *)ran;
}

static void test_stress(void)
{
	pthread_t readers[READERS], workers[WORKERS];
	unsigned int seed = test_seed();
	int i, j, k, c;

	for (k = 0; k < 2; k++) {
		c = classes[k];
		pthread_mutex_init(&note[c].lock, NULL);
		note[c].calls = 0;
		note[c].repeats = 0;
		note[c].last = pm_qos_request(c);
		nbs[c].notifier_call = note_call;
		CHECK_EQ(pm_qos_add_notifier(c, &nbs[c]), 0);
	}
	for (i = 0; i < READERS; i++)
		pthread_create(&readers[i], NULL, reader_fn, NULL);
	for (i = 0; i < WORKERS; i++)
		pthread_create(&workers[i], NULL, worker_fn, NULL);
	for (i = 0; i < WRITERS; i++) {
		writers[i].seed = seed + i;
		pthread_create(&writers[i].t, NULL, writer_fn, &writers[i]);
	}
	for (i = 0; i < WRITERS; i++)
		pthread_join(writers[i].t, NULL);
	__atomic_store_n(&stop_readers, 1, __ATOMIC_RELAXED);
	for (i = 0; i < READERS; i++)
		pthread_join(readers[i], NULL);
	__atomic_store_n(&stop_workers, 1, __ATOMIC_RELAXED);
	for (i = 0; i < WORKERS; i++) {
		void *ran;

		pthread_join(workers[i], &ran);
		printf("# worker %d ran %ld work items\n", i, (long)ran);
	}
	harness_run_work();		/* what was queued after they stopped */

	for (k = 0; k < 2; k++) {
		s32 want;
		unsigned int count = 0;

		c = classes[k];
		want = pm_qos_array[c].default_value;
		for (i = 0; i < WRITERS; i++)
			for (j = 0; j < SLOTS; j++) {
				struct writer *w = &writers[i];

				if (!w->req[j] || w->cls[j] != c)
					continue;
				if (!count++ || (c == PM_QOS_NETWORK_THROUGHPUT ?
						 w->val[j] > want :
						 w->val[j] < want))
					want = w->val[j];
			}
		printf("# class %d: %u requests, target %d, %d notifications\n",
		       c, count, pm_qos_request(c), note[c].calls);
		CHECK_EQ(pm_qos_request(c), want);
		CHECK_EQ(pm_qos_array[c].count, count);
		CHECK(note[c].calls > 0);
		CHECK_EQ(note[c].repeats, 0);
		CHECK_EQ(note[c].last, want);
	}
	for (i = 0; i < WRITERS; i++)
		for (j = 0; j < SLOTS; j++)
			pm_qos_remove_request(writers[i].req[j]);
	CHECK_EQ(harness_live_allocs, 0);
	CHECK_EQ(harness_warnings, 0);
}

static const struct test tests[] = {
	{ "stress_quiescent_target_and_last_notification", test_stress },
};

int main(void)
{
	return run_tests(tests, 1);
}
