/* vlan7: open and close of the net device. */
#include <linux/module.h>
#include <linux/interrupt.h>
#include "vlan7.h"

static irqreturn_t vlan7_intr(int irq, void *data)
{
	struct vlan7_adapter *adapter = data;

	vlan7_link_change(adapter, readl(adapter->hw_addr + 0x08) & 1);
	return IRQ_HANDLED;
}

static int vlan7_open(struct net_device *netdev)
{
	struct vlan7_adapter *adapter = netdev_priv(netdev);
	int err;

	adapter->pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
						 PM_QOS_DEFAULT_VALUE);
	err = request_irq(adapter->pdev->irq, vlan7_intr, IRQF_SHARED,
			  netdev->name, adapter);
	if (err) {
		pm_qos_remove_request(adapter->pm_qos_req);
		adapter->pm_qos_req = NULL;
		return err;
	}
	netif_start_queue(netdev);
	return 0;
}

static int vlan7_close(struct net_device *netdev)
{
	struct vlan7_adapter *adapter = netdev_priv(netdev);

	netif_stop_queue(netdev);
	free_irq(adapter->pdev->irq, adapter);
	pm_qos_remove_request(adapter->pm_qos_req);
	adapter->pm_qos_req = NULL;
	return 0;
}

static const struct net_device_ops vlan7_netdev_ops = {
	.ndo_open	= vlan7_open,
	.ndo_stop	= vlan7_close,
};

#include "vlan7_link.c"
