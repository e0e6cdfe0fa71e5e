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
 * The module also counts, at each tighter update and for each other CPU,
 * whether that CPU's idle task already had need_resched set (the kick finds
 * one pending, not yet seen, and merges with it: two kicks, one pass) and
 * whether the CPU ran another task.
 *
 * Three runs.  The first, blocks of still and tighter updates interleaved,
 * gives the cycles of both kinds (median and 90th percentile), their ratio
 * and the IPIs and idle passes per update: diagnostics for the changelog
 * (the "KICK-FIGURES" line; per CPU, "KICK-CPU").  The second, 100 tighter
 * updates, has the pm_qos notifier's thread bound to CPU 0, so that its
 * wakeups cannot stand in for a kick on another CPU; the third does that
 * again with a wait after each tighter update, until no other CPU's idle
 * task has need_resched still set ("KICK-SETTLE": how long a CPU took to
 * see its kick), unless the first two took SETTLE_BY seconds already (16
 * CPUs polling in idle on a loaded host), so as to end within run-tests'
 * bound.
 *
 * Verdicts are counts within this run.  In the second run, for each other
 * CPU, every tighter update either made it pass through schedule() from
 * its idle task or found a kick still pending there: passes + merged kicks
 * reach at least 95% of the updates on every other CPU (a helper that
 * leaves one CPU out gives that CPU its noise, a few percent).  In the
 * first, a tighter update sends each halted CPU a reschedule IPI (at least
 * half of one per call more than a still update, on average over the other
 * CPUs), and a CPU polling in idle none (under a tenth of one per call
 * more).  No verdict rests on a time.
 */
#define _GNU_SOURCE
#include <sched.h>

#include "pmqos-lib.h"

#define TIME_BOUND	240	/* seconds, for the whole program */
#define ROUNDS		4	/* blocks of each kind, interleaved */
#define PER_BLOCK	50	/* calls per block */
#define PARAM		"/sys/module/pm_qos_kick/parameters/"
#define RUN_ROUNDS	2	/* blocks of the second and third runs */
#define SETTLE_US	50000	/* the third run gives a wait up past this */
#define SETTLE_BY	30	/* s: no third run if the first two took longer */
#define KICKED		0.95	/* passes + merged, of the updates, per CPU */

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

/* The module's "cpus" lines: what each tighter update found per CPU. */
struct found {
	long kicks, merged, busy, late;
};

static int read_found(struct found *f, int ncpu)
{
	static char buf[4096];
	char *line;
	int cpu, nread = 0;
	long kk, m, bz, l;

	memset(f, 0, sizeof(*f) * ncpu);
	if (slurp(PARAM "cpus", buf, sizeof(buf)) < 0)
		return -1;
	for (line = buf; line && *line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		if (sscanf(line, "cpu%d kicks %ld merged %ld busy %ld late %ld",
			   &cpu, &kk, &m, &bz, &l) == 5 && cpu >= 0 &&
		    cpu < ncpu) {
			f[cpu].kicks = kk;
			f[cpu].merged = m;
			f[cpu].busy = bz;
			f[cpu].late = l;
			nread++;
		}
	}
	return nread;
}

/* The pid of the pm_qos core's notifier thread ("pm_qos"), or -1. */
static pid_t notifier_thread(void)
{
	DIR *dir = opendir("/proc");
	struct dirent *d;
	char path[64], buf[128];
	pid_t pid = -1;

	while (dir && pid < 0 && (d = readdir(dir))) {
		if (d->d_name[0] < '1' || d->d_name[0] > '9' ||
		    strlen(d->d_name) > 10)
			continue;
		snprintf(path, sizeof(path), "/proc/%.10s/stat", d->d_name);
		if (slurp(path, buf, sizeof(buf)) > 0 &&
		    strstr(buf, " (pm_qos) "))
			pid = atoi(d->d_name);
	}
	if (dir)
		closedir(dir);
	return pid;
}

/* Bind @pid to CPU 0 (@one) or let it run on any of @ncpu CPUs again. */
static int bind_to(pid_t pid, int one, int ncpu)
{
	cpu_set_t set;
	int cpu;

	CPU_ZERO(&set);
	for (cpu = 0; cpu < (one ? 1 : ncpu); cpu++)
		CPU_SET(cpu, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

/*
 * RUN_ROUNDS blocks of PER_BLOCK tighter updates; the other CPUs' idle
 * passes over the whole run, read once the last kick has had time to
 * arrive.
 */
static int tight_run(int ncpu, long *passes, long *sched)
{
	static struct cpu_counts a, b;
	int r, cpu, bad = 0;

	cpu_counts_read(&a);
	for (r = 0; r < RUN_ROUNDS; r++)
		if (param_write("tight", PER_BLOCK))
			bad++;
	sleep_ms(200);
	cpu_counts_read(&b);
	for (cpu = 1; cpu < ncpu; cpu++) {
		passes[cpu] = b.goidle[cpu] - a.goidle[cpu];
		sched[cpu] = b.sched[cpu] - a.sched[cpu];
	}
	return bad;
}

struct sums {
	double res, goidle;	/* per call, summed over the other CPUs */
	double res_min, goidle_min;	/* the least of any one other CPU */
};

int main(void)
{
	static struct cpu_counts a, b;
	double res[2][KICK_CPUS] = { { 0 } }, goidle[2][KICK_CPUS] = { { 0 } };
	long sched[2][KICK_CPUS] = { { 0 } };
	static long hpass[KICK_CPUS], hsched[KICK_CPUS];
	static long spass[KICK_CPUS], ssched[KICK_CPUS];
	static struct found f[KICK_CPUS], hf[KICK_CPUS], sf[KICK_CPUS];
	unsigned long long sn = 0, smed = 0, sp90 = 0, smax = 0;
	double kicked_min = 1e9, t[4];
	int kicked_cpu = -1;
	pid_t nt;
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
	t[0] = t[1] = t[2] = t[3] = now_s();

	for (r = 0; r < ROUNDS; r++) {
		for (k = 0; k < 2; k++) {
			cpu_counts_read(&a);
			if (param_write(k ? "tight" : "still", PER_BLOCK))
				bad++;
			cpu_counts_read(&b);
			for (cpu = 1; cpu < ncpu; cpu++) {
				res[k][cpu] += b.res[cpu] - a.res[cpu];
				goidle[k][cpu] += b.goidle[cpu] - a.goidle[cpu];
				sched[k][cpu] += b.sched[cpu] - a.sched[cpu];
			}
		}
	}
	if (read_found(f, ncpu) != ncpu - 1)
		bad++;
	if (slurp(PARAM "stats", buf, sizeof(buf)) < 0 ||
	    sscanf(buf, "still %llu %llu %llu tight %llu %llu %llu", &n[0],
		   &med[0], &p90[0], &n[1], &med[1], &p90[1]) != 6) {
		tap_result(0, "the module's stats read back");
		return tap_finish();
	}

	/*
	 * The tighter updates again, the notifier's thread bound to CPU 0:
	 * then nothing but the kick makes another CPU leave its idle loop at
	 * a tighter update.  Then once more, each followed by a wait until no
	 * other CPU has need_resched still set on its idle task.
	 */
	t[1] = now_s();
	nt = notifier_thread();
	if (nt < 0 || bind_to(nt, 1, ncpu)) {
		tap_result(0, "the notifier's thread pm_qos bound to CPU 0 (%s)",
			   nt < 0 ? "not found" : strerror(errno));
		return tap_finish();
	}
	if (param_write("reset", 1))
		bad++;
	bad += tight_run(ncpu, hpass, hsched);
	if (read_found(hf, ncpu) != ncpu - 1)
		bad++;
	t[3] = t[2] = now_s();
	/* a guest that slow (16 CPUs polling) keeps to run-tests' bound */
	if (t[2] - t[0] < SETTLE_BY) {
		if (param_write("reset", 1) ||
		    param_write("settle_us", SETTLE_US))
			bad++;
		bad += tight_run(ncpu, spass, ssched);
		if (param_write("settle_us", 0) ||
		    read_found(sf, ncpu) != ncpu - 1 ||
		    slurp(PARAM "settle", buf, sizeof(buf)) < 0 ||
		    sscanf(buf, "%llu %llu %llu %llu", &sn, &smed, &sp90,
			   &smax) != 4)
			bad++;
		t[3] = now_s();
	}
	if (bind_to(nt, 0, ncpu))
		bad++;

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

	for (cpu = 1; cpu < ncpu; cpu++) {
		double kicked = hf[cpu].kicks ?
			(double)(hpass[cpu] + hf[cpu].merged) / hf[cpu].kicks : 0;

		if (kicked < kicked_min) {
			kicked_min = kicked;
			kicked_cpu = cpu;
		}
		printf("# KICK-CPU cpu=%d kicks=%ld merged=%ld busy=%ld passes=%.0f passes_still=%.0f sched=%ld sched_still=%ld\n",
		       cpu, f[cpu].kicks, f[cpu].merged, f[cpu].busy,
		       goidle[1][cpu], goidle[0][cpu], sched[1][cpu],
		       sched[0][cpu]);
		printf("# KICK-BOUND-CPU cpu=%d kicks=%ld merged=%ld busy=%ld passes=%ld sched=%ld\n",
		       cpu, hf[cpu].kicks, hf[cpu].merged, hf[cpu].busy,
		       hpass[cpu], hsched[cpu]);
		if (sn)
			printf("# KICK-SETTLE-CPU cpu=%d kicks=%ld merged=%ld busy=%ld late=%ld passes=%ld sched=%ld\n",
			       cpu, sf[cpu].kicks, sf[cpu].merged,
			       sf[cpu].busy, sf[cpu].late, spass[cpu],
			       ssched[cpu]);
	}
	if (sn)
		printf("# KICK-SETTLE settle_us=%d waits=%llu wait_med_us=%llu wait_p90_us=%llu wait_max_us=%llu\n",
		       SETTLE_US, sn, smed, sp90, smax);
	else if (ncpu > 1)
		printf("# KICK-SETTLE not run: the first two runs took %.0f s\n",
		       t[2] - t[0]);
	printf("# KICK-TIME first=%.1f bound=%.1f settle=%.1f s\n",
	       t[1] - t[0], t[2] - t[1], t[3] - t[2]);

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
	tap_result(kicked_min >= KICKED,
		   "every tighter update kicked every other CPU, the notifier's thread bound to CPU 0: idle passes + kicks merged with a pending one, per update, at least %.2f on each (least: %.2f, CPU %d)",
		   KICKED, kicked_min, kicked_cpu);
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
