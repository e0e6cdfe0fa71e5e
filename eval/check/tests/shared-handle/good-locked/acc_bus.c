/*
 * acc_bus.c - a one-wire accessory bus of a PMIC: each bus command
 * holds the CPU out of deep idle while it waits for the interrupt that
 * ends it, and every command runs with the bus lock held.  A plug-out
 * or the driver's removal drops the latency as well.  Detection runs
 * from a work item of the device; the register accessors are exported
 * to the accessory's driver.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/wait.h>
#include <linux/pm_qos_params.h>

#define ACC_CMD_RESET	0x01
#define ACC_CMD_READ	0x02
#define ACC_CMD_WRITE	0x03
#define ACC_TIMEOUT_MS	100

struct acc_bus {
	struct device		*dev;
	struct mutex		lock;
	struct work_struct	detect_work;
	int			present;
	wait_queue_head_t	wait;
	int			done;
	u8			data;
	int			irq;
};

static struct acc_bus *the_acc;

static struct pm_qos_request_list *acc_bus_pm_qos_req;

static int acc_cmd(u8 cmd)
{
	long left;

	if (cmd > ACC_CMD_WRITE)
		return -EINVAL;

	the_acc->done = 0;
	acc_bus_pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 0);
	acc_hw_write(cmd);
	left = wait_event_timeout(the_acc->wait, the_acc->done,
				  msecs_to_jiffies(ACC_TIMEOUT_MS));
	pm_qos_remove_request(xchg(&acc_bus_pm_qos_req, NULL));

	return left ? 0 : -ETIMEDOUT;
}

static int acc_detect(struct acc_bus *acc)
{
	int ret, tries;

	acc_hw_power(1);
	mutex_lock(&the_acc->lock);
	for (tries = 0; tries < 3; tries++) {
		ret = acc_cmd(ACC_CMD_RESET);
		if (!ret)
			break;
	}
	mutex_unlock(&the_acc->lock);
	acc->present = !ret;
	return ret;
}

static void acc_detect_work(struct work_struct *work)
{
	struct acc_bus *acc = container_of(work, struct acc_bus, detect_work);

	if (acc_detect(acc))
		acc_hw_power(0);
}

int acc_read(u8 *val)
{
	int ret;

	mutex_lock(&the_acc->lock);
	ret = acc_cmd(ACC_CMD_READ);
	if (!ret)
		*val = the_acc->data;
	mutex_unlock(&the_acc->lock);
	return ret;
}
EXPORT_SYMBOL(acc_read);

int acc_write(u8 val)
{
	int ret;

	mutex_lock(&the_acc->lock);
	the_acc->data = val;
	ret = acc_cmd(ACC_CMD_WRITE);
	mutex_unlock(&the_acc->lock);
	return ret;
}
EXPORT_SYMBOL(acc_write);

static irqreturn_t acc_irq(int irq, void *data)
{
	struct acc_bus *acc = data;

	if (!acc->present) {
		schedule_work(&acc->detect_work);
		return IRQ_HANDLED;
	}
	acc->done = 1;
	wake_up(&acc->wait);
	return IRQ_HANDLED;
}

void acc_plug_out(void)
{
	pm_qos_remove_request(xchg(&acc_bus_pm_qos_req, NULL));
}
EXPORT_SYMBOL(acc_plug_out);

static int __devinit acc_probe(struct platform_device *pdev)
{
	struct acc_bus *acc;
	int ret;

	acc = kzalloc(sizeof(*acc), GFP_KERNEL);
	if (!acc)
		return -ENOMEM;
	acc->dev = &pdev->dev;
	mutex_init(&acc->lock);
	init_waitqueue_head(&acc->wait);
	INIT_WORK(&acc->detect_work, acc_detect_work);
	acc->irq = platform_get_irq(pdev, 0);
	ret = request_irq(acc->irq, acc_irq, 0, "acc_bus", acc);
	if (ret) {
		kfree(acc);
		return ret;
	}
	platform_set_drvdata(pdev, acc);
	the_acc = acc;
	return 0;
}

static int __devexit acc_remove(struct platform_device *pdev)
{
	struct acc_bus *acc = platform_get_drvdata(pdev);

	free_irq(acc->irq, acc);
	cancel_work_sync(&acc->detect_work);
	pm_qos_remove_request(xchg(&acc_bus_pm_qos_req, NULL));
	the_acc = NULL;
	kfree(acc);
	return 0;
}

static struct platform_driver acc_driver = {
	.probe		= acc_probe,
	.remove		= __devexit_p(acc_remove),
	.driver		= {
		.name	= "acc_bus",
		.owner	= THIS_MODULE,
	},
};

static int __init acc_init(void)
{
	return platform_driver_register(&acc_driver);
}
module_init(acc_init);
MODULE_LICENSE("GPL");
