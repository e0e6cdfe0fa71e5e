/*
 * A keypad driver whose first function, and first pm_qos call, are
 * under #if: there is no safe place for a static handle, so the calls
 * are reported.
 */
#include <linux/input.h>
#include <linux/pm_qos_params.h>

#if defined(CONFIG_KEYPAD_FASTSCAN)
static void kp_scan_start(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "kp-scan", 200);
}
#endif

static void kp_scan_stop(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "kp-scan");
}
