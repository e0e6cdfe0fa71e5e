// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-kick - what a tighter cpu_dma_latency costs its caller, and whom
 * it kicks, on a guest of any size, polling in idle or not.
 *
 * kernel/0005-pm_qos-*.patch (test only) adds the module pm_qos_kick:
 * writes of N to its "still" and "tight" parameters run N timed
 * pm_qos_update_request() calls, interrupts off, that leave the target as
 * it is or make it tighter (each writer call sleeps a jiffy first, so the
 * other CPUs are idle again when it comes).  Pinned to CPU 0, this runs
 * blocks of each kind, interleaved, and counts around each block every
 * other CPU's reschedule IPIs (RES in /proc/interrupts) and the times its
 * scheduler picked its idle task (sched_goidle in /proc/schedstat): a
 * kicked CPU leaves its idle loop and goes through schedule() whether it
 * took an IPI (halt) or saw need_resched while polling (idle=poll).
 *
 * Verdicts are counts within this run, each kind against the other: a
 * tighter update makes each other CPU schedule its idle task once more per
 * call than a still one does (at least half a time more, on average over
 * the CPUs), and sends each a reschedule IPI unless it polls in idle, where
 * it must send none (under a tenth of one per call more than a still
 * update).  The cycles of both kinds (median and 90th percentile) and
 * their ratio are diagnostics, for the changelog: no verdict rests on a
 * time.
 */
#define _GNU_SOURCE
#include <sched.h>

#include "pmqos-lib.h"

#define TIME_BOUND	240	/* seconds, for the whole program */
#define ROUNDS		4	/* blocks of each kind, interleaved */
#define PER_BLOCK	50	/* calls per block */
#define PARAM		"/sys/module/pm_qos_kick/parameters/"

static int param_write(const char *name, long v)
{
	char path[128], buf[32];
	int fd, n, ret = 0;

	snprintf(path, sizeof(path), PARAM "%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = snprintf(buf, sizeof(buf), "%ld\n", v);
	if (write(fd, buf, n) != n)
		ret = -errno;
	close(fd);
	return ret;
}

struct sums {
	double res, goidle;	/* per call, summed over the other CPUs */
	double res_min, goidle_min;	/* the least of any one other CPU */
};

int main(void)
{
	static struct cpu_counts a, b;
	double res[2][KICK_CPUS] = { { 0 } }, goidle[2][KICK_CPUS] = { { 0 } };
	unsigned long long n[2], med[2], p90[2];
	int ncpu, poll, k, r, cpu, bad = 0;
	struct sums s[2];
	char buf[256];
	cpu_set_t set;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	poll = cmdline_has("idle=poll");

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		tap_result(0, "pinned to CPU0 (%s)", strerror(errno));
		return tap_finish();
	}
	if (cpu_counts_read(&a) || a.ncpu != ncpu || !a.have_goidle ||
	    ncpu > KICK_CPUS) {
		tap_result(0, "/proc/interrupts (RES, CAL) and /proc/schedstat give %d CPUs' counts",
			   ncpu);
		return tap_finish();
	}
	if (param_write("reset", 1)) {
		tap_result(0, PARAM " is there (kernel/0005-pm_qos-*.patch)");
		return tap_finish();
	}

	for (r = 0; r < ROUNDS; r++) {
		for (k = 0; k < 2; k++) {
			cpu_counts_read(&a);
			if (param_write(k ? "tight" : "still", PER_BLOCK))
				bad++;
			cpu_counts_read(&b);
			for (cpu = 1; cpu < ncpu; cpu++) {
				res[k][cpu] += b.res[cpu] - a.res[cpu];
				goidle[k][cpu] += b.goidle[cpu] - a.goidle[cpu];
			}
		}
	}
	if (slurp(PARAM "stats", buf, sizeof(buf)) < 0 ||
	    sscanf(buf, "still %llu %llu %llu tight %llu %llu %llu", &n[0],
		   &med[0], &p90[0], &n[1], &med[1], &p90[1]) != 6) {
		tap_result(0, "the module's stats read back");
		return tap_finish();
	}

	for (k = 0; k < 2; k++) {
		memset(&s[k], 0, sizeof(s[k]));
		s[k].res_min = s[k].goidle_min = 1e9;
		for (cpu = 1; cpu < ncpu; cpu++) {
			double rc = res[k][cpu] / (ROUNDS * PER_BLOCK);
			double gc = goidle[k][cpu] / (ROUNDS * PER_BLOCK);

			s[k].res += rc;
			s[k].goidle += gc;
			if (rc < s[k].res_min)
				s[k].res_min = rc;
			if (gc < s[k].goidle_min)
				s[k].goidle_min = gc;
		}
	}
	diag("%d CPUs, %s; %llu still and %llu tighter updates, interrupts off, writer on CPU0",
	     ncpu, poll ? "idle=poll" : "idle halts (cpuidle)", n[0], n[1]);
	diag("cycles per update: still median %llu p90 %llu, tighter median %llu p90 %llu; ratio of medians %.2f",
	     med[0], p90[0], med[1], p90[1],
	     med[0] ? (double)med[1] / med[0] : 0.0);
	diag("per update, over the %d other CPUs: still RES %.2f idle schedules %.2f; tighter RES %.2f idle schedules %.2f",
	     ncpu - 1, s[0].res, s[0].goidle, s[1].res, s[1].goidle);
	printf("# KICK-FIGURES cpus=%d idle=%s still_med=%llu tight_med=%llu ratio=%.2f still_p90=%llu tight_p90=%llu res_per_tight=%.2f res_per_still=%.2f goidle_per_tight=%.2f goidle_per_still=%.2f\n",
	       ncpu, poll ? "poll" : "halt", med[0], med[1],
	       med[0] ? (double)med[1] / med[0] : 0.0, p90[0], p90[1],
	       s[1].res, s[0].res, s[1].goidle, s[0].goidle);

	if (param_write("reset", 1))
		bad++;
	tap_result(bad == 0 && n[0] == ROUNDS * PER_BLOCK &&
		   n[1] == ROUNDS * PER_BLOCK &&
		   qos_get(DEV_CPU_DMA) == PM_QOS_LAT_DEFAULT,
		   "%d updates of each kind, each target right on return, the target back at the default",
		   ROUNDS * PER_BLOCK);
	if (ncpu < 2) {
		tap_skip("a tighter update kicks every other CPU", "one CPU");
		return tap_finish();
	}
	tap_result((s[1].goidle - s[0].goidle) / (ncpu - 1) >= 0.5,
		   "a tighter update makes the other CPUs schedule their idle task again (%.2f per CPU per call, still %.2f)",
		   s[1].goidle / (ncpu - 1), s[0].goidle / (ncpu - 1));
	if (poll)
		tap_result((s[1].res - s[0].res) / (ncpu - 1) < 0.1,
			   "no reschedule IPI to a CPU polling in idle (%.2f per CPU per call, still %.2f)",
			   s[1].res / (ncpu - 1), s[0].res / (ncpu - 1));
	else
		tap_result((s[1].res - s[0].res) / (ncpu - 1) >= 0.5,
			   "a reschedule IPI to each halted CPU (%.2f per CPU per call, still %.2f)",
			   s[1].res / (ncpu - 1), s[0].res / (ncpu - 1));
	return tap_finish();
}
