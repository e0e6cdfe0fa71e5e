/*
 * A network offload engine that keeps a network latency request while
 * the module is loaded and drops it from its reboot notifier, so that a
 * slow shutdown does not hold the CPU out of deep idle states.  The
 * notifier runs while the module is still loaded, and the exit function
 * removes the request again: a double free with a handle.  Every call is
 * left to the maintainer.
 */
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/reboot.h>
#include <linux/pm_qos_params.h>

static int noe_latency_us = 50;
module_param(noe_latency_us, int, 0444);

static int noe_reboot(struct notifier_block *nb, unsigned long code,
		      void *unused)
{
	if (code == SYS_DOWN || code == SYS_HALT)
		pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, "noe");
	return NOTIFY_DONE;
}

static struct notifier_block noe_reboot_nb = {
	.notifier_call = noe_reboot,
};

static int __init noe_init(void)
{
	pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, "noe", noe_latency_us);
	return register_reboot_notifier(&noe_reboot_nb);
}

static void __exit noe_exit(void)
{
	unregister_reboot_notifier(&noe_reboot_nb);
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, "noe");
}

module_init(noe_init);
module_exit(noe_exit);
MODULE_LICENSE("GPL");
