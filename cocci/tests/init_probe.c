/*
 * A platform driver bound with platform_driver_probe(): its probe is
 * __init, but the platform bus calls it once for each matching device,
 * so a request added there is one per device.  Also a driver whose
 * .probe is an __init function of a platform_driver initializer.  No
 * call is converted.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

#define ABC_NAME	"abc-dma"
#define XYZ_NAME	"xyz-dma"

static int __init abc_probe(struct platform_device *pdev)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, ABC_NAME,
			       PM_QOS_DEFAULT_VALUE);
	return 0;
}

static struct platform_driver abc_driver = {
	.driver = {
		.name = "abc",
		.owner = THIS_MODULE,
	},
};

static int __init xyz_probe(struct platform_device *pdev)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, XYZ_NAME,
			       PM_QOS_DEFAULT_VALUE);
	return 0;
}

static int __exit xyz_remove(struct platform_device *pdev)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, XYZ_NAME);
	return 0;
}

static struct platform_driver xyz_driver = {
	.probe = xyz_probe,
	.remove = __exit_p(xyz_remove),
	.driver = {
		.name = "xyz",
	},
};

static int __init abc_init(void)
{
	int ret = platform_driver_probe(&abc_driver, abc_probe);

	if (ret)
		return ret;
	return platform_driver_register(&xyz_driver);
}

static void __exit abc_exit(void)
{
	platform_driver_unregister(&xyz_driver);
	platform_driver_unregister(&abc_driver);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, ABC_NAME);
}

module_init(abc_init);
module_exit(abc_exit);
MODULE_LICENSE("GPL");
