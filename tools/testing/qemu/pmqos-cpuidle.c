// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-cpuidle - the cpuidle governors honour cpu_dma_latency.
 *
 * Needs idle states: under QEMU TCG these come from the test-only kernel
 * patch tools/testing/qemu/kernel/0001-cpuidle-*.patch (states TEST1,
 * TEST100, TEST1000 after the core's C0 poll state, exit latencies 0, 1,
 * 100, 1000 usec).  For each governor (menu, ladder) the test holds
 * cpu_dma_latency at the default, 50 and 0 and counts, from
 * /sys/devices/system/cpu/cpuN/cpuidle/stateM/usage, which states the CPUs
 * entered meanwhile:
 *   default: some state deeper than 50 usec is entered;
 *   50:      nothing deeper than 50 usec, but state TEST1 is;
 *   0:       nothing but the poll state.
 */
#include "pmqos-lib.h"

#define TIME_BOUND	30
#define MAX_CPUS	8
#define MAX_STATES	8
#define SETTLE_MS	150	/* let every CPU leave the state it was in */

#define CPU_SYS		"/sys/devices/system/cpu"
#define GOV_RW		CPU_SYS "/cpuidle/current_governor"
#define GOV_RO		CPU_SYS "/cpuidle/current_governor_ro"

static int ncpus, nstates;
static long latency[MAX_STATES];

static long read_long(const char *path)
{
	char buf[64];

	if (slurp(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

static void usage_snapshot(unsigned long long u[MAX_STATES])
{
	char path[128];
	int c, s;

	memset(u, 0, sizeof(u[0]) * MAX_STATES);
	for (c = 0; c < ncpus; c++)
		for (s = 0; s < nstates; s++) {
			snprintf(path, sizeof(path),
				 CPU_SYS "/cpu%d/cpuidle/state%d/usage", c, s);
			u[s] += read_long(path);
		}
}

/* Which states did the CPUs enter during @ms with the latency at @req? */
static void measure(int fd, int32_t req, long ms,
		    unsigned long long d[MAX_STATES])
{
	unsigned long long a[MAX_STATES], b[MAX_STATES];
	char line[160];
	int s, len = 0;
	double t0;

	qos_set(fd, req);
	sleep_ms(SETTLE_MS);
	usage_snapshot(a);
	/*
	 * An idle guest enters idle a few times a second; short sleeps make
	 * hundreds of idle periods of ~3 ms, long enough for every state's
	 * target residency, so the ladder can climb within the window.
	 */
	t0 = now_s();
	while ((now_s() - t0) * 1000 < ms)
		sleep_ms(3);
	usage_snapshot(b);
	for (s = 0; s < nstates; s++) {
		d[s] = b[s] - a[s];
		len += snprintf(line + len, sizeof(line) - len, " state%d=%llu",
				s, d[s]);
	}
	diag("request %d: entries per state over %ld ms:%s", req, ms, line);
}

static unsigned long long deeper_than(const unsigned long long d[], long lat)
{
	unsigned long long n = 0;
	int s;

	for (s = 0; s < nstates; s++)
		if (latency[s] > lat)
			n += d[s];
	return n;
}

static int find_states(void)
{
	char path[128], name[32];

	for (ncpus = 0; ncpus < MAX_CPUS; ncpus++) {
		snprintf(path, sizeof(path), CPU_SYS "/cpu%d/cpuidle", ncpus);
		if (access(path, F_OK))
			break;
	}
	for (nstates = 0; nstates < MAX_STATES; nstates++) {
		snprintf(path, sizeof(path),
			 CPU_SYS "/cpu0/cpuidle/state%d/latency", nstates);
		latency[nstates] = read_long(path);
		if (latency[nstates] < 0)
			break;
		snprintf(path, sizeof(path),
			 CPU_SYS "/cpu0/cpuidle/state%d/name", nstates);
		if (slurp(path, name, sizeof(name)) < 0)
			name[0] = '\0';
		name[strcspn(name, "\n")] = '\0';
		diag("state%d: %s, exit latency %ld usec", nstates, name,
		     latency[nstates]);
	}
	return ncpus;
}

static int set_governor(const char *gov)
{
	char cur[32];
	int fd = open(GOV_RW, O_WRONLY);

	if (fd >= 0) {
		if (write(fd, gov, strlen(gov)) < 0)
			diag("switching to %s: %s", gov, strerror(errno));
		close(fd);
	}
	/* with the writable file, the _ro one does not exist */
	if (slurp(GOV_RW, cur, sizeof(cur)) < 0 &&
	    slurp(GOV_RO, cur, sizeof(cur)) < 0)
		return -1;
	cur[strcspn(cur, "\n")] = '\0';
	return strcmp(cur, gov) ? -1 : 0;
}

static void test_governor(const char *gov)
{
	unsigned long long d[MAX_STATES];
	int fd;

	if (set_governor(gov)) {
		tap_result(0, "%s: governor selected (%s)", gov,
			   access(GOV_RW, F_OK) ? "no writable current_governor" :
						  "switch failed");
		return;
	}
	fd = qos_open(DEV_CPU_DMA);
	if (fd < 0) {
		tap_result(0, "%s: open /dev/" DEV_CPU_DMA ": %s", gov,
			   strerror(errno));
		return;
	}
	/* the ladder climbs one state per 4 long idles: give it time */
	measure(fd, -1, 600, d);
	tap_result(deeper_than(d, 50) > 0,
		   "%s: default request: states deeper than 50 usec entered",
		   gov);
	measure(fd, 50, 600, d);
	tap_result(deeper_than(d, 50) == 0 && d[1] > 0,
		   "%s: request 50: no state deeper than 50 usec, TEST1 used",
		   gov);
	measure(fd, 0, 300, d);
	tap_result(deeper_than(d, 0) == 0 && d[0] > 0,
		   "%s: request 0: only the poll state", gov);
	close(fd);
	fd = qos_open(DEV_CPU_DMA);
	measure(fd, -1, 600, d);
	tap_result(deeper_than(d, 50) > 0,
		   "%s: request removed: deeper states entered again", gov);
	close(fd);
}

int main(void)
{
	char drv[32] = "?";

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);
	slurp(CPU_SYS "/cpuidle/current_driver", drv, sizeof(drv));
	drv[strcspn(drv, "\n")] = '\0';
	diag("cpuidle driver %s", drv);
	find_states();
	if (!ncpus || nstates != 4 || latency[1] != 1 || latency[2] != 100 ||
	    latency[3] != 1000) {
		tap_result(0, "cpuidle devices with states of 0/1/100/1000 usec exit latency");
		diag("found %d CPUs with cpuidle, %d states: is the test-only kernel patch applied?",
		     ncpus, nstates);
		return tap_finish();
	}
	tap_result(1, "cpuidle devices on %d CPUs with states of 0/1/100/1000 usec",
		   ncpus);
	test_governor("menu");
	test_governor("ladder");
	set_governor("menu");
	return tap_finish();
}
