/* Compiles only with the config, the mach and plat directories and the
 * include paths of its tree: its board's defconfig, the arch Makefile,
 * its module's Makefile and the old include/asm-arm. */
#include <linux/pm_qos_params.h>
#include <mach/irqs.h>
#include <plat/clock.h>
#include <asm/vdrv_sys.h>
#include "vdrv_regs.h"

static int vdrv_irqs[NR_IRQS];

#ifdef CONFIG_VDRV_PM
static int vdrv_pm_start(void)
{
	vdrv_irqs[0] = VDRV_CTRL + STAR_CLK_RATE / 1000;
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "vdrv",
				      VDRV_SYS_LATENCY);
}
#endif
