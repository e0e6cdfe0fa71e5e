/*
 * A PCI wireless NIC that asks for a short DMA latency while the radio
 * is up; its two requests are named by string literals and, as in
 * ipw2100, added after pci_register_driver(), so probe() can update one
 * before it exists: every call is reported.
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/pm_qos_params.h>

#define DRV_DESCRIPTION	"Example PCI wireless driver"

struct wl_priv {
	struct pci_dev *pdev;
	int status;
};

static int wl_up(struct wl_priv *priv)
{
	/* the firmware drops frames with C-state exit latencies > 175 us */
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "wl_pci", 175);
	priv->status = 1;
	return 0;
}

static void wl_down(struct wl_priv *priv)
{
	priv->status = 0;
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "wl_pci",
				  PM_QOS_DEFAULT_VALUE);
}

static struct pci_driver wl_pci_driver = {
	.name = "wl_pci",
};

static int __init wl_init(void)
{
	int ret;

	printk(KERN_INFO "%s\n", DRV_DESCRIPTION);
	ret = pci_register_driver(&wl_pci_driver);
	if (ret)
		goto out;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "wl_pci",
			       PM_QOS_DEFAULT_VALUE);
	pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, "wl_pci_rx", 500);
out:
	return ret;
}

static void __exit wl_exit(void)
{
	pci_unregister_driver(&wl_pci_driver);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "wl_pci");
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, "wl_pci_rx");
}

module_init(wl_init);
module_exit(wl_exit);
MODULE_LICENSE("GPL");
