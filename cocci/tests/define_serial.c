/*
 * A serial driver whose request is named by a #define; the calls sit
 * under #ifdef CONFIG_PM and one update's value is returned.  The
 * request is added both in resume and in init: one static handle cannot
 * hold it, so every call is reported.
 */
#include <linux/module.h>
#include <linux/serial_core.h>
#include <linux/pm_qos_params.h>

#define DRIVER_NAME	"fastuart"

static int fastuart_rx_dma = 1;

static int fastuart_set_latency(int usecs)
{
	return pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, DRIVER_NAME,
					 usecs);
}

static int fastuart_startup(struct uart_port *port)
{
	if (fastuart_rx_dma)
		return fastuart_set_latency(50);
	return 0;
}

static void fastuart_shutdown(struct uart_port *port)
{
	fastuart_set_latency(PM_QOS_DEFAULT_VALUE);
}

#ifdef CONFIG_PM
static int fastuart_suspend(struct platform_device *pdev, pm_message_t state)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, DRIVER_NAME);
	return 0;
}

static int fastuart_resume(struct platform_device *pdev)
{
	if (pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, DRIVER_NAME,
				   PM_QOS_DEFAULT_VALUE) < 0)
		return -ENOMEM;
	return 0;
}
#endif

static int __init fastuart_init(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, DRIVER_NAME,
				      PM_QOS_DEFAULT_VALUE);
}

static void __exit fastuart_exit(void)
{
	/* pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, DRIVER_NAME, 0); */
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, DRIVER_NAME);
}

module_init(fastuart_init);
module_exit(fastuart_exit);
