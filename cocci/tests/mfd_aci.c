/*
 * The accessory detection block of a power-management companion chip
 * (headset plug, its buttons and an ECI serial link over the mic line),
 * in the manner of the MFD drivers of the time: two requests by name,
 * one around each command to the block and one from the first button
 * interrupt to the last release, added, updated and removed under the
 * block's flags, its spinlock and three mutexes, in a threaded
 * interrupt handler that loops over the status bits, in work items, in
 * sysfs, in the power callbacks and on the error paths of probe.
 * Every call is reported, in a few seconds at most: the script follows
 * no path, so the number of paths does not matter.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <linux/delay.h>
#include <linux/input.h>
#include <linux/platform_device.h>
#include <linux/i2c/twl4030.h>
#include <linux/pm_qos_params.h>

#define XACI_QOS_CMD		"xaci-cmd"
#define XACI_QOS_BTN		"xaci-btn"

#define XACI_REG_CTRL		0x00
#define XACI_REG_STATUS		0x01
#define XACI_REG_IMR		0x02
#define XACI_REG_ISR		0x03
#define XACI_REG_CMD		0x04
#define XACI_REG_DATA		0x05
#define XACI_REG_BTN		0x06
#define XACI_REG_AV		0x07

#define XACI_ISR_PLUG		(1 << 0)
#define XACI_ISR_UNPLUG		(1 << 1)
#define XACI_ISR_BTN		(1 << 2)
#define XACI_ISR_ECI		(1 << 3)
#define XACI_ISR_CMD_DONE	(1 << 4)
#define XACI_ISR_OVF		(1 << 5)
#define XACI_ISR_WDT		(1 << 6)

#define XACI_F_PLUGGED		(1 << 0)
#define XACI_F_ECI		(1 << 1)
#define XACI_F_BTN_QOS		(1 << 2)	/* XACI_QOS_BTN is added */
#define XACI_F_CMD_QOS		(1 << 3)	/* XACI_QOS_CMD is added */
#define XACI_F_SUSPENDED	(1 << 4)
#define XACI_F_BROKEN		(1 << 5)
#define XACI_F_AV_OUT		(1 << 6)

#define XACI_CMD_RESET		0x01
#define XACI_CMD_READ		0x02
#define XACI_CMD_WRITE		0x03
#define XACI_CMD_BUTTONS	0x04
#define XACI_CMD_WAKE		0x05

#define XACI_CMD_TRIES		20
#define XACI_NBUTTONS		8

struct xaci {
	struct device *dev;
	struct input_dev *input;
	spinlock_t lock;		/* flags */
	struct mutex io_lock;		/* registers */
	struct mutex irq_lock;		/* the interrupt thread */
	struct mutex acc_lock;		/* plug and unplug */
	unsigned long flags;
	int irq;
	int plug_irq;
	u8 buttons[XACI_NBUTTONS];
	int nbuttons;
	int latency;
	struct delayed_work plug_work;
	struct delayed_work wdt_work;
	struct work_struct eci_work;
};

static struct xaci *the_aci;

static int xaci_read(struct xaci *aci, u8 reg)
{
	u8 val;
	int ret;

	mutex_lock(&aci->io_lock);
	ret = twl4030_i2c_read_u8(TWL4030_MODULE_MADC, &val, reg);
	mutex_unlock(&aci->io_lock);
	return ret ? ret : val;
}

static int xaci_write(struct xaci *aci, u8 reg, u8 val)
{
	int ret;

	mutex_lock(&aci->io_lock);
	ret = twl4030_i2c_write_u8(TWL4030_MODULE_MADC, val, reg);
	mutex_unlock(&aci->io_lock);
	return ret;
}

static int xaci_test_flag(struct xaci *aci, unsigned long f)
{
	unsigned long irqf;
	int ret;

	spin_lock_irqsave(&aci->lock, irqf);
	ret = !!(aci->flags & f);
	spin_unlock_irqrestore(&aci->lock, irqf);
	return ret;
}

static void xaci_change_flags(struct xaci *aci, unsigned long set,
			      unsigned long clear)
{
	unsigned long irqf;

	spin_lock_irqsave(&aci->lock, irqf);
	aci->flags |= set;
	aci->flags &= ~clear;
	spin_unlock_irqrestore(&aci->lock, irqf);
}

/*
 * One command to the block: the CPU must not sleep deeply while the
 * block answers, so the command request is added for its length.
 */
static int xaci_cmd(struct xaci *aci, u8 task, u8 arg)
{
	int tries, st, ret = 0;

	if (xaci_test_flag(aci, XACI_F_BROKEN))
		return -EIO;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, XACI_QOS_CMD, 0);
	xaci_change_flags(aci, XACI_F_CMD_QOS, 0);

	if (arg)
		xaci_write(aci, XACI_REG_DATA, arg);
	xaci_write(aci, XACI_REG_CMD, task);
	for (tries = 0; tries < XACI_CMD_TRIES; tries++) {
		st = xaci_read(aci, XACI_REG_ISR);
		if (st < 0) {
			ret = st;
			break;
		}
		if (st & XACI_ISR_OVF) {
			ret = -EOVERFLOW;
			break;
		}
		if (st & XACI_ISR_CMD_DONE) {
			xaci_write(aci, XACI_REG_ISR, XACI_ISR_CMD_DONE);
			break;
		}
		if (tries > XACI_CMD_TRIES / 2)
			msleep(2);
		else
			udelay(50);
	}
	if (tries == XACI_CMD_TRIES) {
		xaci_change_flags(aci, XACI_F_BROKEN, 0);
		ret = -ETIMEDOUT;
	}

	if (xaci_test_flag(aci, XACI_F_CMD_QOS)) {
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  XACI_QOS_CMD);
		xaci_change_flags(aci, 0, XACI_F_CMD_QOS);
	}
	return ret;
}

/* From the first button interrupt the buttons are read quickly. */
static void xaci_read_buttons(struct xaci *aci, bool latched)
{
	unsigned long irqf;
	int i, v;

	spin_lock_irqsave(&aci->lock, irqf);
	if (!(aci->flags & XACI_F_BTN_QOS)) {
		aci->flags |= XACI_F_BTN_QOS;
		spin_unlock_irqrestore(&aci->lock, irqf);
		pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, XACI_QOS_BTN,
				       aci->latency);
	} else {
		spin_unlock_irqrestore(&aci->lock, irqf);
		if (latched)
			pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XACI_QOS_BTN, 0);
	}

	if (xaci_cmd(aci, XACI_CMD_BUTTONS, latched ? 1 : 0) < 0)
		return;
	for (i = 0; i < XACI_NBUTTONS; i++) {
		v = xaci_read(aci, XACI_REG_BTN);
		if (v < 0)
			break;
		aci->buttons[i] = v;
		if (!v)
			break;
	}
	aci->nbuttons = i;
}

static void xaci_emit_buttons(struct xaci *aci, bool force_up)
{
	unsigned long irqf;
	int i, down = 0;

	for (i = 0; i < aci->nbuttons; i++) {
		if (aci->buttons[i] & 0x80) {
			down++;
			input_report_key(aci->input, KEY_MEDIA + i,
					 !force_up);
		} else {
			input_report_key(aci->input, KEY_MEDIA + i, 0);
		}
	}
	input_sync(aci->input);

	if (down && !force_up)
		return;
	spin_lock_irqsave(&aci->lock, irqf);
	if (aci->flags & XACI_F_BTN_QOS) {
		aci->flags &= ~XACI_F_BTN_QOS;
		spin_unlock_irqrestore(&aci->lock, irqf);
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  XACI_QOS_BTN);
		return;
	}
	spin_unlock_irqrestore(&aci->lock, irqf);
}

static irqreturn_t xaci_irq_thread(int irq, void *data)
{
	struct xaci *aci = data;
	int isr, loops = 0;

	mutex_lock(&aci->irq_lock);
	for (;;) {
		isr = xaci_read(aci, XACI_REG_ISR);
		if (isr <= 0 || ++loops > 16)
			break;
		xaci_write(aci, XACI_REG_ISR, isr);

		if (isr & XACI_ISR_WDT) {
			xaci_change_flags(aci, XACI_F_BROKEN, 0);
			schedule_delayed_work(&aci->wdt_work, 0);
			continue;
		}
		if (isr & XACI_ISR_UNPLUG) {
			if (xaci_test_flag(aci, XACI_F_BTN_QOS))
				xaci_emit_buttons(aci, true);
			schedule_delayed_work(&aci->plug_work,
					      msecs_to_jiffies(100));
			if (!(isr & XACI_ISR_PLUG))
				continue;
		}
		if (isr & XACI_ISR_PLUG) {
			schedule_delayed_work(&aci->plug_work,
					      msecs_to_jiffies(300));
			continue;
		}
		if (!xaci_test_flag(aci, XACI_F_PLUGGED))
			continue;
		if (isr & XACI_ISR_BTN) {
			mutex_lock(&aci->acc_lock);
			if (xaci_test_flag(aci, XACI_F_ECI)) {
				xaci_read_buttons(aci, true);
				xaci_emit_buttons(aci, false);
			} else if (xaci_test_flag(aci, XACI_F_AV_OUT)) {
				xaci_read_buttons(aci, false);
				xaci_emit_buttons(aci, true);
			} else {
				pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
							  XACI_QOS_BTN,
							  aci->latency);
			}
			mutex_unlock(&aci->acc_lock);
		}
		if (isr & XACI_ISR_ECI) {
			if (xaci_test_flag(aci, XACI_F_SUSPENDED)) {
				mutex_unlock(&aci->irq_lock);
				return IRQ_NONE;
			}
			schedule_work(&aci->eci_work);
		}
		if (isr & XACI_ISR_OVF) {
			mutex_lock(&aci->io_lock);
			if (xaci_test_flag(aci, XACI_F_CMD_QOS))
				pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
							  XACI_QOS_CMD, 0);
			mutex_unlock(&aci->io_lock);
		}
	}
	mutex_unlock(&aci->irq_lock);
	return IRQ_HANDLED;
}

/* Plug or unplug settled: both requests go with the accessory. */
static void xaci_plug_work(struct work_struct *ws)
{
	struct xaci *aci = container_of(ws, struct xaci, plug_work.work);
	int st;

	mutex_lock(&aci->acc_lock);
	st = xaci_read(aci, XACI_REG_STATUS);
	if (st < 0)
		goto out;
	if (st & 0x01) {
		xaci_change_flags(aci, XACI_F_PLUGGED, 0);
		if (xaci_cmd(aci, XACI_CMD_WAKE, 0) == 0)
			xaci_change_flags(aci, XACI_F_ECI, 0);
		goto out;
	}
	if (xaci_test_flag(aci, XACI_F_CMD_QOS))
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  XACI_QOS_CMD);
	if (xaci_test_flag(aci, XACI_F_BTN_QOS))
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  XACI_QOS_BTN);
	xaci_change_flags(aci, 0, XACI_F_PLUGGED | XACI_F_ECI |
			  XACI_F_CMD_QOS | XACI_F_BTN_QOS);
out:
	mutex_unlock(&aci->acc_lock);
}

/* The block stopped answering: drop the button request, reset it. */
static void xaci_wdt_work(struct work_struct *ws)
{
	struct xaci *aci = container_of(ws, struct xaci, wdt_work.work);

	mutex_lock(&aci->io_lock);
	if (xaci_test_flag(aci, XACI_F_BTN_QOS)) {
		xaci_change_flags(aci, 0, XACI_F_BTN_QOS);
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  XACI_QOS_BTN);
	}
	mutex_unlock(&aci->io_lock);
	xaci_change_flags(aci, 0, XACI_F_BROKEN);
	if (xaci_cmd(aci, XACI_CMD_RESET, 0) < 0)
		schedule_delayed_work(&aci->wdt_work, HZ);
}

static void xaci_eci_work(struct work_struct *ws)
{
	struct xaci *aci = container_of(ws, struct xaci, eci_work);
	int i;

	mutex_lock(&aci->acc_lock);
	for (i = 0; i < 3; i++)
		if (xaci_cmd(aci, XACI_CMD_READ, i) < 0)
			break;
	mutex_unlock(&aci->acc_lock);
}

static ssize_t xaci_latency_show(struct device *dev,
				 struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d %d\n", the_aci->latency,
		       pm_qos_requirement(PM_QOS_CPU_DMA_LATENCY));
}

static ssize_t xaci_latency_store(struct device *dev,
				  struct device_attribute *attr,
				  const char *buf, size_t len)
{
	struct xaci *aci = dev_get_drvdata(dev);
	unsigned long v;

	if (strict_strtoul(buf, 0, &v) || v > 10000)
		return -EINVAL;
	mutex_lock(&aci->acc_lock);
	aci->latency = v;
	if (xaci_test_flag(aci, XACI_F_BTN_QOS))
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
					  XACI_QOS_BTN, v);
	mutex_unlock(&aci->acc_lock);
	return len;
}

static DEVICE_ATTR(latency, S_IRUGO | S_IWUSR, xaci_latency_show,
		   xaci_latency_store);

#ifdef CONFIG_PM
static int xaci_suspend(struct platform_device *pdev, pm_message_t state)
{
	struct xaci *aci = platform_get_drvdata(pdev);

	mutex_lock(&aci->irq_lock);
	xaci_change_flags(aci, XACI_F_SUSPENDED, 0);
	if (xaci_test_flag(aci, XACI_F_BTN_QOS)) {
		xaci_emit_buttons(aci, true);
		if (xaci_test_flag(aci, XACI_F_BTN_QOS))
			pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XACI_QOS_BTN);
	}
	mutex_unlock(&aci->irq_lock);
	return 0;
}

static int xaci_resume(struct platform_device *pdev)
{
	struct xaci *aci = platform_get_drvdata(pdev);

	xaci_change_flags(aci, 0, XACI_F_SUSPENDED | XACI_F_BTN_QOS);
	schedule_delayed_work(&aci->plug_work, 0);
	return 0;
}
#else
#define xaci_suspend	NULL
#define xaci_resume	NULL
#endif

static int __init xaci_probe(struct platform_device *pdev)
{
	struct xaci *aci;
	int ret;

	aci = kzalloc(sizeof(*aci), GFP_KERNEL);
	if (!aci)
		return -ENOMEM;
	aci->dev = &pdev->dev;
	aci->latency = 20;
	spin_lock_init(&aci->lock);
	mutex_init(&aci->io_lock);
	mutex_init(&aci->irq_lock);
	mutex_init(&aci->acc_lock);
	INIT_DELAYED_WORK(&aci->plug_work, xaci_plug_work);
	INIT_DELAYED_WORK(&aci->wdt_work, xaci_wdt_work);
	INIT_WORK(&aci->eci_work, xaci_eci_work);
	platform_set_drvdata(pdev, aci);
	the_aci = aci;

	aci->input = input_allocate_device();
	if (!aci->input) {
		ret = -ENOMEM;
		goto err_input;
	}
	aci->input->name = "xaci buttons";
	set_bit(EV_KEY, aci->input->evbit);
	ret = input_register_device(aci->input);
	if (ret)
		goto err_register;

	/* The first command proves that the block answers. */
	ret = xaci_cmd(aci, XACI_CMD_RESET, 0);
	if (ret)
		goto err_reset;

	aci->irq = platform_get_irq(pdev, 0);
	ret = request_threaded_irq(aci->irq, NULL, xaci_irq_thread, 0,
				   "xaci", aci);
	if (ret)
		goto err_irq;
	ret = device_create_file(&pdev->dev, &dev_attr_latency);
	if (ret)
		goto err_file;
	xaci_write(aci, XACI_REG_IMR, 0);
	schedule_delayed_work(&aci->plug_work, msecs_to_jiffies(500));
	return 0;

err_file:
	free_irq(aci->irq, aci);
err_irq:
	if (xaci_test_flag(aci, XACI_F_CMD_QOS))
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  XACI_QOS_CMD);
err_reset:
	input_unregister_device(aci->input);
	aci->input = NULL;
err_register:
	input_free_device(aci->input);
err_input:
	the_aci = NULL;
	kfree(aci);
	return ret;
}

static int __exit xaci_remove(struct platform_device *pdev)
{
	struct xaci *aci = platform_get_drvdata(pdev);

	xaci_write(aci, XACI_REG_IMR, 0xff);
	free_irq(aci->irq, aci);
	cancel_delayed_work_sync(&aci->plug_work);
	cancel_delayed_work_sync(&aci->wdt_work);
	cancel_work_sync(&aci->eci_work);
	device_remove_file(&pdev->dev, &dev_attr_latency);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, XACI_QOS_CMD);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, XACI_QOS_BTN);
	input_unregister_device(aci->input);
	the_aci = NULL;
	kfree(aci);
	return 0;
}

static struct platform_driver xaci_driver = {
	.remove		= __exit_p(xaci_remove),
	.suspend	= xaci_suspend,
	.resume		= xaci_resume,
	.driver		= {
		.name	= "xaci",
		.owner	= THIS_MODULE,
	},
};

static int __init xaci_init(void)
{
	return platform_driver_probe(&xaci_driver, xaci_probe);
}
module_init(xaci_init);

static void __exit xaci_exit(void)
{
	platform_driver_unregister(&xaci_driver);
}
module_exit(xaci_exit);

MODULE_DESCRIPTION("Accessory detection of a companion chip");
MODULE_LICENSE("GPL");
