/*
 * A UART whose DMA engine loses characters when the CPU sleeps deeply
 * during a transfer at high baud rates.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/pm_qos_params.h>

static int __init uart_dma_init(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "uart_dma", 50);
	return 0;
}

static void __exit uart_dma_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "uart_dma");
}

module_init(uart_dma_init);
module_exit(uart_dma_exit);
MODULE_LICENSE("GPL");
