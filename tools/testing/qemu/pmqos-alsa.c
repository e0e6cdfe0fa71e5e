// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-alsa - the ALSA PCM core's cpu_dma_latency request.
 *
 * snd_pcm_hw_params() adds a cpu_dma_latency request of 75% of the period
 * time; hw_free and the release of the substream must remove it.  Raw
 * ioctls on every playback PCM in /dev/snd (QEMU: -device AC97,
 * -device intel-hda -device hda-duplex), no alsa-lib.  With the test-only
 * notifier of kernel/0002-pm_qos-*.patch held, hw_params and hw_free on
 * two cards return while a notification waits (the notifiers run from
 * the pm_qos core's work item), and the notification that follows the
 * hold carries the final target.  Last, a
 * real player: aplay (alsa-utils, dynamic, through alsa-lib) on the AC97
 * card, which must leave no request behind when it exits or is killed.
 */
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <sound/asound.h>

#include "pmqos-lib.h"

#define TIME_BOUND	60
#define MAX_PCMS	4

/*
 * Call site that debugfs shows for the PCM core's request: snd_pcm_hw_params
 * or whatever the compiler inlined it into (snd_pcm_hw_params_user, ...).
 */
#define PCM_SITE	"snd_pcm_"

static int dbg_ok;
static int read_ok;	/* read() of the device gives the target */

static void mask_only(struct snd_pcm_hw_params *p, int param, unsigned int val)
{
	struct snd_mask *m = &p->masks[param - SNDRV_PCM_HW_PARAM_FIRST_MASK];

	memset(m, 0, sizeof(*m));
	m->bits[val >> 5] |= 1U << (val & 31);
}

static struct snd_interval *ival(struct snd_pcm_hw_params *p, int param)
{
	return &p->intervals[param - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL];
}

static void ival_only(struct snd_pcm_hw_params *p, int param, unsigned int v)
{
	struct snd_interval *i = ival(p, param);

	i->min = i->max = v;
	i->openmin = i->openmax = 0;
	i->integer = 1;
}

/* What alsa-lib's snd_pcm_hw_params_any() starts from. */
static void params_any(struct snd_pcm_hw_params *p)
{
	int i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i <= SNDRV_PCM_HW_PARAM_LAST_MASK -
			 SNDRV_PCM_HW_PARAM_FIRST_MASK; i++)
		memset(&p->masks[i], 0xff, sizeof(p->masks[i]));
	for (i = 0; i <= SNDRV_PCM_HW_PARAM_LAST_INTERVAL -
			 SNDRV_PCM_HW_PARAM_FIRST_INTERVAL; i++) {
		p->intervals[i].min = 0;
		p->intervals[i].max = ~0U;
	}
	p->rmask = ~0U;
	p->info = ~0U;
}

/* 75% of the period time in usec, exactly as the PCM core computes it. */
static int period_usecs(unsigned int rate, unsigned int period)
{
	return (750000 / rate) * period + ((750000 % rate) * period) / rate;
}

/*
 * hw_params for S16_LE stereo 48 kHz, @period frames, 4 periods; returns
 * the expected latency request or -1.
 */
static int set_params(int fd, unsigned int period, const char *dev)
{
	struct snd_pcm_hw_params p;
	unsigned int rate, psize;

	params_any(&p);
	mask_only(&p, SNDRV_PCM_HW_PARAM_ACCESS,
		  SNDRV_PCM_ACCESS_RW_INTERLEAVED);
	mask_only(&p, SNDRV_PCM_HW_PARAM_FORMAT, SNDRV_PCM_FORMAT_S16_LE);
	ival_only(&p, SNDRV_PCM_HW_PARAM_CHANNELS, 2);
	ival_only(&p, SNDRV_PCM_HW_PARAM_RATE, 48000);
	ival_only(&p, SNDRV_PCM_HW_PARAM_PERIOD_SIZE, period);
	ival_only(&p, SNDRV_PCM_HW_PARAM_PERIODS, 4);
	if (ioctl(fd, SNDRV_PCM_IOCTL_HW_REFINE, &p)) {
		diag("%s: HW_REFINE: %s", dev, strerror(errno));
		return -1;
	}
	if (ioctl(fd, SNDRV_PCM_IOCTL_HW_PARAMS, &p)) {
		diag("%s: HW_PARAMS: %s", dev, strerror(errno));
		return -1;
	}
	rate = ival(&p, SNDRV_PCM_HW_PARAM_RATE)->min;
	psize = ival(&p, SNDRV_PCM_HW_PARAM_PERIOD_SIZE)->min;
	if (!rate)
		return -1;
	diag("%s: rate %u, period %u frames -> %d usec request", dev, rate,
	     psize, period_usecs(rate, psize));
	return period_usecs(rate, psize);
}

static int pcm_lines(void)
{
	return dbg_ok ? dbg_count(DEV_CPU_DMA, LONG_MIN, PCM_SITE) : 0;
}

/*
 * hw_params that the PCM core refuses (a rate of 1 Hz): it goes to its
 * error path, which puts the stream back in the OPEN state.
 */
static int set_bad_params(int fd)
{
	struct snd_pcm_hw_params p;

	params_any(&p);
	ival_only(&p, SNDRV_PCM_HW_PARAM_RATE, 1);
	return ioctl(fd, SNDRV_PCM_IOCTL_HW_PARAMS, &p) ? -errno : 0;
}

/*
 * No request of the PCM core: the target is the default in ACPI's power
 * file, which v2.6.34 has too, in read() where the device has it (not in
 * v2.6.34), and no line of the PCM core in debugfs where it is readable.
 */
static int no_pcm_request(const char *dev, const char *when)
{
	long acpi = proc_power_latency();
	int32_t agg = qos_get(DEV_CPU_DMA);
	int n = pcm_lines();

	if (acpi == PM_QOS_LAT_DEFAULT &&
	    (!read_ok || agg == PM_QOS_LAT_DEFAULT) && n == 0)
		return 1;
	diag("%s %s: %s %ld, read() %d, %d debugfs lines", dev, when,
	     PROC_POWER, acpi, agg, n);
	return 0;
}

static void test_pcm(const char *dev)
{
	char path[300];
	int fd, want, n;
	int32_t agg;
	long acpi;

	snprintf(path, sizeof(path), "/dev/snd/%s", dev);
	fd = open(path, O_RDWR | O_NONBLOCK);
	if (fd < 0) {
		tap_result(0, "%s: open: %s", dev, strerror(errno));
		return;
	}
	tap_result(qos_get(DEV_CPU_DMA) == PM_QOS_LAT_DEFAULT &&
		   pcm_lines() == 0,
		   "%s: no request after open", dev);

	want = set_params(fd, 1024, dev);
	agg = qos_get(DEV_CPU_DMA);
	n = dbg_ok ? dbg_count(DEV_CPU_DMA, want, PCM_SITE) : -1;
	tap_result(want > 0 && agg == want && (!dbg_ok || n == 1),
		   "%s: hw_params adds a request of 75%% of the period", dev);
	if (want <= 0 || agg != want || (dbg_ok && n != 1)) {
		diag("aggregate %d, want %d; debugfs lines %d", agg, want, n);
		dbg_show(DEV_CPU_DMA, LONG_MIN);
	}
	tap_result(proc_power_latency() == want,
		   "%s: ACPI processor power shows it", dev);

	/* a second hw_params replaces the request, it does not add one */
	want = set_params(fd, 512, dev);
	agg = qos_get(DEV_CPU_DMA);
	n = pcm_lines();
	tap_result(want > 0 && agg == want && (!dbg_ok || n == 1),
		   "%s: hw_params again replaces the request", dev);
	if (want <= 0 || agg != want || (dbg_ok && n != 1))
		diag("aggregate %d, want %d; %d debugfs lines", agg, want, n);

	/* a failed hw_params drops the request of the one before it */
	n = set_bad_params(fd);
	tap_result(n < 0 && no_pcm_request(dev, "after a failed hw_params"),
		   "%s: a failed hw_params drops the request", dev);
	if (n >= 0)
		diag("%s: hw_params at 1 Hz did not fail", dev);
	set_params(fd, 512, dev);

	if (ioctl(fd, SNDRV_PCM_IOCTL_HW_FREE))
		diag("%s: HW_FREE: %s", dev, strerror(errno));
	agg = qos_get(DEV_CPU_DMA);
	n = pcm_lines();
	tap_result(agg == PM_QOS_LAT_DEFAULT && n == 0,
		   "%s: hw_free removes the request", dev);
	if (agg != PM_QOS_LAT_DEFAULT || n)
		diag("aggregate %d, %d debugfs lines", agg, n);

	/* last: on a kernel that leaks here, later checks would see it */
	want = set_params(fd, 1024, dev);
	close(fd);
	agg = qos_get(DEV_CPU_DMA);
	n = pcm_lines();
	tap_result(want > 0 && agg == PM_QOS_LAT_DEFAULT && n == 0,
		   "%s: close without hw_free removes the request", dev);
	if (agg != PM_QOS_LAT_DEFAULT || n) {
		diag("aggregate %d, %d debugfs lines after close", agg, n);
		dbg_show(DEV_CPU_DMA, LONG_MIN);
	}
	acpi = proc_power_latency();
	tap_result(want > 0 && acpi == PM_QOS_LAT_DEFAULT,
		   "%s: close without hw_free: ACPI processor power at the default",
		   dev);
	if (acpi != PM_QOS_LAT_DEFAULT)
		diag("%s after close: %s %ld", dev, PROC_POWER, acpi);
}

/* The test-only notifier of kernel/0002-pm_qos-*.patch. */
#define HOLD_DIR	"/sys/module/pm_qos_hold/parameters/"

static int hold_set(int on)
{
	int fd = open(HOLD_DIR "hold", O_WRONLY);
	int ok = fd >= 0 && write(fd, on ? "1" : "0", 1) == 1;

	if (!ok)
		diag("cannot write %shold: %s", HOLD_DIR, strerror(errno));
	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

/* 1 while a cpu_dma_latency notification is held, 0 if none, -1 on error. */
static int hold_held(void)
{
	char buf[16];

	if (slurp(HOLD_DIR "held", buf, sizeof(buf)) <= 0)
		return -1;
	return atoi(buf);
}

/* Wait up to @ms for a notification to be held; returns 1 if one is. */
static int wait_held(long ms)
{
	return wait_until(hold_held() == 1, ms);
}

/* Reap @pid if it has exited; returns 1 with its status in *st, else 0. */
static int reaped(pid_t pid, int *st)
{
	return pid > 0 && waitpid(pid, st, WNOHANG) == pid;
}

/* Wait up to @ms for @pid to exit; returns 1 if it did. */
static int wait_exit(pid_t pid, int *st, long ms)
{
	return wait_until(reaped(pid, st), ms);
}

/*
 * A child that runs hw_params with @period frames, or hw_free if @period
 * is 0, on @fd (shared with the parent: the same substream) and exits 0
 * if the ioctl succeeded.
 */
static pid_t spawn_ioctl(int fd, unsigned int period, const char *dev)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (period)
			_exit(set_params(fd, period, dev) > 0 ? 0 : 1);
		_exit(ioctl(fd, SNDRV_PCM_IOCTL_HW_FREE) ? 1 : 0);
	}
	if (pid < 0)
		diag("fork: %s", strerror(errno));
	return pid;
}

static int open_pcm(const char *dev)
{
	char path[300];
	int fd;

	snprintf(path, sizeof(path), "/dev/snd/%s", dev);
	fd = open(path, O_RDWR | O_NONBLOCK);
	if (fd < 0)
		diag("open %s: %s", path, strerror(errno));
	return fd;
}

/* The value of the latest notification ("last"), or LONG_MIN on error. */
static long hold_last(void)
{
	char buf[32];

	if (slurp(HOLD_DIR "last", buf, sizeof(buf)) <= 0)
		return LONG_MIN;
	return strtol(buf, NULL, 10);
}

/* The number of notifications so far ("calls"), or -1 on error. */
static long hold_calls(void)
{
	char buf[32];

	if (slurp(HOLD_DIR "calls", buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

/*
 * Waits up to @ms for the notifications to catch up: none held and the
 * latest one carrying @value.  Returns 1 if they did.
 */
static int wait_notified(long value, long ms)
{
	return wait_until(hold_held() == 0 && hold_last() == value, ms);
}

/*
 * Runs hw_params with @period frames (hw_free if 0) on @fd in a child, as
 * another process sharing the substream would, and waits up to @ms for it;
 * returns 1 if it returned, and succeeded, meanwhile.
 */
static int ioctl_returns(int fd, unsigned int period, const char *dev, long ms)
{
	pid_t pid = spawn_ioctl(fd, period, dev);
	int st = -1;

	if (pid <= 0)
		return 0;
	if (wait_exit(pid, &st, ms))
		return exited_ok(st);
	/* stuck behind the hold: reaped once it is let go */
	diag("%s: %s had not returned after %ld ms", dev,
	     period ? "hw_params" : "hw_free", ms);
	return -pid;
}

/*
 * The notifiers run from the pm_qos core's work item: a notification held
 * in the test-only notifier of kernel/0002-pm_qos-*.patch delays the
 * notifications, never the PCM calls that move the target.  While card
 * @a's own notification (of its hw_params) is held, @a's hw_params has
 * returned, card @b's hw_params returns, and on @a's substream a second
 * hw_params and a hw_free from another process return too, each with its
 * request added, replaced or removed at once (debugfs, read()).  When the
 * hold is let go, the moves made meanwhile end in one more notification,
 * with the final target.
 */
static void test_held_notification(const char *a, const char *b)
{
	int fa = open_pcm(a), fb = open_pcm(b), r[4] = { 0 }, i, n_a, n_b;
	int want_a = period_usecs(48000, 1024), want_b = period_usecs(48000, 2048);
	int want_a2 = period_usecs(48000, 512);
	long calls0, calls1 = -1, calls2, last_held = LONG_MIN;
	int caught_up;
	int32_t agg[4] = { 0 };
	pid_t stuck[4] = { 0 };

	/*
	 * The notification of the tests before (the last close) may still be
	 * on its way: let it arrive, or it is the one the hold catches.
	 */
	if (!wait_notified(qos_get(DEV_CPU_DMA), slack_ms(5000)))
		diag("notifications had not caught up with %d before the hold",
		     (int)qos_get(DEV_CPU_DMA));
	if (fa < 0 || fb < 0 || hold_set(1) || (calls0 = hold_calls()) < 0) {
		tap_result(0, "%s: hw_params returns while its notification is held",
			   a);
		goto out;
	}
	/* a's hw_params moves the target from the default: a notification */
	r[0] = ioctl_returns(fa, 1024, a, slack_ms(5000));
	agg[0] = qos_get(DEV_CPU_DMA);
	n_a = dbg_count(DEV_CPU_DMA, want_a, PCM_SITE);
	if (wait_held(slack_ms(5000)))
		last_held = hold_last();
	tap_result(r[0] == 1 && last_held == want_a && agg[0] == want_a &&
		   n_a == 1,
		   "%s: hw_params returns, its request in place, while its notification (%d) is held",
		   a, want_a);
	if (last_held != want_a || agg[0] != want_a || n_a != 1)
		diag("held notification %ld, read() %d, %d debugfs lines of %d",
		     last_held, agg[0], n_a, want_a);

	/* b: a longer period, the target stays */
	r[1] = ioctl_returns(fb, 2048, b, slack_ms(5000));
	agg[1] = qos_get(DEV_CPU_DMA);
	n_b = dbg_count(DEV_CPU_DMA, want_b, PCM_SITE);
	tap_result(r[1] == 1 && hold_held() == 1 && agg[1] == want_a && n_b == 1,
		   "%s: hw_params returns while %s's notification is held", b, a);

	/* on a's substream, from other processes: the target moves twice */
	r[2] = ioctl_returns(fa, 512, a, slack_ms(5000));
	agg[2] = qos_get(DEV_CPU_DMA);
	n_a = pcm_lines();
	tap_result(r[2] == 1 && hold_held() == 1 && agg[2] == want_a2 &&
		   n_a == 2,
		   "%s: a second hw_params returns while held, and replaces the request (%d, %d lines)",
		   a, agg[2], n_a);
	r[3] = ioctl_returns(fa, 0, a, slack_ms(5000));
	agg[3] = qos_get(DEV_CPU_DMA);
	n_a = pcm_lines();
	calls1 = hold_calls();
	tap_result(r[3] == 1 && hold_held() == 1 && agg[3] == want_b &&
		   n_a == 1,
		   "%s: hw_free returns while held, and removes the request (%d, %d lines)",
		   a, agg[3], n_a);
	if (n_a != 1)
		dbg_show(DEV_CPU_DMA, LONG_MIN);
	for (i = 0; i < 4; i++)
		if (r[i] < 0)
			stuck[i] = -r[i];
	hold_set(0);
	/*
	 * Held: the first notification (want_a).  The moves to want_a2 and
	 * want_b came while it was held: one more notification, with want_b.
	 */
	caught_up = wait_notified(want_b, slack_ms(5000));
	calls2 = hold_calls();
	tap_result(calls1 == calls0 + 1 && caught_up && calls2 == calls0 + 2,
		   "let go: the two moves made meanwhile give one notification, with the final %d",
		   want_b);
	diag("notifications: %ld while held, %ld in all, the last with %ld",
	     calls1 - calls0, calls2 - calls0, hold_last());
out:
	hold_set(0);
	for (i = 0; i < 4; i++)
		if (stuck[i] > 0)
			waitpid(stuck[i], NULL, 0);
	if (fa >= 0)
		close(fa);
	if (fb >= 0)
		close(fb);
	tap_result(pcm_lines() == 0 && qos_get(DEV_CPU_DMA) == PM_QOS_LAT_DEFAULT,
		   "%s and %s: close removes both", a, b);
	tap_result(wait_notified(PM_QOS_LAT_DEFAULT, slack_ms(5000)),
		   "the notifications end at the default");
}

#define APLAY		"/usr/bin/aplay"
#define APLAY_LOG	"/tmp/aplay.log"

/* The AC97 card (intel8x0: driver ICH*) in /proc/asound/cards, or -1. */
static int ac97_card(void)
{
	char buf[4096], *line, *save, *p;
	int card;

	if (slurp("/proc/asound/cards", buf, sizeof(buf)) < 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		p = strstr(line, "]: ");
		if (p && sscanf(line, "%d", &card) == 1 &&
		    !strncmp(p + 3, "ICH", 3))
			return card;
	}
	return -1;
}

/* aplay of @secs s of silence on card @card, output to APLAY_LOG. */
static pid_t spawn_aplay(int card, int secs)
{
	char dev[16], dur[16];
	pid_t pid;

	snprintf(dev, sizeof(dev), "hw:%d,0", card);
	snprintf(dur, sizeof(dur), "%d", secs);
	pid = fork();
	if (pid == 0) {
		int fd = open(APLAY_LOG, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		execl(APLAY, "aplay", "-D", dev, "-t", "raw", "-f", "S16_LE",
		      "-c", "2", "-r", "48000", "--period-size=1024",
		      "--buffer-size=4096", "-d", dur, "/dev/zero", (char *)NULL);
		fprintf(stderr, "exec %s: %s\n", APLAY, strerror(errno));
		_exit(127);
	}
	if (pid < 0)
		diag("fork: %s", strerror(errno));
	return pid;
}

static void show_aplay_log(void)
{
	char buf[4096], *line, *save;

	if (slurp(APLAY_LOG, buf, sizeof(buf)) < 0)
		return;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		diag("aplay: %s", line);
}

/* hw_ptr of card @card's first playback substream if it runs, else -1. */
static long running_hw_ptr(int card)
{
	char path[64], buf[1024], *p;

	snprintf(path, sizeof(path), "/proc/asound/card%d/pcm0p/sub0/status",
		 card);
	if (slurp(path, buf, sizeof(buf)) < 0 || !strstr(buf, "state: RUNNING"))
		return -1;
	p = strstr(buf, "hw_ptr");
	p = p ? strchr(p, ':') : NULL;
	return p ? strtol(p + 1, NULL, 10) : -1;
}

/*
 * Wait until aplay @pid plays: its substream runs and the hardware pointer
 * moves.  Then *n is the number of PCM requests of @want usec in debugfs
 * and *agg the aggregate.  Returns 1 if it played, and still does.
 */
static int wait_playing(int card, pid_t pid, int want, int *n, int32_t *agg)
{
	double end = now_s() + slack_ms(10000) / 1000.0;
	long first = -1, ptr;
	int st;

	do {
		ptr = running_hw_ptr(card);
		if (first < 0)
			first = ptr;
		else if (ptr > first) {
			*n = dbg_count(DEV_CPU_DMA, want, PCM_SITE);
			*agg = qos_get(DEV_CPU_DMA);
			diag("aplay plays: hw_ptr %ld, then %ld", first, ptr);
			return !reaped(pid, &st);
		}
		if (reaped(pid, &st)) {
			diag("aplay ended (status 0x%x) before it played", st);
			show_aplay_log();
			return 0;
		}
		sleep_ms(20);
	} while (now_s() < end);
	diag("aplay did not start playing");
	return 0;
}

/*
 * A real player through alsa-lib: the request appears while aplay plays,
 * and is gone when it exits and when it is killed in the middle.
 */
static void test_aplay(void)
{
	int want = period_usecs(48000, 1024), card = ac97_card(), n = -1;
	int playing, st = -1, gone;
	int32_t agg = 0;
	pid_t pid;

	if (access(APLAY, X_OK) || card < 0) {
		tap_result(0, "aplay (%s, from alsa-utils) and the AC97 card",
			   APLAY);
		diag("%s: %s; AC97 card %d in /proc/asound/cards", APLAY,
		     access(APLAY, X_OK) ? strerror(errno) : "present", card);
		return;
	}

	pid = spawn_aplay(card, 2);
	playing = wait_playing(card, pid, want, &n, &agg);
	tap_result(playing && n == 1 && agg == want,
		   "aplay hw:%d,0: a request of %d usec while it plays", card,
		   want);
	if (!playing || n != 1 || agg != want) {
		diag("%d requests of %d usec, aggregate %d", n, want, agg);
		dbg_show(DEV_CPU_DMA, LONG_MIN);
	}
	if (pid > 0)
		waitpid(pid, &st, 0);
	gone = pcm_lines() == 0 && qos_get(DEV_CPU_DMA) == PM_QOS_LAT_DEFAULT;
	tap_result(exited_ok(st) && gone,
		   "aplay exits: its request is gone");
	if (!exited_ok(st) || !gone) {
		diag("aplay status 0x%x, %d PCM requests, aggregate %d", st,
		     pcm_lines(), qos_get(DEV_CPU_DMA));
		show_aplay_log();
	}

	pid = spawn_aplay(card, 60);
	playing = wait_playing(card, pid, want, &n, &agg);
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, &st, 0);
	}
	gone = pcm_lines() == 0 && qos_get(DEV_CPU_DMA) == PM_QOS_LAT_DEFAULT;
	tap_result(playing && n == 1 && WIFSIGNALED(st) &&
		   WTERMSIG(st) == SIGKILL && gone,
		   "aplay SIGKILLed while it plays: its request is gone");
	if (!playing || n != 1 || !WIFSIGNALED(st) || !gone) {
		diag("%d requests of %d usec while playing; status 0x%x, then %d PCM requests, aggregate %d",
		     n, want, st, pcm_lines(), qos_get(DEV_CPU_DMA));
		show_aplay_log();
	}
}

static int card_of(const char *dev)
{
	unsigned int card;

	return sscanf(dev, "pcmC%u", &card) == 1 ? (int)card : -1;
}

int main(void)
{
	char names[16][NAME_LEN];
	const char *first = NULL, *other = NULL;
	int i, n, tested = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);
	dbg_ok = dbg_count(DEV_CPU_DMA, LONG_MIN, NULL) >= 0;
	tap_result(dbg_ok, "debugfs " DEBUGFS_PMQOS DEV_CPU_DMA " readable");
	read_ok = qos_get(DEV_CPU_DMA) != INT32_MIN;
	tap_result(read_ok, "read() of " DEV_CPU_DMA " gives the target");

	n = dir_names("/dev/snd", "pcmC", names, 16);
	for (i = 0; i < n && i < 16; i++)
		if (names[i][strlen(names[i]) - 1] == 'p' &&
		    tested < MAX_PCMS) {
			if (!tested++)
				tap_result(1, "playback PCM devices in /dev/snd");
			test_pcm(names[i]);
			if (!first)
				first = names[i];
			else if (!other && card_of(names[i]) != card_of(first))
				other = names[i];
		}
	if (!tested)
		tap_result(0, "playback PCM devices in /dev/snd (QEMU -device AC97 or intel-hda + hda-duplex)");

	if (first && other)
		test_held_notification(first, other);
	else
		tap_result(0, "playback PCM devices on two cards (QEMU -device AC97 and intel-hda + hda-duplex)");
	test_aplay();
	return tap_finish();
}
