// SPDX-License-Identifier: GPL-2.0
/*
 * include/linux/pm_qos_params.h on its own: it declares the whole API and
 * pulls in only what that needs, not list.h or miscdevice.h, which only the
 * core uses.  Compiled with -fsyntax-only -Werror by `make check`.
 */
#include <linux/pm_qos_params.h>

#ifdef _HARNESS_LINUX_LIST_H
#error "pm_qos_params.h includes list.h"
#endif
#ifdef _HARNESS_LINUX_MISCDEVICE_H
#error "pm_qos_params.h includes miscdevice.h"
#endif

static struct notifier_block nb;

int header_user(void);
int header_user(void)
{
	struct pm_qos_request_list *req;

	req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, PM_QOS_DEFAULT_VALUE);
	pm_qos_update_request(req, 10);
	pm_qos_remove_request(req);
	return pm_qos_add_notifier(PM_QOS_NETWORK_LATENCY, &nb) +
	       pm_qos_remove_notifier(PM_QOS_NETWORK_LATENCY, &nb) +
	       pm_qos_request(PM_QOS_NETWORK_THROUGHPUT);
}
