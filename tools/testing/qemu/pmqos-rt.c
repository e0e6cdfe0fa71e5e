// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-rt - a tighter cpu_dma_latency reaches the idle CPUs before the
 * write returns, whatever the writer's priority.
 *
 * A SCHED_FIFO writer pinned to CPU 0 writes to /dev/cpu_dma_latency and
 * keeps CPU 0 without yielding, while the other CPUs idle.  A write that
 * moves the target must kick every other CPU out of its idle state (2.6.34:
 * cpuidle's notifier, run inside the write, calls smp_call_function(); the
 * series: the scheduler's wake_up_all_idle_cpus(), a reschedule IPI to a
 * halted CPU, need_resched alone to one polling in idle).  What each other
 * CPU took (its RES and CAL rows of /proc/interrupts, and, with
 * CONFIG_SCHEDSTATS, how often it went through schedule() from its idle
 * task back to it, which is how a CPU polling in idle shows the kick:
 * idle=poll takes no IPI; see kick_passes()) is read by
 * the writer itself, on CPU 0, while it still spins: a reader anywhere
 * else would wake them.  Anything that waits for CPU 0 to schedule (a work
 * item on that CPU's workqueue thread, a SCHED_NORMAL thread) holds the
 * kick back for as long as the writer spins, and it comes only after the
 * writer yields.  With two CPUs the pm_qos notifier's thread, woken on the
 * other CPU, could stand in for the kick; with more, it is on one CPU at
 * most, and every other CPU must be reached.  A CPU polling in idle
 * (idle=poll) counts as reached by a pass through schedule() only, not by
 * an IPI: the notifier (cpuidle's smp_call_function()) sends it a CAL
 * without making it leave its polling loop, and the kick and the thread's
 * wakeup may be one pass; with two CPUs polling that cannot be told from
 * noise, and the verdicts are skipped (pmqos-kick counts that case).
 *
 * A control write leaves the target as it is (the value in force), so it
 * sends no kick: whatever the other CPUs take during its window is the
 * noise of the machine.  The verdict is a count of CPUs reached over the
 * trials within this run, never a time: the moving write must reach at
 * least 90% of the other CPUs over its trials (all but one trial's worth
 * with two CPUs), and more than the control, which must reach at most half.
 *
 * Each spin window is at most WINDOW_MS, followed by a gap at SCHED_OTHER
 * of one window: the writer stays well under RT throttling's 950 ms per
 * second, so the throttle never lets CPU 0's other threads run inside a
 * window.  The window does not grow on the debug kernel: the kick comes
 * within the write or a few milliseconds after it, and a longer window
 * only gathers more noise (the debug kernel's idle CPU takes a reschedule
 * IPI about once a second: in windows of 600 ms, 10 of 10 controls saw one).
 * It grows with the number of CPUs beyond 4 (each a thread of the host that
 * must run to take its kick), up to 800 ms for 16.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/mman.h>

#include "pmqos-lib.h"

#define TIME_BOUND	120	/* seconds, for the whole program */
#define TRIALS		10	/* of each kind, interleaved */
#define WINDOW_MS	200	/* longest spin after a write */
#define TIGHT		100	/* usec: the moving write */
#define WRITER_CPU	0

static int ncpu, polling;
static struct cpu_counts base, cur;

/* How many CPUs but the writer's took something since @base was read. */
static int reached(const struct cpu_counts *c)
{
	int cpu, n = 0;

	for (cpu = 0; cpu < ncpu; cpu++) {
		if (cpu == WRITER_CPU)
			continue;
		if (polling ? c->sched[cpu] != base.sched[cpu] :
		    c->res[cpu] != base.res[cpu] ||
		    c->cal[cpu] != base.cal[cpu] ||
		    kick_passes(&base, c, cpu) > 0)
			n++;
	}
	return n;
}

/* RES, CAL and idle schedules of the other CPUs since @base was read. */
static void deltas(const struct cpu_counts *c, long *res, long *cal,
		   long *goidle)
{
	int cpu;

	*res = *cal = *goidle = 0;
	for (cpu = 0; cpu < ncpu; cpu++) {
		if (cpu == WRITER_CPU)
			continue;
		*res += c->res[cpu] - base.res[cpu];
		*cal += c->cal[cpu] - base.cal[cpu];
		*goidle += kick_passes(&base, c, cpu);
	}
}

static int set_policy(int policy)
{
	struct sched_param sp = {
		.sched_priority = policy == SCHED_FIFO ? 50 : 0,
	};

	return sched_setscheduler(0, policy, &sp);
}

/* Keep CPU 0 busy at SCHED_OTHER for @ms: other threads of CPU 0 may run. */
static void busy_yield(long ms)
{
	double end = now_s() + ms / 1000.0;

	while (now_s() < end)
		sched_yield();
}

struct trial {
	int moving;	/* the write moves the target */
	int early;	/* every other CPU took a kick before the writer yielded */
	int late;	/* ... or only in the gap after it yielded */
	int stayed;	/* the writer ran on CPU 0 throughout */
	int wrote;	/* the write succeeded */
	int cpus;	/* other CPUs reached while the writer spun */
	double spun_ms;	/* length of the window */
	long res, cal, goidle;	/* the other CPUs' sums in the window */
};

/*
 * One trial: at SCHED_FIFO, snapshot the other CPUs' counts, write @val,
 * then spin (reading the counts as it goes) until every other CPU has
 * taken a kick or the window is over; then at SCHED_OTHER, a gap in which
 * CPU 0's other threads may run, and the counts once more (a kick that
 * came late); last, the request back at the default.
 */
static void run_trial(int fd, int moving, long window_ms, struct trial *t)
{
	int32_t val = moving ? TIGHT : PM_QOS_LAT_DEFAULT;
	double t0, end;

	memset(t, 0, sizeof(*t));
	t->moving = moving;
	set_policy(SCHED_FIFO);
	cpu_counts_read(&base);
	t0 = now_s();
	end = t0 + window_ms / 1000.0;
	t->wrote = qos_set(fd, val) == 0;
	do {
		cpu_counts_read(&cur);
		t->cpus = reached(&cur);
		if (t->cpus == ncpu - 1)
			break;
	} while (now_s() < end);
	t->spun_ms = (now_s() - t0) * 1000.0;
	t->stayed = sched_getcpu() == WRITER_CPU;
	t->early = t->cpus == ncpu - 1;
	deltas(&cur, &t->res, &t->cal, &t->goidle);
	set_policy(SCHED_OTHER);
	busy_yield(window_ms / 2);
	cpu_counts_read(&cur);
	t->late = !t->early && reached(&cur) == ncpu - 1;
	qos_set(fd, PM_QOS_LAT_DEFAULT);
	busy_yield(window_ms / 2);
}

int main(void)
{
	struct trial tr[2 * TRIALS];
	long window_ms = WINDOW_MS;
	int i, fd, moved = 0, noise = 0, late = 0, bad = 0;
	int cpus_moved = 0, cpus_noise = 0, pairs;
	double moved_ms = 0, control_ms = 0;
	int32_t target;
	cpu_set_t set;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);

	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu < 2) {
		tap_skip("moving write reaches the idle CPUs", "one CPU online");
		return tap_finish();
	}
	if (cpu_counts_read(&base) || base.ncpu != ncpu || ncpu > KICK_CPUS) {
		tap_result(0, "/proc/interrupts has the RES and CAL rows of %d CPUs",
			   ncpu);
		return tap_finish();
	}
	polling = cmdline_has("idle=poll");
	if (!base.have_goidle) {
		if (polling) {
			tap_result(0, "/proc/schedstat (CONFIG_SCHEDSTATS): a CPU polling in idle shows its kick there only");
			return tap_finish();
		}
		diag("no /proc/schedstat: the kicks are counted as IPIs only");
	}
	if (ncpu > 4)
		window_ms = WINDOW_MS * ncpu / 4;
	CPU_ZERO(&set);
	CPU_SET(WRITER_CPU, &set);
	if (sched_setaffinity(0, sizeof(set), &set) ||
	    set_policy(SCHED_FIFO) || set_policy(SCHED_OTHER)) {
		tap_result(0, "pinned to CPU%d, SCHED_FIFO allowed (%s)",
			   WRITER_CPU, strerror(errno));
		return tap_finish();
	}
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		diag("mlockall: %s (page faults may yield)", strerror(errno));
	/* 2.6.34's misc device has no read(): the target is read if it can be */
	fd = qos_open(DEV_CPU_DMA);
	target = qos_get(DEV_CPU_DMA);
	if (fd < 0 || (target != INT32_MIN && target != PM_QOS_LAT_DEFAULT)) {
		tap_result(0, "/dev/" DEV_CPU_DMA " opens, target at the default (%d)",
			   target);
		return tap_finish();
	}

	/* No output until the trials are over: the pipe's reader would wake. */
	for (i = 0; i < 2 * TRIALS; i++)
		run_trial(fd, !(i % 2), window_ms, &tr[i]);
	close(fd);

	for (i = 0; i < 2 * TRIALS; i++) {
		struct trial *t = &tr[i];

		if (!t->wrote || !t->stayed)
			bad++;
		if (t->early || t->cpus)
			diag("trial %d, %s: %d of %d other CPUs reached in %.1f ms: RES +%ld CAL +%ld idle-to-idle schedules %+ld",
			     i + 1, t->moving ? "moving" : "control", t->cpus,
			     ncpu - 1, t->spun_ms, t->res, t->cal, t->goidle);
		if (t->moving) {
			moved += t->early;
			cpus_moved += t->cpus;
			late += t->late;
			moved_ms += t->spun_ms;
		} else {
			noise += t->early;
			cpus_noise += t->cpus;
			control_ms += t->spun_ms;
		}
	}
	diag("%d CPUs%s, %d trials of each kind, spin window %ld ms; the other CPUs' RES+CAL%s counted by the writer on CPU%d",
	     ncpu, cmdline_has("idle=poll") ? " (idle=poll)" : "", TRIALS,
	     window_ms, base.have_goidle ? "+idle-to-idle schedules" : "",
	     WRITER_CPU);
	diag("moving write (%d usec): every other CPU reached while the writer spun in %d of %d, only after it yielded in %d of %d; mean window %.1f ms",
	     TIGHT, moved, TRIALS, late, TRIALS, moved_ms / TRIALS);
	diag("control write (the value in force): every other CPU reached in %d of %d; mean window %.1f ms",
	     noise, TRIALS, control_ms / TRIALS);
	tap_result(bad == 0,
		   "every write succeeded with the writer on CPU%d at SCHED_FIFO (%d bad trials)",
		   WRITER_CPU, bad);
	if (polling && ncpu == 2) {
		/*
		 * The write wakes the notifier's thread, which can run only on
		 * CPU 1: that wakeup sets need_resched there too, and CPU 1
		 * leaves its polling loop once for both, as it would for any
		 * wakeup, which a control write cannot tell from noise.
		 * pmqos-kick counts the kick of a polling CPU instead.
		 */
		tap_skip("control: the idle CPUs are quiet enough to tell",
			 "two CPUs polling in idle: the kick and the notifier thread's wakeup are one pass");
		tap_skip("a tighter target reaches every idle CPU before the SCHED_FIFO writer yields",
			 "two CPUs polling in idle: see pmqos-kick");
		goto close;
	}
	/*
	 * Counted per CPU and trial: with many CPUs, each a thread of the
	 * host, one of them may not run within a window on a loaded host.
	 */
	pairs = TRIALS * (ncpu - 1);
	diag("CPUs reached, over the %d trials of each kind: moving %d of %d, control %d",
	     TRIALS, cpus_moved, pairs, cpus_noise);
	tap_result(2 * cpus_noise <= pairs,
		   "control: the idle CPUs are quiet enough to tell (%d of %d CPUs reached over %d windows, at most half)",
		   cpus_noise, pairs, TRIALS);
	tap_result(10 * cpus_moved >= 9 * pairs && cpus_moved > cpus_noise,
		   "a tighter target reaches every idle CPU before the SCHED_FIFO writer yields (%d of %d CPUs over %d trials, at least 90%%; control %d)",
		   cpus_moved, pairs, TRIALS, cpus_noise);
close:
	if (target == INT32_MIN)
		tap_skip("target back at the default after close",
			 "no read() on /dev/" DEV_CPU_DMA);
	else
		tap_result(qos_get(DEV_CPU_DMA) == PM_QOS_LAT_DEFAULT,
			   "target back at the default after close");
	return tap_finish();
}
