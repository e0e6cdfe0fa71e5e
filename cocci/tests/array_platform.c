/*
 * A platform audio DMA engine: the request is named by the driver's
 * global name array (not a literal or a macro), added in probe() with
 * its return value checked and removed on the error path and in
 * remove().  Every call is reported, none is rewritten.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

static const char adma_driver_name[] = "adma";

struct adma_dev {
	void __iomem *regs;
	int irq;
};

static int adma_hw_init(struct adma_dev *adma)
{
	return 0;
}

static int __devinit adma_probe(struct platform_device *pdev)
{
	struct adma_dev *adma;
	int err;

	adma = kzalloc(sizeof(*adma), GFP_KERNEL);
	if (!adma)
		return -ENOMEM;

	err = pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, adma_driver_name,
				     PM_QOS_DEFAULT_VALUE);
	if (err)
		goto err_free;

	err = adma_hw_init(adma);
	if (err)
		goto err_qos;

	platform_set_drvdata(pdev, adma);
	return 0;

err_qos:
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, adma_driver_name);
err_free:
	kfree(adma);
	return err;
}

static int __devexit adma_remove(struct platform_device *pdev)
{
	struct adma_dev *adma = platform_get_drvdata(pdev);

	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, adma_driver_name);
	kfree(adma);
	return 0;
}

static void adma_start(struct adma_dev *adma)
{
	/* bursts overrun the FIFO when the CPU sleeps deeper than 20 us */
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, adma_driver_name, 20);
}

static void adma_stop(struct adma_dev *adma)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, adma_driver_name,
				  PM_QOS_DEFAULT_VALUE);
}

static struct platform_driver adma_driver = {
	.probe = adma_probe,
	.remove = __devexit_p(adma_remove),
	.driver = {
		.name = adma_driver_name,
		.owner = THIS_MODULE,
	},
};
