/*
 * A serial audio port with three module-wide requests, each removed
 * where a handle would not survive it: "sport-rx" in the exit function
 * before the driver unregisters (suspend may still update it),
 * "sport-tx" in the init function on a path that returns 0 (a
 * receive-only part: the module stays loaded and probe() updates it),
 * "sport-trace" twice on one path of the exit function.  Every call is
 * reported; none is converted.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/io.h>
#include <linux/pm_qos_params.h>

#define SPORT_BASE	0xffc00800
#define SPORT_CAPS	0x3c
#define SPORT_CAP_TX	0x1

static int sport_trace;
module_param(sport_trace, int, 0444);

static int sport_probe(struct platform_device *pdev)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-rx", 25);
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-tx", 25);
	if (sport_trace)
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
					  "sport-trace", 10);
	return 0;
}

static int sport_suspend(struct platform_device *pdev, pm_message_t state)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-rx",
				  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static struct platform_driver sport_driver = {
	.probe		= sport_probe,
	.suspend	= sport_suspend,
	.driver		= {
		.name	= "bfin-sport",
		.owner	= THIS_MODULE,
	},
};

static int sport_tx_fifo_present(void)
{
	return readl((void __iomem *)SPORT_BASE + SPORT_CAPS) & SPORT_CAP_TX;
}

static int __init sport_init(void)
{
	int ret;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-rx",
			       PM_QOS_DEFAULT_VALUE);
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-tx",
			       PM_QOS_DEFAULT_VALUE);
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-trace",
			       PM_QOS_DEFAULT_VALUE);
	if (!sport_tx_fifo_present())
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-tx");
	ret = platform_driver_register(&sport_driver);
	if (ret)
		goto err;
	return 0;

err:
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-trace");
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-tx");
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-rx");
	return ret;
}

static void __exit sport_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-rx");
	platform_driver_unregister(&sport_driver);
	if (sport_trace)
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  "sport-trace");
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-tx");
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "sport-trace");
}

module_init(sport_init);
module_exit(sport_exit);
MODULE_LICENSE("GPL");
