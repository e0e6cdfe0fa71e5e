/* A site it reports. */
static void vusb_vote(struct usb_hcd *hcd)
{
	pm_qos_update_requirement(PM_QOS_SYSTEM_BUS_FREQ, hcd->self.bus_name,
				  64000);
}
