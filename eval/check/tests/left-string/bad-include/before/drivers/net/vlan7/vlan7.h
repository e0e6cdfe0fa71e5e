/* vlan7: per-adapter state of a small PCI Ethernet controller. */
#ifndef _VLAN7_H_
#define _VLAN7_H_

#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/pm_qos_params.h>

struct vlan7_adapter {
	struct net_device *netdev;
	struct pci_dev *pdev;
	void __iomem *hw_addr;
	u32 rx_itr;
	bool link_up;
};

void vlan7_link_change(struct vlan7_adapter *adapter, bool up);

#endif /* _VLAN7_H_ */
