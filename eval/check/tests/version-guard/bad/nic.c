/* An out-of-tree NIC driver that builds on several kernels: the call was
 * converted in the branch for old kernels only. */
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

#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 36)
	adapter->pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
						 PM_QOS_DEFAULT_VALUE);
#else
	cpu_latency_qos_add_request(&adapter->pm_qos, PM_QOS_DEFAULT_VALUE);
#endif
	return 0;
}
