/* Converted right: compiles before and after. */
#include <linux/pm_qos_params.h>

static int vdrv_start(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "vdrv", 10);
}
