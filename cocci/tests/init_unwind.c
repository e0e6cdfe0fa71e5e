/*
 * A synchronous serial interface with one module-wide request, added in
 * the init function before the driver registers and removed in two
 * places only: at the end of the init function's error unwinding (after
 * the driver is unregistered again, followed by nothing but a message)
 * and last in the exit function.  Neither can be followed by a use of
 * the request, so one static handle would hold it (convert/'s job).
 * Every call is reported.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/err.h>
#include <linux/pm_qos_params.h>

static struct platform_device *xhsi_pdev;

static int xhsi_probe(struct platform_device *pdev)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xhsi", 40);
	return 0;
}

static int xhsi_suspend(struct platform_device *pdev, pm_message_t state)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xhsi",
				  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static struct platform_driver xhsi_driver = {
	.probe		= xhsi_probe,
	.suspend	= xhsi_suspend,
	.driver		= {
		.name	= "xhsi",
		.owner	= THIS_MODULE,
	},
};

static int __init xhsi_init(void)
{
	int ret;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xhsi",
			       PM_QOS_DEFAULT_VALUE);
	ret = platform_driver_register(&xhsi_driver);
	if (ret)
		goto err_qos;
	xhsi_pdev = platform_device_register_simple("xhsi", -1, NULL, 0);
	if (IS_ERR(xhsi_pdev)) {
		ret = PTR_ERR(xhsi_pdev);
		goto err_drv;
	}
	return 0;

err_drv:
	platform_driver_unregister(&xhsi_driver);
err_qos:
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xhsi");
	pr_err("xhsi: init failed (%d)\n", ret);
	return ret;
}

static void __exit xhsi_exit(void)
{
	platform_device_unregister(xhsi_pdev);
	platform_driver_unregister(&xhsi_driver);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xhsi");
}

module_init(xhsi_init);
module_exit(xhsi_exit);
MODULE_LICENSE("GPL");
