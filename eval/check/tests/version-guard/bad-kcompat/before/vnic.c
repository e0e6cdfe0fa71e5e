/*
 * An out-of-tree NIC driver that builds on many kernels through its
 * kcompat.h, which defines HAVE_PM_QOS_REQUEST_LIST for kernels with
 * request handles (and HAVE_PM_QOS_REQUEST_LIST_NEW where the request is
 * given by address).  The string calls are the branch for older kernels:
 * converted, that branch would no longer build where it is compiled, and
 * the driver would declare its handle twice.  after/ is such a
 * conversion: the branch taken when HAVE_PM_QOS_REQUEST_LIST is undefined
 * given a handle of its own.
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/pm_qos_params.h>
#include "kcompat.h"

#ifdef HAVE_PM_QOS_REQUEST_LIST_NEW
static struct pm_qos_request_list vnic_pm_qos_req;
#elif defined(HAVE_PM_QOS_REQUEST_LIST)
static struct pm_qos_request_list *vnic_pm_qos_req;
#endif

static struct pci_driver vnic_driver = {
	.name = "vnic",
};

void vnic_set_latency(int usecs)
{
#ifndef HAVE_PM_QOS_REQUEST_LIST
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "vnic", usecs);
#elif defined(HAVE_PM_QOS_REQUEST_LIST_NEW)
	pm_qos_update_request(&vnic_pm_qos_req, usecs);
#else
	pm_qos_update_request(vnic_pm_qos_req, usecs);
#endif
}

static int __init vnic_init_module(void)
{
#ifdef HAVE_PM_QOS_REQUEST_LIST_NEW
	pm_qos_add_request(&vnic_pm_qos_req, PM_QOS_CPU_DMA_LATENCY,
			   PM_QOS_DEFAULT_VALUE);
#elif defined(HAVE_PM_QOS_REQUEST_LIST)
	vnic_pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					     PM_QOS_DEFAULT_VALUE);
#else
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "vnic",
			       PM_QOS_DEFAULT_VALUE);
#endif
	return pci_register_driver(&vnic_driver);
}
module_init(vnic_init_module);

static void __exit vnic_exit_module(void)
{
	pci_unregister_driver(&vnic_driver);
#ifndef HAVE_PM_QOS_REQUEST_LIST
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "vnic");
#else
	pm_qos_remove_request(vnic_pm_qos_req);
#endif
}
module_exit(vnic_exit_module);
