/* An MMC host that adds its own request and updates one that another
 * driver adds under another name. */
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vmmc_qos_req;

static int __init vmmc_init(void)
{
	vmmc_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static void vmmc_boost(int on)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vdma",
				  on ? 10 : PM_QOS_DEFAULT_VALUE);
}
module_init(vmmc_init);
