/*
 * pmqos-demo: an example out-of-tree driver written against the 2.6.34
 * string-named pm_qos API, for convert/pmqos-convert to convert.
 */
#ifndef _PMQOS_DEMO_H
#define _PMQOS_DEMO_H

#include <linux/platform_device.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

#define DEMO_DRV_NAME		"pmqos-demo"
#define DEMO_RX_LATENCY_US	50

struct demo_dev {
	struct platform_device *pdev;
	void __iomem *regs;
	struct timer_list watchdog;
	struct work_struct rx_work;
	char qos_name[24];		/* "pmqos-demo.<id>", set in probe */
	unsigned int rx_pending;
	int link_up;
};

int demo_link_start(struct demo_dev *demo);
void demo_link_stop(struct demo_dev *demo);

#endif /* _PMQOS_DEMO_H */
