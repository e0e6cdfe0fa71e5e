/* A USB host whose add was converted, while its update, reached through
 * another name for the same string, was left on the string API. */
#include <linux/platform_device.h>
#include <linux/usb.h>
#include <linux/pm_qos_params.h>

struct vehci {
	struct usb_hcd *hcd;
	struct pm_qos_request_list *pm_qos_req;
};

static void vehci_bus_vote(struct usb_hcd *hcd, int on)
{
	pm_qos_update_requirement(PM_QOS_SYSTEM_BUS_FREQ, hcd->self.bus_name,
				  on ? 64000 : PM_QOS_DEFAULT_VALUE);
}

static int vehci_probe(struct platform_device *pdev)
{
	struct vehci *v = platform_get_drvdata(pdev);

	v->pm_qos_req = pm_qos_add_request(PM_QOS_SYSTEM_BUS_FREQ,
					   PM_QOS_DEFAULT_VALUE);
	vehci_bus_vote(v->hcd, 1);
	return 0;
}
