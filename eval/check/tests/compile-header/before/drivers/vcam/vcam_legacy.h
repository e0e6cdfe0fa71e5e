/* A helper of a board file this tree no longer builds: no C file
 * includes it. */
static inline void vcam_legacy_idle(void)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vcam",
				  PM_QOS_DEFAULT_VALUE);
}
