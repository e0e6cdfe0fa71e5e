// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-anyctx - cpu_dma_latency requests updated and removed in hard IRQ
 * and with interrupts off.
 *
 * Drives the test-only module of kernel/0004-pm_qos-*.patch
 * (/sys/module/pm_qos_anyctx/parameters/): an hrtimer callback pinned to
 * CPU 0 and a spin_lock_irqsave()'d loop on CPU 1 each move a request and
 * remove a spare one RUNS times, while this process writes to
 * /dev/cpu_dma_latency on CPU 0.  Then: every update was seen by
 * pm_qos_request() before it returned, every spare request is gone, the
 * final value set from the timer callback is what read() returns and
 * what the module's notifier ends at, a burst of moves with interrupts off gives at
 * most two notifications, and the kernel log holds no report.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stddef.h>
#include <sys/wait.h>

#include "pmqos-lib.h"

#define TIME_BOUND	120
#define RUNS		2000
#define FINAL		4321
#define BURST		1000
#define BURST_FINAL	777
#define ANYCTX_DIR	"/sys/module/pm_qos_anyctx/parameters/"
#define ANYCTX_SITE	"anyctx"
#define ANYCTX_MARK	"pmqos-anyctx: runs begin"

struct stats {
	long irq_fires, irq_hardirq, irq_softirq, irq_other;
	long irq_updates, irq_removes;
	long locked_updates, locked_removes, stale;
	long notify_calls, notify_last, notify_bad_ctx;
};

static const struct {
	const char *name;
	size_t off;
} stat_fields[] = {
#define F(x)	{ #x, offsetof(struct stats, x) }
	F(irq_fires), F(irq_hardirq), F(irq_softirq), F(irq_other),
	F(irq_updates), F(irq_removes),
	F(locked_updates), F(locked_removes), F(stale),
	F(notify_calls), F(notify_last), F(notify_bad_ctx),
#undef F
};

/* Reads the module's counters; 0 on success. */
static int get_stats(struct stats *s)
{
	char buf[1024], *line, *save;
	unsigned int i, seen = 0;

	if (slurp(ANYCTX_DIR "stats", buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		for (i = 0; i < ARRAY_SIZE(stat_fields); i++) {
			size_t len = strlen(stat_fields[i].name);

			if (strncmp(line, stat_fields[i].name, len) ||
			    line[len] != ' ')
				continue;
			*(long *)((char *)s + stat_fields[i].off) =
				strtol(line + len + 1, NULL, 10);
			seen++;
		}
	return seen == ARRAY_SIZE(stat_fields) ? 0 : -1;
}

/* Writes @val to the module's parameter @param; 0 on success. */
static int anyctx_write(const char *param, const char *val)
{
	char path[128];
	int fd, ok;

	snprintf(path, sizeof(path), ANYCTX_DIR "%s", param);
	fd = open(path, O_WRONLY);
	ok = fd >= 0 && write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	if (!ok)
		diag("write \"%s\" to %s: %s", val, path, strerror(errno));
	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		diag("cannot pin to CPU %d: %s", cpu, strerror(errno));
}

/* A child on @cpu that writes @val to @param and exits 0 if that worked. */
static pid_t spawn_write(int cpu, const char *param, const char *val)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		pin(cpu);
		_exit(anyctx_write(param, val) ? 1 : 0);
	}
	if (pid < 0)
		diag("fork: %s", strerror(errno));
	return pid;
}

/*
 * Waits up to @ms for the module's notifier to have been told @value;
 * returns 1 if it was, with the counters in *s.
 */
static int wait_notified(long value, long ms, struct stats *s)
{
	return wait_until(!get_stats(s) && s->notify_last == value, ms);
}

int main(void)
{
	struct stats s0, s1, s2 = { 0 }, s3 = { 0 };
	char val[32];
	pid_t cirq, clocked;
	int st_irq = -1, st_locked = -1, fd, left, reports, done = 0;
	unsigned long writes = 0, stale_reads = 0;
	long hard, soft, moves;
	int32_t agg;
	int ok;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);
	if (get_stats(&s0)) {
		tap_result(0, ANYCTX_DIR "stats readable (kernel/0004-pm_qos-*.patch, test only)");
		return tap_finish();
	}
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		diag("only one CPU online: the timer and the locked loop share it");
	mark_kernel_log(ANYCTX_MARK);

	/* timer on CPU 0, locked loop on CPU 1, misc-device writes on CPU 0 */
	pin(0);
	fd = qos_open(DEV_CPU_DMA);
	snprintf(val, sizeof(val), "%d", RUNS);
	cirq = spawn_write(0, "irq", val);
	clocked = spawn_write(1, "locked", val);
	while (fd >= 0 && done < 2) {
		int32_t v = 20 + (writes * 41) % 5000;

		if (qos_set(fd, v) == 0) {
			agg = qos_pread(fd);
			if (agg > v || agg < 0)
				stale_reads++;
			writes++;
		}
		if (cirq > 0 && waitpid(cirq, &st_irq, WNOHANG) == cirq) {
			cirq = 0;
			done++;
		}
		if (clocked > 0 &&
		    waitpid(clocked, &st_locked, WNOHANG) == clocked) {
			clocked = 0;
			done++;
		}
		if (cirq < 0 || clocked < 0)
			break;
	}
	if (fd >= 0)
		close(fd);
	if (cirq > 0)
		waitpid(cirq, &st_irq, 0);
	if (clocked > 0)
		waitpid(clocked, &st_locked, 0);

	tap_result(fd >= 0 && exited_ok(st_irq) && exited_ok(st_locked) &&
		   !get_stats(&s1),
		   "%d runs from an hrtimer and under spin_lock_irqsave() complete",
		   RUNS);
	if (get_stats(&s1))
		return tap_finish();
	diag("timer: %ld expiries, %ld updates, %ld removes; locked: %ld updates, %ld removes; %lu writes to /dev/" DEV_CPU_DMA " meanwhile",
	     s1.irq_fires - s0.irq_fires, s1.irq_updates - s0.irq_updates,
	     s1.irq_removes - s0.irq_removes,
	     s1.locked_updates - s0.locked_updates,
	     s1.locked_removes - s0.locked_removes, writes);
	/*
	 * The timer expires in the hrtimer interrupt; 2.6.34 hands one that
	 * is already due when (re)armed to the hrtimer softirq, which runs
	 * it with interrupts off too.  Most expiries must be hard IRQ.
	 */
	hard = s1.irq_hardirq - s0.irq_hardirq;
	soft = s1.irq_softirq - s0.irq_softirq;
	tap_result(s1.irq_fires - s0.irq_fires == RUNS && hard >= RUNS / 2 &&
		   hard + soft == RUNS && s1.irq_other == s0.irq_other,
		   "the timer callback ran %d times with interrupts off, mostly in hard IRQ (%ld hard IRQ, %ld softirq, %ld other)",
		   RUNS, hard, soft, s1.irq_other - s0.irq_other);
	tap_result(s1.irq_updates - s0.irq_updates == RUNS &&
		   s1.irq_removes - s0.irq_removes == RUNS &&
		   s1.locked_updates - s0.locked_updates == RUNS &&
		   s1.locked_removes - s0.locked_removes == RUNS,
		   "%d updates and %d removes in each context", RUNS, RUNS);
	tap_result(s1.stale == s0.stale && stale_reads == 0,
		   "every update visible to pm_qos_request() when it returns (%ld stale in the kernel, %lu in read())",
		   s1.stale - s0.stale, stale_reads);
	left = dbg_count(DEV_CPU_DMA, LONG_MIN, ANYCTX_SITE);
	tap_result(left == 2,
		   "debugfs: the two moved requests left, no spare one (%d lines)",
		   left);
	if (left != 2)
		dbg_show(DEV_CPU_DMA, LONG_MIN);

	/* the final value, set from the timer callback with B at the default */
	snprintf(val, sizeof(val), "%d", FINAL);
	agg = anyctx_write("final", val) ? INT32_MIN : qos_get(DEV_CPU_DMA);
	tap_result(agg == FINAL, "read() gives the value set from the timer callback (%d, want %d)",
		   agg, FINAL);
	ok = wait_notified(FINAL, slack_ms(5000), &s2);
	moves = s2.irq_updates + s2.irq_removes + s2.locked_updates +
		s2.locked_removes - s0.irq_updates - s0.irq_removes -
		s0.locked_updates - s0.locked_removes;
	tap_result(ok && s2.notify_bad_ctx == s0.notify_bad_ctx,
		   "the notifier ends at %d, always called in process context",
		   FINAL);
	diag("%ld notifications for %ld updates and removes from the module",
	     s2.notify_calls - s0.notify_calls, moves);
	if (s2.notify_last != FINAL || s2.notify_bad_ctx != s0.notify_bad_ctx)
		diag("notifier: last %ld, %ld calls in atomic context",
		     s2.notify_last, s2.notify_bad_ctx - s0.notify_bad_ctx);

	/*
	 * A burst with interrupts off: the work item cannot run on this CPU
	 * meanwhile, and one started elsewhere waits in cpuidle's notifier
	 * for this CPU, so one notification may fall in the burst and one
	 * follows it.
	 */
	snprintf(val, sizeof(val), "%d %d", BURST, BURST_FINAL);
	get_stats(&s2);
	agg = anyctx_write("burst", val) ? INT32_MIN : qos_get(DEV_CPU_DMA);
	tap_result(agg == BURST_FINAL,
		   "after a burst of %d moves with interrupts off read() gives %d (%d)",
		   BURST, BURST_FINAL, agg);
	if (wait_notified(BURST_FINAL, slack_ms(5000), &s3)) {
		sleep_ms(slack_ms(200));
		get_stats(&s3);
	}
	tap_result(s3.notify_last == BURST_FINAL &&
		   s3.notify_calls - s2.notify_calls <= 2,
		   "the burst coalesces: %ld notifications, the last with %ld (want at most 2, the last with %d)",
		   s3.notify_calls - s2.notify_calls, s3.notify_last,
		   BURST_FINAL);

	/* A removed from the timer callback, B under the lock */
	agg = anyctx_write("stop", "1") ? INT32_MIN : qos_get(DEV_CPU_DMA);
	left = dbg_count(DEV_CPU_DMA, LONG_MIN, ANYCTX_SITE);
	tap_result(agg == PM_QOS_LAT_DEFAULT && left == 0,
		   "removed from the timer callback and under the lock: read() gives the default, no request left (%d, %d lines)",
		   agg, left);
	tap_result(wait_notified(PM_QOS_LAT_DEFAULT, slack_ms(5000), &s3) &&
		   s3.notify_bad_ctx == s0.notify_bad_ctx,
		   "the notifier ends at the default");

	reports = kernel_reports(ANYCTX_MARK);
	tap_result(reports == 0, "no kernel report since the runs began (%d)",
		   reports);
	return tap_finish();
}
