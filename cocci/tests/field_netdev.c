/*
 * A PCI Ethernet driver that, like e1000e, names its request after the
 * net_device (adapter->netdev->name); a reset work item updates it.
 * The handle belongs in the adapter: every call is reported.
 */
#include <linux/netdevice.h>
#include <linux/workqueue.h>
#include <linux/pm_qos_params.h>

#define FLAG_HAS_ERT	(1 << 0)

struct gbe_adapter {
	struct net_device *netdev;
	struct pci_dev *pdev;
	struct work_struct reset_task;
	unsigned int flags;
	unsigned int rx_buffer_len;
};

static void gbe_configure_rx(struct gbe_adapter *adapter)
{
	if (adapter->flags & FLAG_HAS_ERT) {
		if (adapter->rx_buffer_len > 2048)
			/*
			 * early receive needs a short DMA latency with
			 * jumbo frames
			 */
			pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
						  adapter->netdev->name, 55);
		else
			pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
						  adapter->netdev->name,
						  PM_QOS_DEFAULT_VALUE);
	}
}

static void gbe_reset_task(struct work_struct *work)
{
	struct gbe_adapter *adapter;

	adapter = container_of(work, struct gbe_adapter, reset_task);
	gbe_configure_rx(adapter);
}

int gbe_up(struct gbe_adapter *adapter)
{
	/* DMA latency requirement to work around the early-receive issue */
	if (adapter->flags & FLAG_HAS_ERT)
		pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY,
				       adapter->netdev->name,
				       PM_QOS_DEFAULT_VALUE);
	gbe_configure_rx(adapter);
	netif_wake_queue(adapter->netdev);
	return 0;
}

void gbe_down(struct gbe_adapter *adapter)
{
	netif_stop_queue(adapter->netdev);
	if (adapter->flags & FLAG_HAS_ERT)
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  adapter->netdev->name);
}
