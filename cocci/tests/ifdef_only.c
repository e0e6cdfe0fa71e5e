/*
 * A keypad driver whose first function, and first pm_qos call, are
 * under #if: there is no safe place for a static handle, so the calls
 * are reported.
 */
#include <linux/module.h>
#include <linux/input.h>
#include <linux/pm_qos_params.h>

#if defined(CONFIG_KEYPAD_FASTSCAN)
static int __init kp_scan_init(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "kp-scan", 200);
	return 0;
}
module_init(kp_scan_init);
#endif

static void __exit kp_scan_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "kp-scan");
}
module_exit(kp_scan_exit);
