/*
 * A USB host controller glue driver that checks return values in every
 * way seen in drivers, inside conditions, returns and assignments: each
 * call is reported where it stands.  Of the two adds of xhcd_dbg_init(),
 * the first is a plain statement in an __init function; the second's
 * value is returned.
 */
#include <linux/module.h>
#include <linux/usb.h>
#include <linux/pm_qos_params.h>

struct xhcd {
	struct usb_hcd *hcd;
	int suspended;
};

static int xhcd_ready;

static int __init xhcd_isoc_init(void)
{
	if (pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-isoc", 40))
		return -ENOMEM;
	return 0;
}

static int __init xhcd_init(void)
{
	int err = xhcd_isoc_init();

	if (err)
		return err;
	if (!pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, "xhcd-net", 100)) {
		xhcd_ready = 1;
	} else {
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-isoc");
		return -ENOMEM;
	}
	if (pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-bulk",
				   400) < 0) {
		pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, "xhcd-net");
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-isoc");
		return -ENOMEM;
	}
	return 0;
}

/* when the second add fails, the first request is never removed */
static int __init xhcd_dbg_init(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-dbg", 1000);
	return pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, "xhcd-trace", 50);
}

static int xhcd_isoc_tune(struct xhcd *x, s32 usecs)
{
	int ret;

	if (pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-isoc",
				      usecs) < 0)
		printk(KERN_WARNING "xhcd: cannot update latency\n");
	ret = pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-bulk",
					usecs * 2);
	return ret;
}

static void __exit xhcd_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-bulk");
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, "xhcd-net");
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-isoc");
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, "xhcd-trace");
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-dbg");
}

static int xhcd_bus_resume(struct xhcd *x)
{
	int err = pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-bus",
					 PM_QOS_DEFAULT_VALUE);

	if (err)
		return err;
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-bus", 10);
	return 0;
}

static void xhcd_bus_suspend(struct xhcd *x)
{
#if 0
	/* kept for the record: the old firmware wanted this */
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-bus", 5);
#endif
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-bus");
}

static int xhcd_ctrl_on(struct xhcd *x)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-ctrl", 300);
}

/* update always returned 0: testing it both ways is left to a human */
static void xhcd_ctrl_tune(struct xhcd *x)
{
	if (!pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "xhcd-ctrl", 150))
		x->suspended = 0;
	else
		x->suspended = 1;
}

module_init(xhcd_init);
module_exit(xhcd_exit);
