/*
 * A system DMA controller with one module-wide request, named by a
 * #define and added once, by the function that module_init() names (not
 * marked __init), before the platform driver registers; the channel
 * callbacks update it.  Every call is reported; one static handle
 * would hold it (a conversion for convert/, not for this script).
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

#define SDMA_NAME	"sdma"

struct sdma_chan {
	void __iomem *regs;
	int busy;
};

static void sdma_start(struct sdma_chan *c)
{
	c->busy = 1;
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, SDMA_NAME, 50);
}

static void sdma_stop(struct sdma_chan *c)
{
	c->busy = 0;
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, SDMA_NAME,
				  PM_QOS_DEFAULT_VALUE);
}

static struct platform_driver sdma_driver = {
	.driver = {
		.name = SDMA_NAME,
		.owner = THIS_MODULE,
	},
};

static int sdma_init(void)
{
	int ret;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, SDMA_NAME,
			       PM_QOS_DEFAULT_VALUE);
	ret = platform_driver_register(&sdma_driver);
	if (ret)
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, SDMA_NAME);
	return ret;
}

static void __exit sdma_exit(void)
{
	platform_driver_unregister(&sdma_driver);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, SDMA_NAME);
}

module_init(sdma_init);
module_exit(sdma_exit);
MODULE_LICENSE("GPL");
