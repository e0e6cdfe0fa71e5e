/*
 * A modem link driver whose probe is __init and bound with
 * platform_driver_probe(): it runs once for each matching device present
 * at boot, not once.  But the probe keeps its state in file scope (the
 * crash log it allocates into a global pointer, a file-static work item
 * that a crash worker updates the request from): a second device would
 * overwrite both, so there is one device by construction, and a static
 * handle is the one request that the shared name was.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/workqueue.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct mdm_log {
	void *buf;
	size_t len;
};

static struct mdm_log *mdm_crash_log;
static struct work_struct mdm_crash_work;

static struct pm_qos_request_list *mdm_crash_pm_qos_req;

static void mdm_crash_dump(struct work_struct *work)
{
	if (mdm_crash_pm_qos_req)
		pm_qos_update_request(mdm_crash_pm_qos_req, 0);
	if (mdm_crash_log)
		mdm_crash_log->len = 0;
	if (mdm_crash_pm_qos_req)
		pm_qos_update_request(mdm_crash_pm_qos_req,
				      PM_QOS_DEFAULT_VALUE);
}

static int __init mdm_link_probe(struct platform_device *pdev)
{
	mdm_crash_log = kzalloc(sizeof(*mdm_crash_log), GFP_KERNEL);
	if (!mdm_crash_log)
		return -ENOMEM;
	INIT_WORK(&mdm_crash_work, mdm_crash_dump);
	mdm_crash_pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
						  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static struct platform_driver mdm_link_driver = {
	.driver = {
		.name = "mdm_link",
		.owner = THIS_MODULE,
	},
};

static int __init mdm_link_init(void)
{
	return platform_driver_probe(&mdm_link_driver, mdm_link_probe);
}
module_init(mdm_link_init);
MODULE_LICENSE("GPL");
