/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the guest test programs: kselftest-style TAP output and
 * access to the pm_qos user interfaces (misc devices, debugfs, ACPI procfs).
 *
 * Static glibc binaries on a 2.6.34 kernel: stick to old system calls
 * (open/read/write/pread/fork/waitpid/kill/nanosleep); glibc wrappers that
 * need newer ones (setrlimit -> prlimit64, posix_spawn, getrandom, statx,
 * clone3) fail with ENOSYS there.  fstat(), which glibc 2.33+ implements as
 * fstatat(fd, "", AT_EMPTY_PATH) (new in 2.6.39), and with it opendir(),
 * works through compat/0009-stat-accept-at-empty-path.patch.
 */
#ifndef PMQOS_LIB_H
#define PMQOS_LIB_H

#include <dirent.h>
#include <errno.h>
#include <net/if.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define __maybe_unused	__attribute__((unused))
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define PM_QOS_LAT_DEFAULT	2000000000	/* 2000 * USEC_PER_SEC */
#define PM_QOS_TPUT_DEFAULT	0

#define DEV_CPU_DMA	"cpu_dma_latency"
#define DEV_NET_LAT	"network_latency"
#define DEV_NET_TPUT	"network_throughput"

static int tap_count, tap_failed;

static void __maybe_unused __printf(2, 3)
tap_result(int pass, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	if (!pass)
		tap_failed++;
	printf("%sok %d ", pass ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void __maybe_unused __printf(1, 2)
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static int tap_skipped;

static void __maybe_unused tap_skip(const char *name, const char *why)
{
	tap_count++;
	tap_skipped++;
	printf("ok %d %s # SKIP %s\n", tap_count, name, why);
	fflush(stdout);
}

/* Print the plan and the tally; the exit status is 0 iff nothing failed. */
static int __maybe_unused tap_finish(void)
{
	printf("1..%d\n", tap_count);
	printf("%d passed, %d failed, %d skipped\n",
	       tap_count - tap_failed - tap_skipped, tap_failed, tap_skipped);
	fflush(stdout);
	return tap_failed ? 1 : 0;
}

static void __maybe_unused on_alarm(int sig)
{
	static const char msg[] = "not ok - time bound exceeded, aborting\n";

	(void)sig;
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(2);
	_exit(2);
}

/* True if the kernel command line holds @word as one of its words. */
static int __maybe_unused cmdline_has(const char *word)
{
	char buf[1024], *p;
	size_t len = strlen(word);
	int fd = open("/proc/cmdline", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	for (p = buf; (p = strstr(p, word)); p += len)
		if ((p == buf || p[-1] == ' ') &&
		    (p[len] == ' ' || p[len] == '\n' || p[len] == '\0'))
			return 1;
	return 0;
}

/*
 * Per-CPU counters for the kick of the idle CPUs, read through fds kept
 * open into static buffers, so that a reader spinning on one CPU neither
 * sleeps nor faults in a page once the first call has run: the reschedule
 * (RES) and function-call (CAL) IPIs of /proc/interrupts, and from
 * /proc/schedstat (CONFIG_SCHEDSTATS) how often each CPU's scheduler
 * picked its idle task (sched_goidle) in how many calls of schedule()
 * (sched_count), which is how a CPU polling in idle shows a kick: it takes
 * no IPI, but leaves its idle loop and schedules its idle task again.
 * A wakeup of a task that then sleeps costs its CPU two schedule() calls
 * and one pick of the idle task; a kick, one of each: so between two
 * reads, 2 * goidle - sched counts the kicks, and the wakeups not at all
 * (kick_passes()).
 */
#define KICK_CPUS	64
struct cpu_counts {
	long res[KICK_CPUS], cal[KICK_CPUS], goidle[KICK_CPUS];
	long sched[KICK_CPUS];	/* schedule() calls (sched_count) */
	int ncpu;		/* columns found in /proc/interrupts */
	int have_goidle;	/* /proc/schedstat was read */
};

static char counts_buf[64 * 1024];

static ssize_t __maybe_unused read_fd_at0(int fd)
{
	size_t len = 0;
	ssize_t n;

	if (fd < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	while (len < sizeof(counts_buf) - 1 &&
	       (n = read(fd, counts_buf + len,
			 sizeof(counts_buf) - 1 - len)) > 0)
		len += n;
	counts_buf[len] = '\0';
	return len;
}

/* Passes of @cpu's idle task through schedule() from idle to idle. */
static long __maybe_unused kick_passes(const struct cpu_counts *a,
				       const struct cpu_counts *b, int cpu)
{
	return 2 * (b->goidle[cpu] - a->goidle[cpu]) -
	       (b->sched[cpu] - a->sched[cpu]);
}

/* 0 if the RES and CAL rows were read (goidle too, when there is one). */
static int __maybe_unused cpu_counts_read(struct cpu_counts *c)
{
	static int irq_fd = -2, stat_fd = -2;
	char *line, *p, *end;
	int found = 0, col, cpu;

	if (irq_fd == -2)
		irq_fd = open("/proc/interrupts", O_RDONLY);
	if (stat_fd == -2)
		stat_fd = open("/proc/schedstat", O_RDONLY);
	memset(c, 0, sizeof(*c));
	if (read_fd_at0(irq_fd) < 0)
		return -1;
	for (line = counts_buf; line && *line; line = strchr(line, '\n')) {
		long *row;

		if (*line == '\n')
			line++;
		p = line;
		while (*p == ' ')
			p++;
		if (!strncmp(p, "RES:", 4))
			row = c->res;
		else if (!strncmp(p, "CAL:", 4))
			row = c->cal;
		else
			continue;
		p += 4;
		for (col = 0; col < KICK_CPUS; col++) {
			long v = strtol(p, &end, 10);

			if (end == p)
				break;
			row[col] = v;
			p = end;
		}
		c->ncpu = col;
		found++;
	}
	if (found != 2)
		return -1;
	if (read_fd_at0(stat_fd) < 0)
		return 0;
	for (line = counts_buf; line && *line; line = strchr(line, '\n')) {
		long v[4];
		int i;

		if (*line == '\n')
			line++;
		if (strncmp(line, "cpu", 3))
			continue;
		cpu = strtol(line + 3, &end, 10);
		if (end == line + 3 || cpu < 0 || cpu >= KICK_CPUS)
			continue;
		/* yld_count sched_switch sched_count sched_goidle ... */
		for (p = end, i = 0; i < 4; i++, p = end) {
			v[i] = strtol(p, &end, 10);
			if (end == p)
				break;
		}
		if (i == 4) {
			c->sched[cpu] = v[2];
			c->goidle[cpu] = v[3];
			c->have_goidle = 1;
		}
	}
	return 0;
}

/* True on the debug kernel (lockdep, kmemleak, slub_debug: much slower). */
static int __maybe_unused debug_kernel(void)
{
	char buf[1024];
	int fd = open("/proc/cmdline", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strstr(buf, "pmqos.debug=1") != NULL;
}

/*
 * Every program dies on its own after @secs (three times that on the
 * debug kernel), so a hang is a failure.
 */
static void __maybe_unused time_bound(unsigned int secs)
{
	signal(SIGALRM, on_alarm);
	alarm(debug_kernel() ? 3 * secs : secs);
}

static double __maybe_unused now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void __maybe_unused sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* @ms, or three times that on the debug kernel (as time_bound()). */
static long __maybe_unused slack_ms(long ms)
{
	return debug_kernel() ? 3 * ms : ms;
}

/*
 * Evaluates @cond at once and then every 5 ms, until it is true or @ms
 * have passed; the value is 1 if @cond came true, else 0.  A macro, as
 * the kernel's read_poll_timeout(), so that @cond is any expression of
 * the caller's.
 */
#define wait_until(cond, ms)						\
({									\
	double __end = now_s() + (ms) / 1000.0;				\
	int __met;							\
									\
	while (!(__met = !!(cond)) && now_s() < __end)			\
		sleep_ms(5);						\
	__met;								\
})

/* True if waitpid()'s status @st is a normal exit with status 0. */
static int __maybe_unused exited_ok(int st)
{
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static int __maybe_unused qos_open(const char *name)
{
	char path[64];

	snprintf(path, sizeof(path), "/dev/%s", name);
	return open(path, O_RDWR);
}

/* The aggregate as the device reports it, or INT32_MIN on error. */
static int32_t __maybe_unused qos_pread(int fd)
{
	int32_t v;

	if (pread(fd, &v, sizeof(v), 0) != sizeof(v))
		return INT32_MIN;
	return v;
}

/* Read the aggregate through a short-lived fd (a default request adds nothing). */
static int32_t __maybe_unused qos_get(const char *name)
{
	int fd = qos_open(name);
	int32_t v;

	if (fd < 0)
		return INT32_MIN;
	v = qos_pread(fd);
	close(fd);
	return v;
}

static int __maybe_unused qos_set(int fd, int32_t v)
{
	return write(fd, &v, sizeof(v)) == sizeof(v) ? 0 : -1;
}

/* Read a whole (small) file into @buf; returns length or -1. */
static int __maybe_unused slurp(const char *path, char *buf,
				 size_t size)
{
	int fd = open(path, O_RDONLY);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

/* True if @line holds @value as a whole decimal token. */
static int __maybe_unused has_token(const char *line, long value)
{
	const char *p = line;
	char *end;

	while (*p) {
		if ((*p == '-' || (*p >= '0' && *p <= '9')) &&
		    (p == line || !((p[-1] >= '0' && p[-1] <= '9') ||
				    (p[-1] >= 'a' && p[-1] <= 'z') ||
				    (p[-1] >= 'A' && p[-1] <= 'Z') ||
				    p[-1] == '_' || p[-1] == '+' ||
				    p[-1] == 'x' || p[-1] == '/'))) {
			long v = strtol(p, &end, 10);

			if (end != p && v == value &&
			    !((*end >= '0' && *end <= '9') ||
			      (*end >= 'a' && *end <= 'z') ||
			      (*end >= 'A' && *end <= 'Z') || *end == '_' ||
			      *end == '+' || *end == '/'))
				return 1;
			if (end != p) {
				p = end;
				continue;
			}
		}
		p++;
	}
	return 0;
}


#define NAME_LEN	32

static int cmp_names(const void *a, const void *b)
{
	return strcmp(a, b);
}

/*
 * Names in directory @path that start with @prefix, sorted, at most @max;
 * returns how many there are (even beyond @max), or -1 if @path is absent.
 */
static int __maybe_unused dir_names(const char *path, const char *prefix,
				    char names[][NAME_LEN], int max)
{
	DIR *dir = opendir(path);
	struct dirent *d;
	int n = 0;

	if (!dir)
		return -1;
	while ((d = readdir(dir))) {
		if (strncmp(d->d_name, prefix, strlen(prefix)) ||
		    strlen(d->d_name) >= NAME_LEN)
			continue;
		if (n < max)
			strcpy(names[n], d->d_name);
		n++;
	}
	closedir(dir);
	qsort(names, n < max ? n : max, NAME_LEN, cmp_names);
	return n;
}

#define DEBUGFS_PMQOS	"/sys/kernel/debug/pm_qos/"

static char debugfs_buf[256 * 1024];

/*
 * debugfs pm_qos/<class>: a line "target N, M requests", then one line per
 * request, "value call-site[ pid P]".
 * Count the request lines of debugfs pm_qos/<class> that show @value (as a
 * decimal token; any value if @value is LONG_MIN) and whose text contains
 * @site (any if NULL).  Returns -1 if the file cannot be read.
 */
static int __maybe_unused dbg_count(const char *name, long value,
				     const char *site)
{
	char path[96], *line, *save;
	int n = 0;

	snprintf(path, sizeof(path), DEBUGFS_PMQOS "%s", name);
	if (slurp(path, debugfs_buf, sizeof(debugfs_buf)) < 0)
		return -1;
	for (line = strtok_r(debugfs_buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "target ", 7))
			continue;	/* the header: "target N, M requests" */
		if (value != LONG_MIN && !has_token(line, value))
			continue;
		if (site && !strstr(line, site))
			continue;
		n++;
	}
	return n;
}

/*
 * The number of requests from the debugfs header "target N, M requests",
 * or -1; *@listed gets the number of request lines, *@more the number
 * that the last line, "(K more, none tighter than those above)", says
 * were not listed (0 without one).  The file lists at most 64 requests.
 */
static int __maybe_unused dbg_requests(const char *name, int *listed,
				       int *more)
{
	char path[96], *line, *save, *p;
	int n = -1;

	*listed = *more = 0;
	snprintf(path, sizeof(path), DEBUGFS_PMQOS "%s", name);
	if (slurp(path, debugfs_buf, sizeof(debugfs_buf)) < 0)
		return -1;
	for (line = strtok_r(debugfs_buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "target ", 7)) {
			p = strchr(line, ',');
			n = p ? strtol(p + 1, NULL, 10) : -1;
		} else if (line[0] == '(') {
			*more = strtol(line + 1, NULL, 10);
		} else {
			(*listed)++;
		}
	}
	return n;
}

/* The target from the debugfs header "target N, M requests", or LONG_MIN. */
static long __maybe_unused dbg_target(const char *name)
{
	char path[96];

	snprintf(path, sizeof(path), DEBUGFS_PMQOS "%s", name);
	if (slurp(path, debugfs_buf, sizeof(debugfs_buf)) < 0 ||
	    strncmp(debugfs_buf, "target ", 7))
		return LONG_MIN;
	return strtol(debugfs_buf + 7, NULL, 10);
}

/* Print the debugfs lines holding @value, as diagnostics. */
static void __maybe_unused dbg_show(const char *name, long value)
{
	char path[96], *line, *save;

	snprintf(path, sizeof(path), DEBUGFS_PMQOS "%s", name);
	if (slurp(path, debugfs_buf, sizeof(debugfs_buf)) < 0) {
		diag("cannot read %s: %s", path, strerror(errno));
		return;
	}
	for (line = strtok_r(debugfs_buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (value == LONG_MIN || has_token(line, value))
			diag("%s: %s", name, line);
}

#define PROC_POWER	"/proc/acpi/processor/CPU0/power"

/* "maximum allowed latency: N usec" of ACPI processor idle, or LONG_MIN. */
static long __maybe_unused proc_power_latency(void)
{
	char buf[4096], *p;

	if (slurp(PROC_POWER, buf, sizeof(buf)) < 0)
		return LONG_MIN;
	p = strstr(buf, "maximum allowed latency:");
	if (!p)
		return LONG_MIN;
	return strtol(p + strlen("maximum allowed latency:"), NULL, 10);
}

/* Network interfaces, through SIOC*IF* ioctls on a datagram socket. */
static int __maybe_unused if_ioctl(const char *ifname, unsigned long cmd,
				   struct ifreq *ifr)
{
	static int sock = -1;

	if (sock < 0)
		sock = socket(AF_INET, SOCK_DGRAM, 0);
	snprintf(ifr->ifr_name, IFNAMSIZ, "%.*s", IFNAMSIZ - 1, ifname);
	return ioctl(sock, cmd, ifr);
}

/* The IFF_* flags of @ifname, or -1. */
static int __maybe_unused if_flags(const char *ifname)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	if (if_ioctl(ifname, SIOCGIFFLAGS, &ifr))
		return -1;
	return ifr.ifr_flags;
}

/* ifup (@up) or ifdown; 0 on success. */
static int __maybe_unused if_set_up(const char *ifname, int up)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	if (if_ioctl(ifname, SIOCGIFFLAGS, &ifr))
		return -1;
	if (up)
		ifr.ifr_flags |= IFF_UP;
	else
		ifr.ifr_flags &= ~IFF_UP;
	return if_ioctl(ifname, SIOCSIFFLAGS, &ifr);
}

static int __maybe_unused if_set_mtu(const char *ifname, int mtu)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_mtu = mtu;
	return if_ioctl(ifname, SIOCSIFMTU, &ifr);
}

/*
 * The kernel log from the last @mark on (which the test wrote to /dev/kmsg
 * with mark_kernel_log()), in a static buffer, or NULL if the log no
 * longer holds it.
 */
static char *__maybe_unused kernel_log_since(const char *mark)
{
	static char log[1 << 20];
	int len = syscall(SYS_syslog, 3, log, sizeof(log) - 1);
	char *start = NULL, *p;

	if (len < 0)
		return NULL;
	log[len] = '\0';
	for (p = log; (p = strstr(p, mark)); p++)
		start = p;
	if (!start)
		diag("the kernel log no longer holds \"%s\": it overflowed",
		     mark);
	return start;
}

/* Occurrences of @text in the kernel log since @mark, or -1. */
static int __maybe_unused kernel_log_count(const char *mark, const char *text)
{
	char *p = kernel_log_since(mark);
	int n = 0;

	if (!p)
		return -1;
	for (; (p = strstr(p, text)); p++)
		n++;
	return n;
}

/*
 * Kernel log lines that report a bug, counted after the last @mark, or -1
 * if the log no longer holds it.
 */
static int __maybe_unused kernel_reports(const char *mark)
{
	static const char *const pats[] = {
		"BUG", "WARNING:", "Call Trace:", "ODEBUG:",
		"INFO: ", "Object already free", "Poison overwritten",
	};
	char *start = kernel_log_since(mark), *p;
	unsigned int i;
	int n = 0;

	if (!start)
		return -1;
	for (i = 0; i < ARRAY_SIZE(pats); i++)
		for (p = start; (p = strstr(p, pats[i])); p++)
			n++;
	return n;
}

static void __maybe_unused mark_kernel_log(const char *mark)
{
	int fd = open("/dev/kmsg", O_WRONLY);
	char line[128];
	int len = snprintf(line, sizeof(line), "%s\n", mark);

	if (fd < 0 || write(fd, line, len) < 0)
		diag("cannot write /dev/kmsg: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
}

/* Loads @path with init_module(2); 0 if loaded or already there. */
static int __maybe_unused load_module(const char *path)
{
	static char image[4 << 20];
	size_t len = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	while (len < sizeof(image) &&
	       (n = read(fd, image + len, sizeof(image) - len)) > 0)
		len += n;
	close(fd);
	if (syscall(SYS_init_module, image, len, "") && errno != EEXIST)
		return -1;
	return 0;
}

/*
 * The first interface "ethN" whose device @driver drives, into @ifname
 * (IFNAMSIZ bytes); 0 if there is one.
 */
static int __maybe_unused netdev_of_driver(const char *driver, char *ifname)
{
	char eths[4][NAME_LEN], path[192], link[256], *base;
	int i, n;
	ssize_t len;

	n = dir_names("/sys/class/net", "eth", eths, 4);
	for (i = 0; i < n && i < 4; i++) {
		snprintf(path, sizeof(path), "/sys/class/net/%s/device/driver",
			 eths[i]);
		len = readlink(path, link, sizeof(link) - 1);
		if (len < 0)
			continue;
		link[len] = '\0';
		base = strrchr(link, '/');
		if (!base || strcmp(base + 1, driver) ||
		    strlen(eths[i]) >= IFNAMSIZ)
			continue;
		strcpy(ifname, eths[i]);
		return 0;
	}
	return -1;
}

#endif /* PMQOS_LIB_H */
