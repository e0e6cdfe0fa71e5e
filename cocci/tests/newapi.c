/*
 * A driver that already uses the handle API: nothing to convert, nothing
 * to report.
 */
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

struct cam_dev {
	struct pm_qos_request_list *pm_qos_req;
	int streaming;
};

static int cam_stream_on(struct cam_dev *cam)
{
	cam->pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 30);
	if (!cam->pm_qos_req)
		return -ENOMEM;
	cam->streaming = 1;
	return 0;
}

static void cam_stream_update(struct cam_dev *cam, s32 usecs)
{
	pm_qos_update_request(cam->pm_qos_req, usecs);
}

static void cam_stream_off(struct cam_dev *cam)
{
	cam->streaming = 0;
	pm_qos_remove_request(cam->pm_qos_req);
	cam->pm_qos_req = NULL;
}

static int cam_latency(void)
{
	return pm_qos_request(PM_QOS_CPU_DMA_LATENCY);
}
