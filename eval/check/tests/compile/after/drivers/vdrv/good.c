/* Converted right: compiles before and after. */
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vdrv_req;

static int vdrv_start(void)
{
	vdrv_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 10);
	return vdrv_req ? 0 : -1;
}
