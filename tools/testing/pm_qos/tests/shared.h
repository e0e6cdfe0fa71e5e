/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tests of several subjects use: short names of the classes and a
 * notifier that logs what each class tells it.
 */
#ifndef _HARNESS_TESTS_SHARED_H
#define _HARNESS_TESTS_SHARED_H

#define CPU PM_QOS_CPU_DMA_LATENCY
#define NET PM_QOS_NETWORK_LATENCY
#define TPUT PM_QOS_NETWORK_THROUGHPUT
#define LAT_DEFAULT (2000 * USEC_PER_SEC)

/* A notifier that logs what it is told and checks where it runs. */
#define LOG_MAX 64
static struct {
	struct notifier_block nb;
	int calls;
	long log[LOG_MAX];
} notes[PM_QOS_NUM_CLASSES];

static int note_call(struct notifier_block *nb, unsigned long val, void *v)
{
	int c;

	for (c = 0; c < PM_QOS_NUM_CLASSES; c++)
		if (nb == &notes[c].nb)
			break;
	(void)v;
	if (notes[c].calls < LOG_MAX)
		notes[c].log[notes[c].calls] = (s32)val;
	notes[c].calls++;
	return NOTIFY_OK;
}

static void watch(int c)
{
	memset(&notes[c], 0, sizeof(notes[c]));
	notes[c].nb.notifier_call = note_call;
	CHECK_EQ(pm_qos_add_notifier(c, &notes[c].nb), 0);
}

/* Runs the pending notification work, as keventd would. */
static void flush(void)
{
	harness_run_work();
}

#endif
