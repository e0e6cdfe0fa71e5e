/* vcam receive DMA; compiled as part of vcam_core.c, which includes it.
 * It keeps its own request, named apart from the core's. */

static void vcam_rx_start(struct vcam_dev *cam)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, VCAM_RX_NAME, 100);
	pm_qos_update_requirement(PM_QOS_NETWORK_LATENCY,
				  (char *)dev_name(&cam->pdev->dev), 200);
	writel(1, cam->regs + 0x40);
}

static void vcam_rx_tune(struct vcam_dev *cam, int usec)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vcam_rx", usec);
}

static void vcam_rx_stop(struct vcam_dev *cam)
{
	writel(0, cam->regs + 0x40);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, VCAM_RX_NAME);
}
