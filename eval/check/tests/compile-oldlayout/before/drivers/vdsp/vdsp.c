/* A DSP driver of a 2.6.2x ARM tree: <asm/arch/...> is its SoC's. */
#include <linux/errno.h>
#include <linux/pm_qos_params.h>
#include <asm/arch/irqs.h>

static int vdsp_irq = VEGA_IRQ_DSP;

static int vdsp_start(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "vdsp", vdsp_irq);
}
