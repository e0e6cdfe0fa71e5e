/* A UART driver that binds one device per port but keeps the request in
 * one file-scope handle, added in probe(). */
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct vuart_port {
	void __iomem *membase;
	int line;
};

static struct pm_qos_request_list *vuart_qos_req;

static int vuart_probe(struct platform_device *pdev)
{
	struct vuart_port *up = kzalloc(sizeof(*up), GFP_KERNEL);

	if (!up)
		return -ENOMEM;
	up->line = pdev->id;
	vuart_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					   PM_QOS_DEFAULT_VALUE);
	platform_set_drvdata(pdev, up);
	return 0;
}

static int vuart_remove(struct platform_device *pdev)
{
	pm_qos_remove_request(vuart_qos_req);
	vuart_qos_req = NULL;
	kfree(platform_get_drvdata(pdev));
	return 0;
}

static struct platform_driver vuart_driver = {
	.probe = vuart_probe,
	.remove = vuart_remove,
	.driver = { .name = "vuart" },
};

static int __init vuart_init(void)
{
	return platform_driver_register(&vuart_driver);
}
module_init(vuart_init);
