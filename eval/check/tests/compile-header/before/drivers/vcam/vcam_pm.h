/* Power helpers of vcam.c, included after <linux/pm_qos_params.h>. */
static inline void vcam_pm_busy(int on)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vcam",
				  on ? 10 : PM_QOS_DEFAULT_VALUE);
}
