/*
 * An audio codec whose stream start sets the latency it needs by
 * dropping the request it had and adding it again.  Every add follows
 * the remove of the same handle: there is one request at a time, however
 * often a stream starts.
 */
#include <linux/platform_device.h>
#include <sound/pcm.h>
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vaud_qos_req;

static int vaud_hw_params(struct snd_pcm_substream *substream, int rate)
{
	int lat = rate > 48000 ? 50 : 200;

	pm_qos_remove_request(vaud_qos_req);
	vaud_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, lat);
	return 0;
}

static int vaud_startup(struct snd_pcm_substream *substream)
{
	if (vaud_qos_req)
		pm_qos_remove_request(vaud_qos_req);
	vaud_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 500);
	return 0;
}

static int vaud_shutdown(struct snd_pcm_substream *substream)
{
	pm_qos_remove_request(vaud_qos_req);
	vaud_qos_req = NULL;
	return 0;
}

static struct snd_pcm_ops vaud_ops = {
	.open = vaud_startup,
	.hw_params = vaud_hw_params,
	.close = vaud_shutdown,
};
