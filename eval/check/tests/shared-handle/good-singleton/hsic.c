/*
 * A USB function driver that reaches its state through one global
 * pointer, set by probe: the interrupt handler and the cable worker read
 * the_hsic.  A second probe would overwrite the pointer, so the request
 * is added once by construction; its handle goes into the structure that
 * pointer reaches.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct hsic_info {
	struct platform_device *pdev;
	int irq;
	int online;
};

static struct hsic_info *the_hsic;

static irqreturn_t hsic_irq(int irq, void *data)
{
	struct hsic_info *ui = data;

	ui->online = !ui->online;
	return IRQ_HANDLED;
}

static struct pm_qos_request_list *hsic_pm_qos_req;

static void hsic_cable(int online)
{
	if (online) {
		if (hsic_pm_qos_req)
			pm_qos_update_request(hsic_pm_qos_req, 1);
	}
	else {
		if (hsic_pm_qos_req)
			pm_qos_update_request(hsic_pm_qos_req,
					      PM_QOS_DEFAULT_VALUE);
	}
	the_hsic->online = online;
}

static int hsic_probe(struct platform_device *pdev)
{
	struct hsic_info *ui;

	ui = kzalloc(sizeof(*ui), GFP_KERNEL);
	if (!ui)
		return -ENOMEM;
	ui->pdev = pdev;
	ui->irq = platform_get_irq(pdev, 0);
	the_hsic = ui;
	hsic_pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					     PM_QOS_DEFAULT_VALUE);
	return request_irq(ui->irq, hsic_irq, 0, "hsic", ui);
}

static int hsic_remove(struct platform_device *pdev)
{
	free_irq(the_hsic->irq, the_hsic);
	pm_qos_remove_request(hsic_pm_qos_req);
	hsic_pm_qos_req = NULL;
	kfree(the_hsic);
	the_hsic = NULL;
	return 0;
}

void hsic_set_cable(int online)
{
	hsic_cable(online);
}
EXPORT_SYMBOL(hsic_set_cable);

static struct platform_driver hsic_driver = {
	.probe = hsic_probe,
	.remove = hsic_remove,
	.driver = {
		.name = "msm_hsic",
		.owner = THIS_MODULE,
	},
};

static int __init hsic_init(void)
{
	return platform_driver_register(&hsic_driver);
}
module_init(hsic_init);
MODULE_LICENSE("GPL");
