/* A touchscreen whose remove() frees its state before the converted
 * remove of the request that lives in it. */
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct ts_dev {
	void __iomem *base;
	int irq;
	struct pm_qos_request_list *pm_qos_req;
};

static int ts_remove(struct platform_device *pdev)
{
	struct ts_dev *ts = platform_get_drvdata(pdev);

	free_irq(ts->irq, ts);
	iounmap(ts->base);
	kfree(ts);
	pm_qos_remove_request(ts->pm_qos_req);
	ts->pm_qos_req = NULL;
	return 0;
}
