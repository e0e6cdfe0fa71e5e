/*
 * A keypad driver whose init function, and the add of its request by a
 * string literal, are under #if: the calls there are reported like any
 * other.  (A static handle would go after the #include of
 * pm_qos_params.h, outside the #if, where the remove in the exit
 * function can see it: convert/'s job.)
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
