/*
 * A V4L2 capture driver half converted by hand: the streaming request
 * already uses the handle API, the preview request (named by a field)
 * and the module-wide one still use names.  The static handle that the
 * module-wide request would get is already declared: reported.
 */
#include <linux/videodev2.h>
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vcap_pm_qos_req;

struct vcap_dev {
	struct video_device *vdev;
	struct pm_qos_request_list *pm_qos_req;	/* streaming */
	char preview_id[16];
};

static int vcap_stream_on(struct vcap_dev *cam)
{
	cam->pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 30);
	return cam->pm_qos_req ? 0 : -ENOMEM;
}

static void vcap_stream_off(struct vcap_dev *cam)
{
	pm_qos_remove_request(cam->pm_qos_req);
	cam->pm_qos_req = NULL;
}

static void vcap_preview_on(struct vcap_dev *cam)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, cam->preview_id, 200);
}

static void vcap_preview_off(struct vcap_dev *cam)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, cam->preview_id);
}

static int __init vcap_init(void)
{
	vcap_pm_qos_req = pm_qos_add_request(PM_QOS_NETWORK_LATENCY, 1000);
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "vcap", 500);
	return 0;
}

static void __exit vcap_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "vcap");
	pm_qos_remove_request(vcap_pm_qos_req);
}
