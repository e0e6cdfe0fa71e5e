/*
 * A clock scaling glue that adds its requests once: one from a
 * late_initcall, one from an __init helper that only module init calls.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vclk_bus_req;
static struct pm_qos_request_list *vclk_cpu_req;

static void __init vclk_bus_setup(int khz)
{
	vclk_bus_req = pm_qos_add_request(PM_QOS_NETWORK_THROUGHPUT, khz);
}

static int __init vclk_init(void)
{
	vclk_bus_setup(1000);
	return 0;
}
module_init(vclk_init);

static int __init vclk_late(void)
{
	vclk_cpu_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					  PM_QOS_DEFAULT_VALUE);
	return 0;
}
late_initcall(vclk_late);
