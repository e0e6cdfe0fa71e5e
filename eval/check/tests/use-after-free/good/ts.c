/* The same remove() with the request removed while its holder lives; an
 * error path frees the state and returns before any use. */
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct ts_dev {
	void __iomem *base;
	int irq;
	struct pm_qos_request_list *pm_qos_req;
};

static int ts_probe(struct platform_device *pdev)
{
	struct ts_dev *ts = kzalloc(sizeof(*ts), GFP_KERNEL);

	if (!ts)
		return -ENOMEM;
	ts->base = ioremap(0x10000000, 0x100);
	if (!ts->base) {
		kfree(ts);
		return -ENOMEM;
	}
	ts->pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					    PM_QOS_DEFAULT_VALUE);
	platform_set_drvdata(pdev, ts);
	return 0;
}

static int ts_remove(struct platform_device *pdev)
{
	struct ts_dev *ts = platform_get_drvdata(pdev);

	pm_qos_remove_request(ts->pm_qos_req);
	ts->pm_qos_req = NULL;
	free_irq(ts->irq, ts);
	iounmap(ts->base);
	kfree(ts);
	return 0;
}
