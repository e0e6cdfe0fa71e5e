// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-alsa - the ALSA PCM core's cpu_dma_latency request.
 *
 * snd_pcm_hw_params() adds a cpu_dma_latency request of 75% of the period
 * time; hw_free and the release of the substream must remove it.  Raw
 * ioctls on every playback PCM in /dev/snd (QEMU: -device AC97,
 * -device intel-hda -device hda-duplex), no alsa-lib.
 */
#include <sys/ioctl.h>
#include <sound/asound.h>

#include "pmqos-lib.h"

#define TIME_BOUND	20
#define MAX_PCMS	4

/*
 * Call site that debugfs shows for the PCM core's request: snd_pcm_hw_params
 * or whatever the compiler inlined it into (snd_pcm_hw_params_user, ...).
 */
#define PCM_SITE	"snd_pcm_"

static int dbg_ok;

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

static void test_pcm(const char *dev)
{
	char path[300];
	int fd, want, n;
	int32_t agg;

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
}

int main(void)
{
	char names[16][NAME_LEN];
	int i, n, tested = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);
	dbg_ok = dbg_count(DEV_CPU_DMA, LONG_MIN, NULL) >= 0;
	tap_result(dbg_ok, "debugfs " DEBUGFS_PMQOS DEV_CPU_DMA " readable");

	n = dir_names("/dev/snd", "pcmC", names, 16);
	for (i = 0; i < n && i < 16; i++)
		if (names[i][strlen(names[i]) - 1] == 'p' &&
		    tested < MAX_PCMS) {
			if (!tested++)
				tap_result(1, "playback PCM devices in /dev/snd");
			test_pcm(names[i]);
		}
	if (!tested)
		tap_result(0, "playback PCM devices in /dev/snd (QEMU -device AC97 or intel-hda + hda-duplex)");
	return tap_finish();
}
