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
static struct pm_qos_request_list *vdrv_req;

static int vdrv_pm_start(void)
{
	vdrv_irqs[0] = VDRV_CTRL + STAR_CLK_RATE / 1000;
	vdrv_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, VDRV_SYS_LATENCY);
	return vdrv_req ? 0 : -1;
}
#endif
