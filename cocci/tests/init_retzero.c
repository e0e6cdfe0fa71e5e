/*
 * A DSP mailbox driver whose init function unwinds to one label that
 * removes the request, but one failure jumps there without setting an
 * error code: when the workqueue cannot be made, init returns 0 with the
 * request removed, and the exit function removes it again.  With names
 * that did nothing; with one static handle it is a double free.  Init
 * returns a variable there that no test or assignment on that path shows
 * to be an error, so the request is not converted.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/workqueue.h>
#include <linux/pm_qos_params.h>

static struct workqueue_struct *xdsp_wq;

static int xdsp_probe(struct platform_device *pdev)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xdsp", 100);
	return 0;
}

static struct platform_driver xdsp_driver = {
	.probe		= xdsp_probe,
	.driver		= {
		.name	= "xdsp",
		.owner	= THIS_MODULE,
	},
};

static int __init xdsp_init(void)
{
	int ret = 0;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xdsp",
			       PM_QOS_DEFAULT_VALUE);
	xdsp_wq = create_singlethread_workqueue("xdsp");
	if (!xdsp_wq)
		goto err_qos;
	ret = platform_driver_register(&xdsp_driver);
	if (ret)
		goto err_wq;
	return 0;

err_wq:
	destroy_workqueue(xdsp_wq);
err_qos:
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xdsp");
	return ret;
}

static void __exit xdsp_exit(void)
{
	platform_driver_unregister(&xdsp_driver);
	destroy_workqueue(xdsp_wq);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xdsp");
}

module_init(xdsp_init);
module_exit(xdsp_exit);
MODULE_LICENSE("GPL");
