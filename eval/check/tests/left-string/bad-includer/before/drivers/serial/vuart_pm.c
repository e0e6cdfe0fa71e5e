/* vuart power management; compiled as part of vuart.c, which includes it. */

static int vuart_pm_init(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, VUART_NAME,
				      PM_QOS_DEFAULT_VALUE);
}

static void vuart_pm_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, VUART_NAME);
}
