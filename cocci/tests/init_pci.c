/*
 * A PCI wireless NIC whose module-wide request is added in module_init()
 * before pci_register_driver(), but whose add and update values are
 * returned and tested: every call of that name is reported.
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/pm_qos_params.h>

#define WLX_NAME	"wlx"

struct wlx_priv {
	struct pci_dev *pdev;
	int status;
};

static int wlx_set_latency(s32 usecs)
{
	return pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, WLX_NAME,
					 usecs);
}

static int wlx_up(struct wlx_priv *priv)
{
	priv->status = 1;
	return wlx_set_latency(175);
}

static void wlx_down(struct wlx_priv *priv)
{
	priv->status = 0;
	wlx_set_latency(PM_QOS_DEFAULT_VALUE);
}

static struct pci_driver wlx_pci_driver = {
	.name = WLX_NAME,
};

static int __init wlx_init(void)
{
	int ret;

	ret = pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, WLX_NAME,
				     PM_QOS_DEFAULT_VALUE);
	if (ret)
		return ret;
	ret = pci_register_driver(&wlx_pci_driver);
	if (ret)
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, WLX_NAME);
	return ret;
}

static void __exit wlx_exit(void)
{
	pci_unregister_driver(&wlx_pci_driver);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, WLX_NAME);
}

module_init(wlx_init);
module_exit(wlx_exit);
MODULE_LICENSE("GPL");
