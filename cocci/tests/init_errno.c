/*
 * A camera interface whose init function removes its request on three
 * error paths: one returns -ENODEV itself, one sets -ENOMEM before it
 * jumps, and one jumps when the driver's registration returned a
 * negative value.  Each returns an error, so the module never loads and
 * the exit function is the only other remove: one static handle would
 * hold it (convert/'s job).  Every call is reported.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

#define XCAM_LATENCY_USECS	80

static void *xcam_ring;

static int xcam_hw_present(void)
{
	return machine_is_xcam_eval() || machine_is_xcam_ref();
}

static int xcam_probe(struct platform_device *pdev)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xcam",
				  XCAM_LATENCY_USECS);
	return 0;
}

static struct platform_driver xcam_driver = {
	.probe		= xcam_probe,
	.driver		= {
		.name	= "xcam",
		.owner	= THIS_MODULE,
	},
};

static int __init xcam_init(void)
{
	int ret;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xcam",
			       PM_QOS_DEFAULT_VALUE);
	if (!xcam_hw_present()) {
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xcam");
		return -ENODEV;
	}
	xcam_ring = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!xcam_ring) {
		ret = -ENOMEM;
		goto err_qos;
	}
	ret = platform_driver_register(&xcam_driver);
	if (ret < 0)
		goto err_ring;
	return 0;

err_ring:
	kfree(xcam_ring);
err_qos:
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xcam");
	return ret;
}

static void __exit xcam_exit(void)
{
	platform_driver_unregister(&xcam_driver);
	kfree(xcam_ring);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xcam");
}

module_init(xcam_init);
module_exit(xcam_exit);
MODULE_LICENSE("GPL");
