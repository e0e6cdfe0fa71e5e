/*
 * A camera sensor module that gets the pm_qos declarations through its
 * own header, not <linux/pm_qos_params.h>: there is no #include after
 * which to declare a static handle.  Its "csi-rx" request is added in
 * the __init function in one class and updated in another, which the
 * string API took for a request that does not exist.  Every call is
 * reported.
 */
#include <linux/module.h>
#include <linux/i2c.h>
#include "csi_sensor.h"

static void csi_stream_on(struct i2c_client *client)
{
	pm_qos_update_requirement(PM_QOS_NETWORK_LATENCY, "csi-rx", 20);
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "csi-dma", 20);
}

static int __init csi_init(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "csi-rx",
			       PM_QOS_DEFAULT_VALUE);
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "csi-dma",
			       PM_QOS_DEFAULT_VALUE);
	return 0;
}

static void __exit csi_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "csi-dma");
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "csi-rx");
}

module_init(csi_init);
module_exit(csi_exit);
