/*
 * A board's battery monitor registered with platform_create_bundle(),
 * which registers the driver and a device and calls the __init probe
 * for each device that matches: the probe is not module init, and the
 * request it adds is one per device.  Every call is reported; a static
 * handle would be wrong here (convert/'s fixtures must say so).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/err.h>
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

#define BMON_NAME	"bmon"

static struct platform_device *bmon_pdev;

static int __init bmon_probe(struct platform_device *pdev)
{
	int ret;

	ret = pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, BMON_NAME,
				     PM_QOS_DEFAULT_VALUE);
	if (ret)
		return ret;
	dev_info(&pdev->dev, "battery monitor ready\n");
	return 0;
}

static int bmon_sample(struct platform_device *pdev)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, BMON_NAME, 100);
	/* ... read the gauge ... */
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, BMON_NAME,
				  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static int __exit bmon_remove(struct platform_device *pdev)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, BMON_NAME);
	return 0;
}

static struct platform_driver bmon_driver = {
	.driver = {
		.name	= BMON_NAME,
		.owner	= THIS_MODULE,
	},
	.remove	= __exit_p(bmon_remove),
};

static int __init bmon_init(void)
{
	bmon_pdev = platform_create_bundle(&bmon_driver, bmon_probe,
					   NULL, 0, NULL, 0);
	return IS_ERR(bmon_pdev) ? PTR_ERR(bmon_pdev) : 0;
}
module_init(bmon_init);

static void __exit bmon_exit(void)
{
	platform_device_unregister(bmon_pdev);
	platform_driver_unregister(&bmon_driver);
}
module_exit(bmon_exit);

MODULE_LICENSE("GPL");
