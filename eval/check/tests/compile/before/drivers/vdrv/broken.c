/* Does not compile before conversion: a header the tree lacks. */
#include <linux/pm_qos_params.h>
#include <linux/no_such_header.h>

static void vdrv_idle(void)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vdrv", 5);
}
