/*
 * An on-chip Ethernet MAC, one per SoC, with two module-wide requests:
 * the DMA engine's latency, named "lp-eth", and the network latency,
 * named "lp_eth".  Both are added in the init function before the
 * driver registers and removed last in the exit function, but their
 * names make one handle name: as one static, the second add would
 * overwrite the first handle (that request never removed) and the exit
 * function would remove the second twice.  Neither becomes a static
 * handle; every call is reported.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/netdevice.h>
#include <linux/pm_qos_params.h>

#define LP_ETH_DMA_USECS	30
#define LP_ETH_NET_USECS	200

static int lp_eth_open(struct net_device *ndev)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "lp-eth",
				  LP_ETH_DMA_USECS);
	pm_qos_update_requirement(PM_QOS_NETWORK_LATENCY, "lp_eth",
				  LP_ETH_NET_USECS);
	netif_start_queue(ndev);
	return 0;
}

static int lp_eth_stop(struct net_device *ndev)
{
	netif_stop_queue(ndev);
	pm_qos_update_requirement(PM_QOS_NETWORK_LATENCY, "lp_eth",
				  PM_QOS_DEFAULT_VALUE);
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "lp-eth",
				  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static const struct net_device_ops lp_eth_netdev_ops = {
	.ndo_open	= lp_eth_open,
	.ndo_stop	= lp_eth_stop,
};

static int __devinit lp_eth_probe(struct platform_device *pdev)
{
	struct net_device *ndev;

	ndev = alloc_etherdev(0);
	if (!ndev)
		return -ENOMEM;
	ndev->netdev_ops = &lp_eth_netdev_ops;
	platform_set_drvdata(pdev, ndev);
	return register_netdev(ndev);
}

static struct platform_driver lp_eth_driver = {
	.probe		= lp_eth_probe,
	.driver		= {
		.name	= "lp-eth",
		.owner	= THIS_MODULE,
	},
};

static int __init lp_eth_init(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "lp-eth",
			       PM_QOS_DEFAULT_VALUE);
	pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, "lp_eth",
			       PM_QOS_DEFAULT_VALUE);
	return platform_driver_register(&lp_eth_driver);
}

static void __exit lp_eth_exit(void)
{
	platform_driver_unregister(&lp_eth_driver);
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, "lp_eth");
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "lp-eth");
}

module_init(lp_eth_init);
module_exit(lp_eth_exit);
MODULE_LICENSE("GPL");
