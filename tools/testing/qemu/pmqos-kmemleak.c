// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-kmemleak - no leak from pm_qos or its users (debug kernel, last).
 *
 * Waits until everything the earlier tests allocated is older than
 * kmemleak's minimum reporting age (5 s), scans twice and classifies each
 * report by its backtrace and by the task that made the allocation:
 *   ours:  a backtrace frame in pm_qos, the ALSA PCM core, a converted
 *          driver or subsystem (cpuidle governors, ACPI processor idle,
 *          e1000e, igbvf, ipw2100, mac80211, hwsim), or the allocating task
 *          is one of the test programs (comm "pmqos-*") -- fails the test;
 *   other: anything else -- listed, does not fail.  The unpatched 2.6.34
 *          kernel reports about 8 of these from boot (percpu maps,
 *          firmware_map kobjects), so they cannot be held against the series.
 */
#include "pmqos-lib.h"

#define TIME_BOUND	40
#define KMEMLEAK	"/sys/kernel/debug/kmemleak"
#define AGE_MS		6000	/* > MSECS_MIN_AGE of mm/kmemleak.c */

static const char *const ours[] = {
	"pm_qos", "snd_pcm", "cpuidle", "ladder_", "menu_", "acpi_processor",
	"acpi_idle", "e1000", "igbvf", "ipw2100", "ieee80211", "mac80211",
	"hwsim", "test_states",
};

static char report[1024 * 1024];

static int kmemleak_cmd(const char *cmd)
{
	int fd = open(KMEMLEAK, O_WRONLY);
	int ret;

	if (fd < 0)
		return -1;
	ret = write(fd, cmd, strlen(cmd)) == (ssize_t)strlen(cmd) ? 0 : -1;
	close(fd);
	return ret;
}

static int is_ours(const char *block)
{
	unsigned int i;
	const char *bt = strstr(block, "backtrace:");

	if (strstr(block, "comm \"pmqos-"))
		return 1;
	for (i = 0; bt && i < ARRAY_SIZE(ours); i++)
		if (strstr(bt, ours[i]))
			return 1;
	return 0;
}

/* One line for a report that does not count: size, task, first frames. */
static void summarize(const char *block)
{
	const char *size = strstr(block, "(size ");
	const char *comm = strstr(block, "comm \"");
	const char *bt = strstr(block, "backtrace:");
	char frames[200] = "";
	int len = 0, n = 0;

	while (bt && n < 4 && (bt = strstr(bt, "] "))) {
		bt += 2;
		/* the allocator's own frames say nothing */
		if (!strncmp(bt, "kmemleak_", 9) || !strncmp(bt, "__kmalloc", 9) ||
		    !strncmp(bt, "kmem_cache_alloc", 16) ||
		    !strncmp(bt, "kmalloc", 7))
			continue;
		len += snprintf(frames + len, sizeof(frames) - len, "%s%.*s",
				n ? " < " : "", (int)strcspn(bt, "+\n"), bt);
		n++;
	}
	diag("other: size %.*s, comm %.*s: %s",
	     size ? (int)strcspn(size + 6, ")") : 1, size ? size + 6 : "?",
	     comm ? (int)strcspn(comm + 5, ",") : 1, comm ? comm + 5 : "?",
	     frames);
}

int main(int argc, char **argv)
{
	char *block, *next;
	int len, total = 0, bad = 0;
	double t0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);
	/* --parse FILE: classify a saved report (host self-test, no scan) */
	if (argc == 3 && !strcmp(argv[1], "--parse")) {
		len = slurp(argv[2], report, sizeof(report));
		tap_result(len >= 0, "read %s", argv[2]);
		goto classify;
	}
	if (access(KMEMLEAK, R_OK)) {
		tap_result(0, KMEMLEAK " readable: %s", strerror(errno));
		return tap_finish();
	}
	sleep_ms(AGE_MS);
	t0 = now_s();
	if (kmemleak_cmd("scan")) {
		tap_result(0, "kmemleak scan: %s", strerror(errno));
		return tap_finish();
	}
	sleep_ms(500);
	kmemleak_cmd("scan");
	diag("two kmemleak scans took %.1f s", now_s() - t0);
	len = slurp(KMEMLEAK, report, sizeof(report));
	tap_result(len >= 0, "kmemleak scanned and read");

classify:
	for (block = strstr(report, "unreferenced object"); block;
	     block = next) {
		next = strstr(block + 1, "unreferenced object");
		if (next)
			next[-1] = '\0';
		total++;
		if (is_ours(block)) {
			bad++;
			printf("%s\n", block);
		} else {
			summarize(block);
		}
	}
	diag("%d leak reports, %d from pm_qos, its users or the tests",
	     total, bad);
	tap_result(!bad,
		   "no leak involving pm_qos, snd_pcm or the converted drivers");
	return tap_finish();
}
