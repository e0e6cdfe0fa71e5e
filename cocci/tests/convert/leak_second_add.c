/*
 * Two requests added in module init: when the second add fails, the
 * first is not removed.  The conversion keeps the code as it was and says
 * so; it must not drop or reorder the unwind of the first request.
 */
#include <linux/module.h>
#include <linux/pm_qos_params.h>

#define BUS_QOS_NAME "msmbus"

static int __init bus_qos_init(void)
{
	int ret;

	ret = pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, BUS_QOS_NAME,
				     PM_QOS_DEFAULT_VALUE);
	if (ret)
		return ret;
	ret = pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, BUS_QOS_NAME,
				     PM_QOS_DEFAULT_VALUE);
	if (ret)
		return ret;
	return 0;
}

static void __exit bus_qos_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, BUS_QOS_NAME);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, BUS_QOS_NAME);
}

module_init(bus_qos_init);
module_exit(bus_qos_exit);
