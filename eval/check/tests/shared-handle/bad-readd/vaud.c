/*
 * The audio codec of good-readd, but its stream start drops the old
 * request only when the rate changed: a second start at the same rate
 * adds again over a handle still in use, and the first request leaks.
 */
#include <sound/pcm.h>
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vaud_qos_req;
static int vaud_rate;

static int vaud_hw_params(struct snd_pcm_substream *substream, int rate)
{
	if (rate != vaud_rate)
		pm_qos_remove_request(vaud_qos_req);
	vaud_rate = rate;
	vaud_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					  rate > 48000 ? 50 : 200);
	return 0;
}

static int vaud_shutdown(struct snd_pcm_substream *substream)
{
	pm_qos_remove_request(vaud_qos_req);
	vaud_qos_req = NULL;
	return 0;
}

static struct snd_pcm_ops vaud_ops = {
	.hw_params = vaud_hw_params,
	.close = vaud_shutdown,
};
