/*
 * A GPS power driver written for the one GPS block of its SoC: its probe
 * initialises a work item of file scope.  A second device would
 * re-initialise it under the first, so the request is added once by
 * construction and a static handle is the same request as the one shared
 * name.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/workqueue.h>
#include <linux/pm_qos_params.h>

static struct work_struct gps_off_work;
static int gps_on;

static struct pm_qos_request_list *gps_pwr_pm_qos_req;

static void gps_off(struct work_struct *work)
{
	gps_on = 0;
	if (gps_pwr_pm_qos_req)
		pm_qos_update_request(gps_pwr_pm_qos_req,
				      PM_QOS_DEFAULT_VALUE);
}

static int gps_pwr_probe(struct platform_device *pdev)
{
	INIT_WORK(&gps_off_work, gps_off);
	gps_pwr_pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
						PM_QOS_DEFAULT_VALUE);
	return 0;
}

static int gps_pwr_remove(struct platform_device *pdev)
{
	cancel_work_sync(&gps_off_work);
	pm_qos_remove_request(gps_pwr_pm_qos_req);
	gps_pwr_pm_qos_req = NULL;
	return 0;
}

static struct platform_driver gps_pwr_driver = {
	.probe = gps_pwr_probe,
	.remove = gps_pwr_remove,
	.driver = {
		.name = "gps_pwr",
		.owner = THIS_MODULE,
	},
};

static int __init gps_pwr_init(void)
{
	return platform_driver_register(&gps_pwr_driver);
}
module_init(gps_pwr_init);
MODULE_LICENSE("GPL");
