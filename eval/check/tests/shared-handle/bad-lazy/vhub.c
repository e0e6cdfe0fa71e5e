/*
 * A USB hub glue driver whose ports share one bookkeeping block, made
 * by the first probe only.  A later probe keeps it and binds its own
 * port, so the driver serves several ports: the lazily made block
 * proves no single device, and the second add overwrites the handle.
 */
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct vhub_shared {
	int nports;
	unsigned long busy;
};

static struct vhub_shared *vhub_common;
static struct pm_qos_request_list *vhub_qos_req;

static int vhub_probe(struct platform_device *pdev)
{
	if (!vhub_common)
		vhub_common = kzalloc(sizeof(*vhub_common), GFP_KERNEL);
	if (!vhub_common)
		return -ENOMEM;
	vhub_common->nports++;
	vhub_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static int vhub_remove(struct platform_device *pdev)
{
	pm_qos_remove_request(vhub_qos_req);
	vhub_qos_req = NULL;
	vhub_common->nports--;
	return 0;
}

static struct platform_driver vhub_driver = {
	.probe = vhub_probe,
	.remove = vhub_remove,
	.driver = { .name = "vhub" },
};

static int __init vhub_init(void)
{
	return platform_driver_register(&vhub_driver);
}
module_init(vhub_init);
