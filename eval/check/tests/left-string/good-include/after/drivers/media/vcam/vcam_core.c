/* vcam: module init and streaming control. */
#include <linux/module.h>
#include <linux/io.h>
#include "vcam.h"
#include "vcam_rx.c"

static struct pm_qos_request_list *vcam_qos_req;

static int vcam_stream(struct vcam_dev *cam, int on)
{
	if (on) {
		pm_qos_update_request(vcam_qos_req, 30);
		vcam_rx_start(cam);
		vcam_rx_tune(cam, 50);
	} else {
		vcam_rx_stop(cam);
		pm_qos_update_request(vcam_qos_req,
				      PM_QOS_DEFAULT_VALUE);
	}
	cam->streaming = on;
	return 0;
}
EXPORT_SYMBOL(vcam_stream);

static int __init vcam_init(void)
{
	vcam_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static void __exit vcam_exit(void)
{
	pm_qos_remove_request(vcam_qos_req);
}

module_init(vcam_init);
module_exit(vcam_exit);
