/* A DSP driver of a 2.6.2x ARM tree: <asm/arch/...> is its SoC's. */
#include <linux/errno.h>
#include <linux/pm_qos_params.h>
#include <asm/arch/irqs.h>

static int vdsp_irq = VEGA_IRQ_DSP;
static struct pm_qos_request_list *vdsp_pm_qos_req;

static int vdsp_start(void)
{
	vdsp_pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, vdsp_irq);
	return vdsp_pm_qos_req ? 0 : -ENOMEM;
}
