/*
 * pmqos-demo: a platform device with a receive DMA engine that loses data
 * when the CPU sleeps too deeply while a burst is pending.  Each device
 * keeps its own latency request, named after the device; the module keeps
 * one more for its bottom half.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/io.h>
#include <linux/pm_qos_params.h>
#include "demo.h"

static int rx_latency = DEMO_RX_LATENCY_US;
module_param(rx_latency, int, 0444);
MODULE_PARM_DESC(rx_latency, "CPU DMA latency while a burst is pending (us)");

static void demo_rx_work(struct work_struct *work)
{
	struct demo_dev *demo = container_of(work, struct demo_dev, rx_work);

	if (demo->rx_pending)
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
					  demo->qos_name, rx_latency);
	else
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
					  demo->qos_name, PM_QOS_DEFAULT_VALUE);
}

static void demo_watchdog(unsigned long data)
{
	struct demo_dev *demo = (struct demo_dev *)data;

	/*
	 * No interrupt for a second: stop holding the CPU awake.  A timer
	 * runs in softirq context, so the request is dropped by the work.
	 */
	demo->rx_pending = 0;
	schedule_work(&demo->rx_work);
}

static ssize_t demo_show_latency(struct device *dev,
				 struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n",
		       pm_qos_requirement(PM_QOS_CPU_DMA_LATENCY));
}
static DEVICE_ATTR(cpu_dma_latency, 0444, demo_show_latency, NULL);

static int __devinit demo_probe(struct platform_device *pdev)
{
	struct demo_dev *demo;
	int err;

	demo = kzalloc(sizeof(*demo), GFP_KERNEL);
	if (!demo)
		return -ENOMEM;
	demo->pdev = pdev;
	snprintf(demo->qos_name, sizeof(demo->qos_name), "%s.%d",
		 DEMO_DRV_NAME, pdev->id);
	INIT_WORK(&demo->rx_work, demo_rx_work);
	setup_timer(&demo->watchdog, demo_watchdog, (unsigned long)demo);

	err = pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, demo->qos_name,
				     PM_QOS_DEFAULT_VALUE);
	if (err < 0)
		goto err_free;

	err = device_create_file(&pdev->dev, &dev_attr_cpu_dma_latency);
	if (err)
		goto err_qos;

	err = demo_link_start(demo);
	if (err)
		goto err_file;

	platform_set_drvdata(pdev, demo);
	return 0;

err_file:
	device_remove_file(&pdev->dev, &dev_attr_cpu_dma_latency);
err_qos:
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, demo->qos_name);
err_free:
	kfree(demo);
	return err;
}

static int __devexit demo_remove(struct platform_device *pdev)
{
	struct demo_dev *demo = platform_get_drvdata(pdev);

	demo_link_stop(demo);
	del_timer_sync(&demo->watchdog);
	cancel_work_sync(&demo->rx_work);
	device_remove_file(&pdev->dev, &dev_attr_cpu_dma_latency);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, demo->qos_name);
	kfree(demo);
	return 0;
}

#ifdef CONFIG_PM
static int demo_suspend(struct platform_device *pdev, pm_message_t state)
{
	struct demo_dev *demo = platform_get_drvdata(pdev);

	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, demo->qos_name,
				  PM_QOS_DEFAULT_VALUE);
	return 0;
}
#else
#define demo_suspend NULL
#endif

static struct platform_driver demo_driver = {
	.probe		= demo_probe,
	.remove		= __devexit_p(demo_remove),
	.suspend	= demo_suspend,
	.driver		= {
		.name	= DEMO_DRV_NAME,
		.owner	= THIS_MODULE,
	},
};

static int __init demo_init(void)
{
	int err;

	/* the bottom half of every device shares one module-wide request */
	err = pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, DEMO_DRV_NAME,
				     PM_QOS_DEFAULT_VALUE);
	if (err)
		return err;
	err = platform_driver_register(&demo_driver);
	if (err)
		pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY,
					  DEMO_DRV_NAME);
	return err;
}

static void __exit demo_exit(void)
{
	platform_driver_unregister(&demo_driver);
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, DEMO_DRV_NAME);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_DESCRIPTION("pm_qos conversion example");
MODULE_LICENSE("GPL");
