/* Both the add and the update converted; an update of another class,
 * whose add is elsewhere, stays on the string API. */
#include <linux/platform_device.h>
#include <linux/usb.h>
#include <linux/pm_qos_params.h>

struct vehci {
	struct usb_hcd *hcd;
	struct pm_qos_request_list *pm_qos_req;
};

static void vehci_bus_vote(struct vehci *v, int on)
{
	pm_qos_update_request(v->pm_qos_req, on ? 64000 : PM_QOS_DEFAULT_VALUE);
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vehci_dma",
				  on ? 20 : PM_QOS_DEFAULT_VALUE);
}

static int vehci_probe(struct platform_device *pdev)
{
	struct vehci *v = platform_get_drvdata(pdev);

	v->pm_qos_req = pm_qos_add_request(PM_QOS_SYSTEM_BUS_FREQ,
					   PM_QOS_DEFAULT_VALUE);
	vehci_bus_vote(v, 1);
	return 0;
}
