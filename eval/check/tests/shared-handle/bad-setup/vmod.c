/*
 * A modem glue whose __init setup function is bound with
 * platform_driver_probe(): it runs once for each matching device present
 * at boot, not once, and it keeps nothing of its device in file scope.
 * Two such devices add twice into the one handle.
 */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vmod_qos_req;

static int __init vmod_setup(struct platform_device *pdev)
{
	dev_info(&pdev->dev, "modem glue up\n");
	vmod_qos_req = pm_qos_add_request(PM_QOS_NETWORK_LATENCY,
					  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static struct platform_driver vmod_driver = {
	.driver = { .name = "vmod" },
};

static int __init vmod_init(void)
{
	return platform_driver_probe(&vmod_driver, vmod_setup);
}
module_init(vmod_init);
