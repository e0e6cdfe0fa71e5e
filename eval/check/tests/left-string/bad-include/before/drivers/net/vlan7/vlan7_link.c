/* vlan7 link handling; built as part of vlan7_main.c, which includes it. */

void vlan7_link_change(struct vlan7_adapter *adapter, bool up)
{
	adapter->link_up = up;
	/* a short DMA latency while the link carries traffic */
	if (up)
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
					  adapter->netdev->name, 55);
	else
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
					  adapter->netdev->name,
					  PM_QOS_DEFAULT_VALUE);
}
