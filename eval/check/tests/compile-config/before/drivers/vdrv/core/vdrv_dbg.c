/* Compiles, but only under a symbol no defconfig sets: the config leaves
 * out the lines its conversion changes. */
#include <linux/pm_qos_params.h>
#include "vdrv_regs.h"

#ifdef CONFIG_VDRV_DEBUG
static void vdrv_dbg_fast(void)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vdrv", 0);
}
#endif
