// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-e1000e - e1000e's CPU DMA latency request, on QEMU's 82574L.
 *
 * On parts with early receive (FLAG_HAS_ERT) e1000_configure_rx() bounds
 * cpu_dma_latency to 55 usec while the MTU is above 1500.  2.6.34 sets the
 * flag only for ICH9/ICH10 LAN, which QEMU lacks; kernel/0003-e1000e-*.patch
 * (test only) sets it on the 82574 and adds the PCI device's test_reset
 * file, whose write schedules the driver's reset_task and whose read
 * counts the e1000e_reinit_locked() calls begun and done.
 *
 * The test loads e1000e.ko (from /lib/modules, unless e1000e is already
 * there), then: ifup at MTU 1500 leaves the default; MTU 9000 sets 55 and
 * MTU 1500 drops it (read() of /dev/cpu_dma_latency and ACPI's
 * /proc/acpi/processor/CPU0/power); ifup at MTU 9000 sets it on the open
 * path; ifdown leaves no request; 200 ifup/ifdown cycles with MTU changes
 * end with only the test's own request; ifdown races with reset_task
 * (which runs without the rtnl lock in 2.6.34); rmmod with the
 * interface up leaves no request.  The kernel's own reports (slub_debug,
 * debugobjects, lockdep, WARN) fail scripts/boot's console check.
 */
#include <sys/wait.h>

#include "pmqos-lib.h"

#define TIME_BOUND	150
#define CYCLES		200
#define RACES		200
#define MTU_STD		1500
#define MTU_JUMBO	9000
#define ERT_LATENCY	55	/* e1000_configure_rx() with jumbo frames */
#define HELD		1000	/* the test's own request in the cycles */
#define MODULE_PATH	"/lib/modules/e1000e.ko"
#define SITE		"e1000"	/* %pS of the adding call site */

static char eth[IFNAMSIZ];
static char reset_file[160];

static int if_up(int up)
{
	return if_set_up(eth, up);
}

static int if_is_up(void)
{
	int flags = if_flags(eth);

	return flags >= 0 && (flags & IFF_UP);
}

static int if_mtu(int mtu)
{
	return if_set_mtu(eth, mtu);
}

/* The aggregate through read() of a fresh fd (not pread()). */
static int32_t qos_read(void)
{
	int fd = qos_open(DEV_CPU_DMA);
	int32_t v = INT32_MIN;

	if (fd >= 0 && read(fd, &v, sizeof(v)) != sizeof(v))
		v = INT32_MIN;
	if (fd >= 0)
		close(fd);
	return v;
}

/* e1000e's requests in debugfs (any value), or -1 */
static int e1000e_requests(void)
{
	return dbg_count(DEV_CPU_DMA, LONG_MIN, SITE);
}

/*
 * True if the aggregate is @want through both read() and ACPI's power
 * file, and e1000e holds @reqs requests; says what it saw otherwise.
 */
static int expect(int32_t want, int reqs, const char *when)
{
	int32_t got = qos_read();
	long acpi = proc_power_latency();
	int n = e1000e_requests();

	if (got == want && acpi == want && n == reqs)
		return 1;
	diag("%s: read() %d, %s %ld, want %d; %d e1000e requests, want %d",
	     when, got, PROC_POWER, acpi, want, n, reqs);
	dbg_show(DEV_CPU_DMA, LONG_MIN);
	return 0;
}

/* The first eth interface that e1000e drives, into eth; 0 if found. */
static int find_e1000e(void)
{
	if (netdev_of_driver("e1000e", eth))
		return -1;
	snprintf(reset_file, sizeof(reset_file),
		 "/sys/class/net/%s/device/test_reset", eth);
	return 0;
}

/* test_reset: "begun done" of e1000e_reinit_locked(); 0 on success */
static int resets(int *begun, int *done)
{
	char buf[64];

	if (slurp(reset_file, buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "%d %d", begun, done) != 2)
		return -1;
	return 0;
}

static int schedule_reset(void)
{
	int fd = open(reset_file, O_WRONLY);
	int ret = fd < 0 || write(fd, "1\n", 2) != 2 ? -1 : 0;

	if (fd >= 0)
		close(fd);
	return ret;
}

#define RACE_MARK	"pmqos-e1000e: race begins"

static void test_mtu(void)
{
	int ok;

	ok = !if_mtu(MTU_STD) && !if_up(1) && if_is_up();
	tap_result(ok && expect(PM_QOS_LAT_DEFAULT, 1, "up at 1500"),
		   "ifup at MTU %d: the request stays at the default",
		   MTU_STD);

	ok = !if_mtu(MTU_JUMBO);
	tap_result(ok && expect(ERT_LATENCY, 1, "MTU 9000 while up"),
		   "MTU %d while up: %d usec (read(), ACPI power)",
		   MTU_JUMBO, ERT_LATENCY);
	if (dbg_count(DEV_CPU_DMA, ERT_LATENCY, SITE) != 1)
		diag("debugfs shows no e1000e request of %d", ERT_LATENCY);

	ok = !if_mtu(MTU_STD);
	tap_result(ok && expect(PM_QOS_LAT_DEFAULT, 1, "MTU 1500 while up"),
		   "MTU %d while up: back to the default", MTU_STD);

	ok = !if_up(0) && !if_mtu(MTU_JUMBO) && !if_up(1) && if_is_up();
	tap_result(ok && expect(ERT_LATENCY, 1, "up at 9000"),
		   "ifup at MTU %d: %d usec from the open path",
		   MTU_JUMBO, ERT_LATENCY);

	ok = !if_up(0) && !if_is_up();
	tap_result(ok && expect(PM_QOS_LAT_DEFAULT, 0, "down at 9000"),
		   "ifdown: no e1000e request left");
}

/* ifup/ifdown cycles, MTU changes while down and while up. */
static void test_cycles(void)
{
	int before = dbg_count(DEV_CPU_DMA, LONG_MIN, NULL);
	int fd = qos_open(DEV_CPU_DMA), i, bad = 0;
	double t0 = now_s();

	if (fd < 0 || qos_set(fd, HELD)) {
		tap_result(0, "%d ifup/ifdown cycles: cannot hold a request",
			   CYCLES);
		return;
	}
	for (i = 0; i < CYCLES; i++) {
		int jumbo = i % 3 != 0;
		char when[48];

		snprintf(when, sizeof(when), "cycle %d up", i);
		if (if_mtu(i % 2 ? MTU_JUMBO : MTU_STD) || if_up(1) ||
		    if_mtu(jumbo ? MTU_JUMBO : MTU_STD) ||
		    !expect(jumbo ? ERT_LATENCY : HELD, 1, when))
			bad++;
		snprintf(when, sizeof(when), "cycle %d down", i);
		if (if_up(0) || !expect(HELD, 0, when))
			bad++;
		if (bad > 3)
			break;
	}
	diag("%d cycles in %.1f s", i, now_s() - t0);
	tap_result(!bad && i == CYCLES &&
		   dbg_count(DEV_CPU_DMA, LONG_MIN, NULL) == before + 1,
		   "%d ifup/ifdown cycles with MTU changes: at %d usec with "
		   "only the test's request left", i, HELD);
	close(fd);
	tap_result(expect(PM_QOS_LAT_DEFAULT, 0, "after the cycles") &&
		   dbg_count(DEV_CPU_DMA, LONG_MIN, NULL) == before,
		   "the test's request closed: back at the default");
}

/*
 * A child that schedules a reset @ms after each byte @ms it reads, so that
 * the reset can come after the ifdown has begun.
 */
static pid_t start_resetter(int *wfd)
{
	int p[2];
	pid_t pid;
	char ms;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(p[1]);
		while (read(p[0], &ms, 1) == 1) {
			sleep_ms(ms);
			schedule_reset();
		}
		_exit(0);
	}
	close(p[0]);
	*wfd = p[1];
	return pid;
}

/*
 * ifdown against reset_task: e1000_close() under rtnl, and
 * e1000e_reinit_locked() from the workqueue.  The reset is scheduled
 * from 9 ms before to 9 ms after the ifdown begins, so that either may
 * reach e1000e_down() first.  After each ifdown, and once the last
 * resets have ended, no request may be left.
 */
static void test_race(void)
{
	int i, begun0, done0, begun, done, inflight = 0, left = 0, bad = 0;
	int wfd = -1, fd, status, reports;
	double t0 = now_s();
	pid_t child;

	if (resets(&begun0, &done0)) {
		tap_result(0, "ifdown against reset_task: no %s (is "
			   "kernel/0003-e1000e-*.patch applied?)", reset_file);
		return;
	}
	/* a close or reset that never returns shows its stack in 30 s */
	fd = open("/proc/sys/kernel/hung_task_timeout_secs", O_WRONLY);
	if (fd >= 0 && write(fd, "30\n", 3) != 3)
		diag("cannot set hung_task_timeout_secs: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
	child = start_resetter(&wfd);
	mark_kernel_log(RACE_MARK);
	for (i = 0; i < RACES && bad < 3 && child > 0; i++) {
		char ms = i % 19 - 9;	/* -9 .. 9 ms */

		if (if_mtu(i % 2 ? MTU_JUMBO : MTU_STD) || if_up(1)) {
			diag("race %d: ifup: %s", i, strerror(errno));
			bad++;
			continue;
		}
		if (ms < 0) {
			ms = -ms;
			if (write(wfd, &ms, 1) != 1)
				bad++;
		} else {
			schedule_reset();
			sleep_ms(ms);
		}
		if (!resets(&begun, &done) && begun != done)
			inflight++;
		if (if_up(0) || if_is_up()) {
			diag("race %d: ifdown: %s", i, strerror(errno));
			bad++;
		}
		if (e1000e_requests() != 0)
			left++;
	}
	close(wfd);
	if (child > 0)
		waitpid(child, &status, 0);
	sleep_ms(200);	/* let a reset that lost the race end */
	resets(&begun, &done);
	diag("%d ifdowns in %.1f s, %d resets begun and %d done, %d ifdowns "
	     "issued while a reset was in flight, %d with an e1000e request "
	     "left", i, now_s() - t0, begun - begun0, done - done0, inflight,
	     left);
	tap_result(!bad && i == RACES && !left &&
		   expect(PM_QOS_LAT_DEFAULT, 0, "after the race"),
		   "%d ifdowns racing reset_task: no request left", i);
	reports = kernel_reports(RACE_MARK);
	tap_result(reports == 0, "no kernel report during the race (%d)",
		   reports);
}

static void test_rmmod(void)
{
	int before = dbg_count(DEV_CPU_DMA, LONG_MIN, NULL);
	int ok = !if_mtu(MTU_JUMBO) && !if_up(1) &&
		 expect(ERT_LATENCY, 1, "up before rmmod");

	if (syscall(SYS_delete_module, "e1000e", O_NONBLOCK)) {
		tap_result(0, "rmmod e1000e with the interface up: %s",
			   strerror(errno));
		return;
	}
	tap_result(ok && expect(PM_QOS_LAT_DEFAULT, 0, "after rmmod") &&
		   dbg_count(DEV_CPU_DMA, LONG_MIN, NULL) == before,
		   "rmmod e1000e with the interface up at MTU %d: "
		   "no request left", MTU_JUMBO);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);
	diag("igbvf (82576 VF) and ipw2100 have no device in QEMU 7.2: "
	     "their requests are argued from the code, not run here");

	if (find_e1000e() && load_module(MODULE_PATH))
		diag("cannot load %s: %s", MODULE_PATH, strerror(errno));
	if (find_e1000e()) {
		tap_result(0, "an e1000e interface (QEMU -device e1000e)");
		return tap_finish();
	}
	tap_result(!if_up(0) && expect(PM_QOS_LAT_DEFAULT, 0, "down"),
		   "%s (e1000e) down: no request", eth);
	test_mtu();
	test_cycles();
	test_race();
	test_rmmod();
	return tap_finish();
}
