/* vuart power management; compiled as part of vuart.c, which includes it. */

static struct pm_qos_request_list *vuart_qos_req;

static int vuart_pm_init(void)
{
	vuart_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					   PM_QOS_DEFAULT_VALUE);
	return vuart_qos_req ? 0 : -ENOMEM;
}

static void vuart_pm_exit(void)
{
	pm_qos_remove_request(vuart_qos_req);
}
