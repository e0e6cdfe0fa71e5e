/* A site the converter converts. */
static int vuart_start(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "vuart",
				      PM_QOS_DEFAULT_VALUE);
}
