/* vcam: a camera interface block and its receive DMA. */
#ifndef __VCAM_H
#define __VCAM_H

#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

#define VCAM_NAME	"vcam"
#define VCAM_RX_NAME	"vcam_rx"

struct vcam_dev {
	struct platform_device *pdev;
	void __iomem *regs;
	int streaming;
};

#endif
