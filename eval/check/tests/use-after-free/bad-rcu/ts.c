/* A touchscreen whose state is freed after a grace period: kfree_rcu()
 * takes the object first and the name of its rcu_head second, and the
 * converted remove reads the handle from the object after it. */
#include <linux/platform_device.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct ts_dev {
	int irq;
	struct rcu_head rcu;
	struct pm_qos_request_list *pm_qos_req;
};

static int ts_remove(struct platform_device *pdev)
{
	struct ts_dev *ts = platform_get_drvdata(pdev);

	free_irq(ts->irq, ts);
	kfree_rcu(ts, rcu);
	pm_qos_remove_request(ts->pm_qos_req);
	return 0;
}
