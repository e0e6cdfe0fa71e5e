/* vuart: a DMA-capable UART. */
#include <linux/module.h>
#include <linux/serial_core.h>
#include <linux/pm_qos_params.h>

#define VUART_NAME	"vuart"

#include "vuart_pm.c"

static void vuart_start_rx_dma(struct uart_port *port)
{
	/* the FIFO overruns if the CPU sleeps deeper than this */
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, VUART_NAME, 40);
	writel(1, port->membase + 0x30);
}

static void vuart_stop_rx(struct uart_port *port)
{
	writel(0, port->membase + 0x30);
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, VUART_NAME,
				  PM_QOS_DEFAULT_VALUE);
}

static struct uart_ops vuart_ops = {
	.start_rx	= vuart_start_rx_dma,
	.stop_rx	= vuart_stop_rx,
};

static int __init vuart_init(void)
{
	return vuart_pm_init();
}

static void __exit vuart_exit(void)
{
	vuart_pm_exit();
}

module_init(vuart_init);
module_exit(vuart_exit);
