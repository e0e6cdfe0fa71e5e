/* An MMC host that adds its own request and updates one that another
 * driver adds under another name. */
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

static int __init vmmc_init(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "vmmc",
			       PM_QOS_DEFAULT_VALUE);
	return 0;
}

static void vmmc_boost(int on)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vdma",
				  on ? 10 : PM_QOS_DEFAULT_VALUE);
}
module_init(vmmc_init);
