/* Converted wrong: the handle call keeps the name. */
#include <linux/pm_qos_params.h>

static void vdrv_stop(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "vdrv");
}
