/* The same driver with the conversion outside of any version guard; a
 * guard on something else does not matter. */
#include <linux/version.h>
#include <linux/netdevice.h>
#include <linux/pm_qos_params.h>

struct vnic_adapter {
	struct net_device *netdev;
	struct pm_qos_request_list *pm_qos_req;
};

static int vnic_open(struct net_device *netdev)
{
	struct vnic_adapter *adapter = netdev_priv(netdev);

#ifdef CONFIG_VNIC_LOW_LATENCY
	adapter->pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 20);
#else
	adapter->pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
						 PM_QOS_DEFAULT_VALUE);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 30)
	netdev->trans_start = jiffies;
#endif
	return 0;
}
