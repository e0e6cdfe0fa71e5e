/*
 * A sensor hub driver that holds the CPU out of deep idle while it
 * streams: one request, added at module init, raised around a burst.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/pm_qos_params.h>

#define VSENS_QOS_NAME "vsens"

void vsens_burst(int on)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, VSENS_QOS_NAME,
				  on ? 20 : PM_QOS_DEFAULT_VALUE);
}
EXPORT_SYMBOL(vsens_burst);

static int __init vsens_init(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, VSENS_QOS_NAME,
				      PM_QOS_DEFAULT_VALUE);
}

static void __exit vsens_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, VSENS_QOS_NAME);
}

module_init(vsens_init);
module_exit(vsens_exit);
MODULE_LICENSE("GPL");
