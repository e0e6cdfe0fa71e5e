/*
 * ohci-xyz.c - OHCI glue of the XYZ SoC: the probe's helper keeps in
 * file scope the bus clock, which the first device gets and the others
 * share, and the PHY clock, which is the board's and not the device's.
 * A second device works with both, and its add overwrites the handle.
 */
#include <linux/platform_device.h>
#include <linux/clk.h>
#include <linux/pm_qos_params.h>

#define XYZ_BUS_KHZ	104000

struct clk *xyz_usb_clk;
static struct clk *xyz_phy_clk;

static int ohci_xyz_start(struct usb_hcd *hcd)
{
	struct ohci_hcd *ohci = hcd_to_ohci(hcd);
	int ret;

	ret = ohci_init(ohci);
	if (ret < 0)
		return ret;
	return ohci_run(ohci);
}

static const struct hc_driver ohci_xyz_hc_driver = {
	.description =		hcd_name,
	.product_desc =		"XYZ OHCI",
	.hcd_priv_size =	sizeof(struct ohci_hcd),
	.irq =			ohci_irq,
	.flags =		HCD_USB11 | HCD_MEMORY,
	.start =		ohci_xyz_start,
	.stop =			ohci_stop,
};

static struct pm_qos_request_list *ohci_xyz_pm_qos_req;

static struct pm_qos_request_list *ohci_xyz_pm_qos_req_system_bus_freq;

int usb_hcd_xyz_probe(const struct hc_driver *driver,
		      struct platform_device *pdev)
{
	struct usb_hcd *hcd;
	int retval;

	if (!xyz_usb_clk)
		xyz_usb_clk = clk_get(&pdev->dev, "usb_bus");
	if (IS_ERR(xyz_usb_clk))
		return PTR_ERR(xyz_usb_clk);
	xyz_phy_clk = clk_get(NULL, "usb_phy");
	clk_enable(xyz_usb_clk);
	clk_enable(xyz_phy_clk);

	if (ohci_xyz_pm_qos_req)
		pm_qos_update_request(ohci_xyz_pm_qos_req, 20);
	ohci_xyz_pm_qos_req_system_bus_freq = pm_qos_add_request(PM_QOS_SYSTEM_BUS_FREQ,
								 XYZ_BUS_KHZ);

	hcd = usb_create_hcd(driver, &pdev->dev, "xyz");
	if (!hcd) {
		retval = -ENOMEM;
		goto err_clk;
	}
	hcd->rsrc_start = pdev->resource[0].start;
	hcd->rsrc_len = pdev->resource[0].end - pdev->resource[0].start + 1;
	hcd->regs = ioremap(hcd->rsrc_start, hcd->rsrc_len);
	if (!hcd->regs) {
		retval = -ENOMEM;
		goto err_put;
	}
	retval = usb_add_hcd(hcd, pdev->resource[1].start, IRQF_DISABLED);
	if (retval == 0)
		return 0;

	iounmap(hcd->regs);
err_put:
	usb_put_hcd(hcd);
err_clk:
	clk_disable(xyz_usb_clk);
	clk_put(xyz_usb_clk);
	pm_qos_remove_request(xchg(&ohci_xyz_pm_qos_req, NULL));
	pm_qos_remove_request(xchg(&ohci_xyz_pm_qos_req_system_bus_freq, NULL));
	return retval;
}

static int ohci_hcd_xyz_drv_probe(struct platform_device *pdev)
{
	if (usb_disabled())
		return -ENODEV;

	ohci_xyz_pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
						 PM_QOS_DEFAULT_VALUE);

	return usb_hcd_xyz_probe(&ohci_xyz_hc_driver, pdev);
}

static int ohci_hcd_xyz_drv_remove(struct platform_device *pdev)
{
	struct usb_hcd *hcd = platform_get_drvdata(pdev);

	usb_remove_hcd(hcd);
	iounmap(hcd->regs);
	usb_put_hcd(hcd);
	clk_disable(xyz_usb_clk);
	clk_put(xyz_usb_clk);

	pm_qos_remove_request(xchg(&ohci_xyz_pm_qos_req, NULL));
	pm_qos_remove_request(xchg(&ohci_xyz_pm_qos_req_system_bus_freq, NULL));
	return 0;
}

static struct platform_driver ohci_hcd_xyz_driver = {
	.probe		= ohci_hcd_xyz_drv_probe,
	.remove		= ohci_hcd_xyz_drv_remove,
	.shutdown	= usb_hcd_platform_shutdown,
	.driver		= {
		.name	= "xyz-ohci",
		.owner	= THIS_MODULE,
	},
};
