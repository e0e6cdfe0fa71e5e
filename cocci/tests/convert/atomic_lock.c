/*
 * An update under a spinlock: the handle API may sleep, so the request is
 * reported, not converted.
 */
#include <linux/spinlock.h>
#include <linux/pm_qos_params.h>

static DEFINE_SPINLOCK(uart_lock);
static const char uart_qos_name[] = "uart";

static int __init uart_qos_init(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, uart_qos_name,
				      PM_QOS_DEFAULT_VALUE);
}

static void uart_start_tx(int busy)
{
	unsigned long flags;

	spin_lock_irqsave(&uart_lock, flags);
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, uart_qos_name,
				  busy ? 10 : PM_QOS_DEFAULT_VALUE);
	spin_unlock_irqrestore(&uart_lock, flags);
}
EXPORT_SYMBOL(uart_start_tx);
module_init(uart_qos_init);
