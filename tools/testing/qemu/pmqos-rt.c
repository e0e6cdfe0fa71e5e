// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-rt - a tighter cpu_dma_latency reaches the idle CPUs before the
 * write returns, whatever the writer's priority.
 *
 * A SCHED_FIFO writer pinned to CPU 0 writes to /dev/cpu_dma_latency and
 * keeps CPU 0 without yielding, while CPU 1 idles.  A write that moves the
 * target must kick CPU 1 out of its C-state by an interprocessor interrupt
 * (2.6.34: cpuidle's notifier, run inside the write, calls
 * smp_call_function(); later kernels send a reschedule IPI to each idle
 * CPU).  The IPIs that CPU 1 received (its RES and CAL rows of
 * /proc/interrupts) are read by the writer itself, on CPU 0, while it
 * still spins: a reader anywhere else would wake CPU 1.  Anything that
 * waits for CPU 0 to schedule (a work item on that CPU's workqueue thread,
 * a SCHED_NORMAL thread) holds the kick back for as long as the writer
 * spins, and the IPI comes only after the writer yields.
 *
 * A control write leaves the target as it is (the value in force), so it
 * sends no kick: whatever IPIs CPU 1 gets during its window are the noise
 * of the machine.  The verdict is a count of trials within this run, never
 * a time: the moving write must reach CPU 1 in at least all but one of its
 * trials, the control in at most half of its own.
 *
 * Each spin window is at most WINDOW_MS, followed by a gap at SCHED_OTHER
 * of one window: the writer stays well under RT throttling's 950 ms per
 * second, so the throttle never lets CPU 0's other threads run inside a
 * window.  The window does not grow on the debug kernel: the kick comes
 * within the write or a few milliseconds after it, and a longer window
 * only gathers more noise (the debug kernel's idle CPU takes a reschedule
 * IPI about once a second: in windows of 600 ms, 10 of 10 controls saw one).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/mman.h>

#include "pmqos-lib.h"

#define TIME_BOUND	60	/* seconds, for the whole program */
#define TRIALS		10	/* of each kind, interleaved */
#define WINDOW_MS	200	/* longest spin after a write */
#define TIGHT		100	/* usec: the moving write */
#define WRITER_CPU	0
#define IDLE_CPU	1

static int irq_fd = -1;
static char irq_buf[64 * 1024];
static long ipi_rows[2];	/* RES and CAL as cpu_ipis() last read them */

/*
 * The rescheduling (RES) plus function-call (CAL) interrupts that @cpu has
 * taken, from /proc/interrupts, or -1 if the file lacks them.  Reads
 * through an fd kept open, into a static buffer: nothing here sleeps or
 * faults in a page once the first call has run.
 */
static long cpu_ipis(int cpu)
{
	static const char *const rows[] = { "RES:", "CAL:" };
	char *line, *p, *end;
	long sum = 0;
	size_t len = 0;
	ssize_t n;
	unsigned int i, found = 0;
	int col;

	if (lseek(irq_fd, 0, SEEK_SET) < 0)
		return -1;
	while (len < sizeof(irq_buf) - 1 &&
	       (n = read(irq_fd, irq_buf + len, sizeof(irq_buf) - 1 - len)) > 0)
		len += n;
	irq_buf[len] = '\0';
	for (line = irq_buf; line && *line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		p = line;
		while (*p == ' ')
			p++;
		for (i = 0; i < ARRAY_SIZE(rows); i++) {
			if (strncmp(p, rows[i], 4))
				continue;
			p += 4;
			/* one count per online CPU, in CPU order */
			for (col = 0; col <= cpu; col++) {
				long v = strtol(p, &end, 10);

				if (end == p)
					return -1;
				if (col == cpu) {
					sum += v;
					ipi_rows[i] = v;
				}
				p = end;
			}
			found++;
		}
	}
	return found == ARRAY_SIZE(rows) ? sum : -1;
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
	int early;	/* CPU 1 took an IPI before the writer yielded */
	int late;	/* ... or only in the gap after it yielded */
	int stayed;	/* the writer ran on CPU 0 throughout */
	int wrote;	/* the write succeeded */
	double spun_ms;	/* length of the window */
	long res, cal;	/* CPU 1's RES and CAL in the window */
};

/*
 * One trial: at SCHED_FIFO, snapshot CPU 1's IPIs, write @val, then spin
 * (reading the count as it goes) until CPU 1 has taken an IPI or the
 * window is over; then at SCHED_OTHER, a gap in which CPU 0's other
 * threads may run, and the count once more (an IPI that came late); last,
 * the request back at the default.
 */
static void run_trial(int fd, int moving, long window_ms, struct trial *t)
{
	int32_t val = moving ? TIGHT : PM_QOS_LAT_DEFAULT;
	long before, c = -1, rows[2];
	double t0, end;

	memset(t, 0, sizeof(*t));
	t->moving = moving;
	set_policy(SCHED_FIFO);
	before = cpu_ipis(IDLE_CPU);
	memcpy(rows, ipi_rows, sizeof(rows));
	t0 = now_s();
	end = t0 + window_ms / 1000.0;
	t->wrote = qos_set(fd, val) == 0;
	do {
		c = cpu_ipis(IDLE_CPU);
		if (c != before)
			break;
	} while (now_s() < end);
	t->spun_ms = (now_s() - t0) * 1000.0;
	t->stayed = sched_getcpu() == WRITER_CPU;
	t->early = c != before;
	t->res = ipi_rows[0] - rows[0];
	t->cal = ipi_rows[1] - rows[1];
	set_policy(SCHED_OTHER);
	busy_yield(window_ms / 2);
	t->late = !t->early && cpu_ipis(IDLE_CPU) != before;
	qos_set(fd, PM_QOS_LAT_DEFAULT);
	busy_yield(window_ms / 2);
}

int main(void)
{
	struct trial tr[2 * TRIALS];
	long window_ms = WINDOW_MS;
	int i, fd, moved = 0, noise = 0, late = 0, bad = 0;
	double moved_ms = 0, control_ms = 0;
	int32_t target;
	cpu_set_t set;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		tap_skip("moving write reaches the idle CPU", "one CPU online");
		return tap_finish();
	}
	irq_fd = open("/proc/interrupts", O_RDONLY);
	if (irq_fd < 0 || cpu_ipis(IDLE_CPU) < 0) {
		tap_result(0, "/proc/interrupts has CPU%d's RES and CAL rows",
			   IDLE_CPU);
		return tap_finish();
	}
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
		if (t->early)
			diag("trial %d, %s: RES +%ld CAL +%ld on CPU%d after %.1f ms",
			     i + 1, t->moving ? "moving" : "control", t->res,
			     t->cal, IDLE_CPU, t->spun_ms);
		if (t->moving) {
			moved += t->early;
			late += t->late;
			moved_ms += t->spun_ms;
		} else {
			noise += t->early;
			control_ms += t->spun_ms;
		}
	}
	diag("%d trials of each kind, spin window %ld ms; CPU%d's RES+CAL counted by the writer on CPU%d",
	     TRIALS, window_ms, IDLE_CPU, WRITER_CPU);
	diag("moving write (%d usec): IPI on CPU%d while the writer spun in %d of %d, only after it yielded in %d of %d; mean window %.1f ms",
	     TIGHT, IDLE_CPU, moved, TRIALS, late, TRIALS, moved_ms / TRIALS);
	diag("control write (the value in force): IPI in %d of %d; mean window %.1f ms",
	     noise, TRIALS, control_ms / TRIALS);
	tap_result(bad == 0,
		   "every write succeeded with the writer on CPU%d at SCHED_FIFO (%d bad trials)",
		   WRITER_CPU, bad);
	tap_result(noise <= TRIALS / 2,
		   "control: the idle CPU is quiet enough to tell (IPIs in %d of %d windows, at most %d)",
		   noise, TRIALS, TRIALS / 2);
	tap_result(moved >= TRIALS - 1 && moved > noise,
		   "a tighter target reaches the idle CPU before the SCHED_FIFO writer yields (%d of %d trials, control %d)",
		   moved, TRIALS, noise);
	if (target == INT32_MIN)
		tap_skip("target back at the default after close",
			 "no read() on /dev/" DEV_CPU_DMA);
	else
		tap_result(qos_get(DEV_CPU_DMA) == PM_QOS_LAT_DEFAULT,
			   "target back at the default after close");
	return tap_finish();
}
