/*
 * A literal name added in probe() of a platform driver that can bind
 * several devices: one static handle would be overwritten by the second
 * device, so the handle goes into the driver's own structure.
 */
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct sdhc_host {
	struct platform_device *pdev;
	int clock;
};

static int sdhc_set_clock(struct sdhc_host *host, int clock)
{
	host->clock = clock;
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "sdhc",
				  clock ? 20 : PM_QOS_DEFAULT_VALUE);
	return 0;
}

static int sdhc_probe(struct platform_device *pdev)
{
	struct sdhc_host *host;

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	host->pdev = pdev;
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "sdhc",
			       PM_QOS_DEFAULT_VALUE);
	platform_set_drvdata(pdev, host);
	return sdhc_set_clock(host, 0);
}

static int sdhc_remove(struct platform_device *pdev)
{
	struct sdhc_host *host = platform_get_drvdata(pdev);

	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "sdhc");
	kfree(host);
	return 0;
}

static struct platform_driver sdhc_driver = {
	.probe = sdhc_probe,
	.remove = sdhc_remove,
	.driver = { .name = "sdhc" },
};
