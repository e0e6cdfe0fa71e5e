/*
 * A NIC whose open path configures the receive unit, which updates the
 * request, before up() adds it (as v2.6.34's e1000e does): the update must
 * stay a no-op there, never a warning.
 */
#include <linux/netdevice.h>
#include <linux/pm_qos_params.h>

struct nic_adapter {
	struct net_device *netdev;
	int rx_itr;
};

static void nic_configure_rx(struct nic_adapter *adapter)
{
	if (adapter->rx_itr)
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
					  adapter->netdev->name, 55);
}

static void nic_configure(struct nic_adapter *adapter)
{
	nic_configure_rx(adapter);
}

int nic_up(struct nic_adapter *adapter)
{
	nic_configure(adapter);
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, adapter->netdev->name,
			       PM_QOS_DEFAULT_VALUE);
	return 0;
}

void nic_down(struct nic_adapter *adapter)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
				  adapter->netdev->name);
}

static int nic_open(struct net_device *netdev)
{
	struct nic_adapter *adapter = netdev_priv(netdev);

	nic_configure(adapter);
	return nic_up(adapter);
}

static const struct net_device_ops nic_netdev_ops = {
	.ndo_open = nic_open,
};
