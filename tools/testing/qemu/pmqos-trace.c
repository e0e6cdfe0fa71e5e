// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-trace - the pm_qos trace events (include/trace/events/pm_qos.h).
 *
 * With the events of /sys/kernel/debug/tracing/events/pm_qos enabled and
 * the trace buffer cleared, this process moves requests through the misc
 * devices and reads its own events back from "trace":
 *
 *	pm_qos_add_request:    class=C old=-1 new=V caller=pm_qos_power_open+..
 *	pm_qos_update_request: class=C old=V new=W caller=pm_qos_power_write+..
 *	pm_qos_remove_request: class=C old=W new=-1 caller=pm_qos_power_release+..
 *	pm_qos_update_target:  class=C old=T new=U
 *
 * Each request change is traced (an update to the same value too, with
 * old == new), each move of a target once, and nothing else.
 */
#include "pmqos-lib.h"

#define TIME_BOUND	30
#define TRACING		"/sys/kernel/debug/tracing/"
#define EV_DIR		TRACING "events/pm_qos/"
#define CLASS_CPU	1
#define CLASS_NET	2
#define MAX_EVENTS	64

static const char *const event_names[] = {
	"pm_qos_add_request", "pm_qos_update_request",
	"pm_qos_remove_request", "pm_qos_update_target",
};

struct event {
	char name[40];
	long class, old, new;
	char caller[64];	/* symbol, without +off/size; "" if none */
};

static struct event events[MAX_EVENTS];
static int nevents;

static int write_str(const char *path, const char *s, int flags)
{
	int fd = open(path, O_WRONLY | flags);
	int ok = fd >= 0 && write(fd, s, strlen(s)) == (ssize_t)strlen(s);

	if (!ok)
		diag("write \"%s\" to %s: %s", s, path, strerror(errno));
	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

/*
 * The class of " class=NAME" in @line, as the tracepoints print it
 * (__print_symbolic() of the class): 1 cpu_dma_latency, 2 network_latency,
 * 3 network_throughput; LONG_MIN for any other.
 */
static long class_field(const char *line)
{
	static const char *const names[] = {
		"cpu_dma_latency", "network_latency", "network_throughput",
	};
	const char *p = strstr(line, " class=");
	unsigned int i;

	if (!p)
		return LONG_MIN;
	p += strlen(" class=");
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strncmp(p, names[i], strlen(names[i])) &&
		    p[strlen(names[i])] == ' ')
			return i + 1;
	return LONG_MIN;
}

/* The value of " key=" in @line as a number, or LONG_MIN. */
static long field(const char *line, const char *key)
{
	char pat[32];
	const char *p;

	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(line, pat);
	return p ? strtol(p + strlen(pat), NULL, 10) : LONG_MIN;
}

/*
 * Reads "trace" and keeps the pm_qos events of this process:
 * "comm-PID [CPU] flags TIME: NAME: class=.. old=.. new=..[ caller=..]".
 */
static int read_events(void)
{
	static char buf[256 * 1024];
	char *line, *save, tag[32], *p, *q;
	unsigned int i;

	nevents = 0;
	if (slurp(TRACING "trace", buf, sizeof(buf)) < 0) {
		diag("cannot read " TRACING "trace: %s", strerror(errno));
		return -1;
	}
	snprintf(tag, sizeof(tag), "-%d ", (int)getpid());
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || !strstr(line, tag))
			continue;
		for (i = 0; i < ARRAY_SIZE(event_names); i++) {
			char pat[48];

			snprintf(pat, sizeof(pat), " %s: ", event_names[i]);
			p = strstr(line, pat);
			if (p)
				break;
		}
		if (!p || nevents == MAX_EVENTS)
			continue;
		snprintf(events[nevents].name, sizeof(events[nevents].name),
			 "%s", event_names[i]);
		events[nevents].class = class_field(p);
		events[nevents].old = field(p, "old");
		events[nevents].new = field(p, "new");
		events[nevents].caller[0] = '\0';
		q = strstr(p, " caller=");
		if (q) {
			q += strlen(" caller=");
			snprintf(events[nevents].caller,
				 sizeof(events[nevents].caller), "%.*s",
				 (int)strcspn(q, "+ "), q);
		}
		nevents++;
	}
	return 0;
}

static void show_events(void)
{
	int i;

	for (i = 0; i < nevents; i++)
		diag("event %d: %s class=%ld old=%ld new=%ld%s%s", i,
		     events[i].name, events[i].class, events[i].old,
		     events[i].new, events[i].caller[0] ? " caller=" : "",
		     events[i].caller);
}

/*
 * Finds, at or after *pos, the request event @name of @class with @old and
 * @new from @caller; on success *pos moves past it.  Returns 1 if found.
 */
static int expect(int *pos, const char *name, long class, long old, long new,
		  const char *caller)
{
	int i;

	for (i = *pos; i < nevents; i++)
		if (!strcmp(events[i].name, name) && events[i].class == class &&
		    events[i].old == old && events[i].new == new &&
		    (!caller || !strcmp(events[i].caller, caller))) {
			*pos = i + 1;
			return 1;
		}
	return 0;
}

static int count(const char *name, long class)
{
	int i, n = 0;

	for (i = 0; i < nevents; i++)
		n += !strcmp(events[i].name, name) && events[i].class == class;
	return n;
}

int main(void)
{
	char names[8][NAME_LEN];
	int n, i, fd, nfd, pos, ok;
	int32_t base;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);

	n = dir_names(EV_DIR, "pm_qos_", names, 8);
	for (ok = n > 0, i = 0; i < (int)ARRAY_SIZE(event_names); i++) {
		char path[128];

		snprintf(path, sizeof(path), EV_DIR "%s/format",
			 event_names[i]);
		if (access(path, R_OK)) {
			diag("missing %s", path);
			ok = 0;
		}
	}
	tap_result(ok, "trace events in " EV_DIR " (%d)", n);
	if (!ok) {
		diag("needs CONFIG_EVENT_TRACING (pmqos.config) and a core with include/trace/events/pm_qos.h");
		return tap_finish();
	}
	base = qos_get(DEV_CPU_DMA);
	if (base != PM_QOS_LAT_DEFAULT)
		diag("cpu_dma_latency target %d before the test", base);

	if (write_str(TRACING "tracing_on", "1", 0) ||
	    write_str(EV_DIR "enable", "1", 0) ||
	    write_str(TRACING "trace", "", O_TRUNC)) {
		tap_result(0, "enable the pm_qos events, clear the trace");
		return tap_finish();
	}
	fd = qos_open(DEV_CPU_DMA);
	ok = fd >= 0 && !qos_set(fd, 1234) && !qos_set(fd, 1234) &&
	     !qos_set(fd, 1500);
	nfd = qos_open(DEV_NET_LAT);
	ok = ok && nfd >= 0 && !qos_set(nfd, 555);
	if (fd >= 0)
		close(fd);
	if (nfd >= 0)
		close(nfd);
	write_str(EV_DIR "enable", "0", 0);
	ok = !read_events() && ok;
	tap_result(ok, "requests moved, trace read (%d events of this process)",
		   nevents);

	pos = 0;
	ok = expect(&pos, "pm_qos_add_request", CLASS_CPU, -1,
		    PM_QOS_LAT_DEFAULT, "pm_qos_power_open");
	tap_result(ok, "open: pm_qos_add_request class=%d old=-1 new=%d caller=pm_qos_power_open",
		   CLASS_CPU, PM_QOS_LAT_DEFAULT);
	ok = expect(&pos, "pm_qos_update_request", CLASS_CPU,
		    PM_QOS_LAT_DEFAULT, 1234, "pm_qos_power_write") &&
	     expect(&pos, "pm_qos_update_request", CLASS_CPU, 1234, 1234,
		    "pm_qos_power_write") &&
	     expect(&pos, "pm_qos_update_request", CLASS_CPU, 1234, 1500,
		    "pm_qos_power_write");
	tap_result(ok, "write: pm_qos_update_request %d->1234, 1234->1234, 1234->1500, caller=pm_qos_power_write",
		   PM_QOS_LAT_DEFAULT);
	ok = expect(&pos, "pm_qos_add_request", CLASS_NET, -1,
		    PM_QOS_LAT_DEFAULT, "pm_qos_power_open") &&
	     expect(&pos, "pm_qos_update_request", CLASS_NET,
		    PM_QOS_LAT_DEFAULT, 555, "pm_qos_power_write");
	tap_result(ok, "network_latency: its own class (%d) in the events",
		   CLASS_NET);
	ok = expect(&pos, "pm_qos_remove_request", CLASS_CPU, 1500, -1,
		    "pm_qos_power_release") &&
	     expect(&pos, "pm_qos_remove_request", CLASS_NET, 555, -1,
		    "pm_qos_power_release");
	tap_result(ok, "close: pm_qos_remove_request old=1500 new=-1 caller=pm_qos_power_release, both classes");

	/* targets: default->1234->1500->default; the same-value write moves nothing */
	pos = 0;
	ok = base == PM_QOS_LAT_DEFAULT &&
	     expect(&pos, "pm_qos_update_target", CLASS_CPU,
		    PM_QOS_LAT_DEFAULT, 1234, NULL) &&
	     expect(&pos, "pm_qos_update_target", CLASS_CPU, 1234, 1500,
		    NULL) &&
	     expect(&pos, "pm_qos_update_target", CLASS_CPU, 1500,
		    PM_QOS_LAT_DEFAULT, NULL) &&
	     count("pm_qos_update_target", CLASS_CPU) == 3 &&
	     count("pm_qos_update_target", CLASS_NET) == 2;
	tap_result(ok, "pm_qos_update_target: each move once (%d->1234->1500->%d, network_latency twice), no other",
		   PM_QOS_LAT_DEFAULT, PM_QOS_LAT_DEFAULT);
	ok = count("pm_qos_add_request", CLASS_CPU) == 1 &&
	     count("pm_qos_update_request", CLASS_CPU) == 3 &&
	     count("pm_qos_remove_request", CLASS_CPU) == 1;
	tap_result(ok, "cpu_dma_latency: 1 add, 3 updates, 1 remove, nothing else");
	if (tap_failed)
		show_events();
	write_str(TRACING "trace", "", O_TRUNC);
	return tap_finish();
}
