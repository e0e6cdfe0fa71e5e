/*
 * An input driver (a wireless game pad) that keeps one name for two
 * module-wide requests: CPU DMA latency for the report DMA, and network
 * latency for its radio link.  The name is added twice, with its
 * return value tested: every call is reported.
 */
#include <linux/module.h>
#include <linux/input.h>
#include <linux/pm_qos_params.h>

#define PAD_NAME	"rfpad"

static int __init rfpad_init(void)
{
	int error;

	error = pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, PAD_NAME, 100);
	if (error)
		return error;
	error = pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, PAD_NAME, 2000);
	if (error) {
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, PAD_NAME);
		return error;
	}
	return 0;
}

static void __exit rfpad_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, PAD_NAME);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, PAD_NAME);
}

static void rfpad_link_lost(struct input_dev *dev)
{
	pm_qos_update_requirement(PM_QOS_NETWORK_LATENCY, PAD_NAME,
				  PM_QOS_DEFAULT_VALUE);
}

module_init(rfpad_init);
module_exit(rfpad_exit);
