/*
 * A mixed-signal companion chip (audio codec, USB transceiver, charger
 * and ADC behind one I2C address), in the manner of the MFD core
 * drivers of the time: one large file whose interrupt thread, work
 * items and power callbacks add, update and remove one module-wide
 * request under flags of the chip and under its lock and mutex, on
 * many paths (a dozen status bits tested one after another in each).
 * Every call is reported, and the run takes no longer than a small
 * file's: the script follows no path, so the number of paths does not
 * matter.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/i2c.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <linux/delay.h>
#include <linux/platform_device.h>
#include <linux/mfd/core.h>
#include <linux/pm_qos_params.h>

#define XMFD_NAME		"xmfd"
#define XMFD_QOS		"xmfd-dma"

#define XMFD_REG_STATUS		0x01
#define XMFD_REG_MASK		0x02
#define XMFD_REG_MODE		0x03
#define XMFD_REG_ADC_CTRL	0x10
#define XMFD_REG_ADC_DATA	0x11
#define XMFD_REG_USB_CTRL	0x20
#define XMFD_REG_CHG_CTRL	0x30
#define XMFD_REG_AUDIO_CTRL	0x40

#define XMFD_ST_ADC_DONE	(1 << 0)
#define XMFD_ST_ADC_OVF		(1 << 1)
#define XMFD_ST_VBUS_ON		(1 << 2)
#define XMFD_ST_VBUS_OFF	(1 << 3)
#define XMFD_ST_ID_GND		(1 << 4)
#define XMFD_ST_ID_FLOAT	(1 << 5)
#define XMFD_ST_CHG_DONE	(1 << 6)
#define XMFD_ST_CHG_FAULT	(1 << 7)
#define XMFD_ST_HP_IN		(1 << 8)
#define XMFD_ST_HP_OUT		(1 << 9)
#define XMFD_ST_AUD_XRUN	(1 << 10)
#define XMFD_ST_THERM		(1 << 11)
#define XMFD_ST_WDT		(1 << 12)

#define XMFD_F_QOS		(1 << 0)	/* the request is added */
#define XMFD_F_ADC_BUSY		(1 << 1)
#define XMFD_F_USB_HOST		(1 << 2)
#define XMFD_F_USB_DEV		(1 << 3)
#define XMFD_F_AUDIO_ON		(1 << 4)
#define XMFD_F_CHARGING		(1 << 5)
#define XMFD_F_SUSPENDED	(1 << 6)
#define XMFD_F_DEAD		(1 << 7)

#define XMFD_LAT_AUDIO		50
#define XMFD_LAT_USB		100
#define XMFD_LAT_ADC		200

struct xmfd {
	struct i2c_client *client;
	struct device *dev;
	spinlock_t lock;		/* flags, irq_mask */
	struct mutex io_lock;		/* register access */
	unsigned long flags;
	u16 irq_mask;
	u16 adc_value;
	int irq;
	int users;
	struct work_struct usb_work;
	struct delayed_work adc_work;
	struct delayed_work wdt_work;
};

static int xmfd_read(struct xmfd *chip, u8 reg, u16 *val)
{
	int ret;

	mutex_lock(&chip->io_lock);
	ret = i2c_smbus_read_word_data(chip->client, reg);
	mutex_unlock(&chip->io_lock);
	if (ret < 0)
		return ret;
	*val = ret;
	return 0;
}

static int xmfd_write(struct xmfd *chip, u8 reg, u16 val)
{
	int ret;

	mutex_lock(&chip->io_lock);
	ret = i2c_smbus_write_word_data(chip->client, reg, val);
	mutex_unlock(&chip->io_lock);
	return ret;
}

/* The tightest latency that the active blocks need, or the default. */
static s32 xmfd_latency(unsigned long flags)
{
	if (flags & XMFD_F_AUDIO_ON)
		return XMFD_LAT_AUDIO;
	if (flags & (XMFD_F_USB_HOST | XMFD_F_USB_DEV))
		return XMFD_LAT_USB;
	if (flags & XMFD_F_ADC_BUSY)
		return XMFD_LAT_ADC;
	return PM_QOS_DEFAULT_VALUE;
}

/*
 * Brings the request to what @chip->flags need: added on first need,
 * updated while any block runs, removed when none does.  Called with
 * chip->lock held.
 */
static void xmfd_qos_sync(struct xmfd *chip)
{
	s32 lat = xmfd_latency(chip->flags);

	if (lat == PM_QOS_DEFAULT_VALUE) {
		if (chip->flags & XMFD_F_QOS) {
			pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XMFD_QOS);
			chip->flags &= ~XMFD_F_QOS;
		}
	} else if (chip->flags & XMFD_F_QOS) {
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					  lat);
	} else {
		if (!pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					    lat))
			chip->flags |= XMFD_F_QOS;
	}
}

static irqreturn_t xmfd_irq_thread(int irq, void *data)
{
	struct xmfd *chip = data;
	unsigned long irqflags;
	u16 status, mask;
	int handled = 0;

	if (xmfd_read(chip, XMFD_REG_STATUS, &status))
		return IRQ_NONE;
	spin_lock_irqsave(&chip->lock, irqflags);
	mask = chip->irq_mask;
	spin_unlock_irqrestore(&chip->lock, irqflags);
	status &= ~mask;

	if (status & XMFD_ST_ADC_DONE) {
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags &= ~XMFD_F_ADC_BUSY;
		if (chip->flags & XMFD_F_QOS) {
			if (chip->flags & (XMFD_F_AUDIO_ON | XMFD_F_USB_HOST |
					   XMFD_F_USB_DEV))
				pm_qos_update_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					xmfd_latency(chip->flags));
			else {
				pm_qos_remove_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS);
				chip->flags &= ~XMFD_F_QOS;
			}
		}
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_ADC_OVF) {
		dev_warn(chip->dev, "ADC overflow\n");
		spin_lock_irqsave(&chip->lock, irqflags);
		if (chip->flags & XMFD_F_ADC_BUSY)
			xmfd_qos_sync(chip);
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_VBUS_ON) {
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags |= XMFD_F_USB_DEV;
		if (!(chip->flags & XMFD_F_QOS)) {
			if (pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY,
						   XMFD_QOS, XMFD_LAT_USB) == 0)
				chip->flags |= XMFD_F_QOS;
		} else if (!(chip->flags & XMFD_F_AUDIO_ON))
			pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XMFD_QOS, XMFD_LAT_USB);
		spin_unlock_irqrestore(&chip->lock, irqflags);
		schedule_work(&chip->usb_work);
		handled++;
	}
	if (status & XMFD_ST_VBUS_OFF) {
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags &= ~(XMFD_F_USB_DEV | XMFD_F_CHARGING);
		xmfd_qos_sync(chip);
		spin_unlock_irqrestore(&chip->lock, irqflags);
		schedule_work(&chip->usb_work);
		handled++;
	}
	if (status & XMFD_ST_ID_GND) {
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags |= XMFD_F_USB_HOST;
		if (chip->flags & XMFD_F_QOS)
			pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XMFD_QOS,
						  xmfd_latency(chip->flags));
		else if (!pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY,
						 XMFD_QOS, XMFD_LAT_USB))
			chip->flags |= XMFD_F_QOS;
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_ID_FLOAT) {
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags &= ~XMFD_F_USB_HOST;
		if ((chip->flags & XMFD_F_QOS) &&
		    !(chip->flags & (XMFD_F_USB_DEV | XMFD_F_AUDIO_ON |
				     XMFD_F_ADC_BUSY))) {
			pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XMFD_QOS);
			chip->flags &= ~XMFD_F_QOS;
		}
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_CHG_DONE) {
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags &= ~XMFD_F_CHARGING;
		spin_unlock_irqrestore(&chip->lock, irqflags);
		xmfd_write(chip, XMFD_REG_CHG_CTRL, 0);
		handled++;
	}
	if (status & XMFD_ST_CHG_FAULT) {
		dev_err(chip->dev, "charger fault\n");
		xmfd_write(chip, XMFD_REG_CHG_CTRL, 0);
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags &= ~XMFD_F_CHARGING;
		if (chip->flags & XMFD_F_DEAD && chip->flags & XMFD_F_QOS) {
			pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XMFD_QOS);
			chip->flags &= ~XMFD_F_QOS;
		}
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_HP_IN) {
		spin_lock_irqsave(&chip->lock, irqflags);
		if (chip->flags & XMFD_F_AUDIO_ON) {
			if (chip->flags & XMFD_F_QOS)
				pm_qos_update_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					XMFD_LAT_AUDIO);
		}
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_HP_OUT) {
		spin_lock_irqsave(&chip->lock, irqflags);
		if (chip->flags & XMFD_F_AUDIO_ON && chip->users == 0) {
			chip->flags &= ~XMFD_F_AUDIO_ON;
			xmfd_qos_sync(chip);
		}
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_AUD_XRUN) {
		spin_lock_irqsave(&chip->lock, irqflags);
		/* an underrun: ask for the tightest latency at once */
		if (chip->flags & XMFD_F_QOS)
			pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XMFD_QOS, 0);
		else if (pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY,
						XMFD_QOS, 0) == 0)
			chip->flags |= XMFD_F_QOS;
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_THERM) {
		dev_crit(chip->dev, "over temperature, blocks off\n");
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags &= ~(XMFD_F_AUDIO_ON | XMFD_F_CHARGING |
				 XMFD_F_ADC_BUSY);
		if (chip->flags & XMFD_F_QOS) {
			if (chip->flags & (XMFD_F_USB_HOST | XMFD_F_USB_DEV))
				pm_qos_update_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					XMFD_LAT_USB);
			else {
				pm_qos_remove_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS);
				chip->flags &= ~XMFD_F_QOS;
			}
		}
		spin_unlock_irqrestore(&chip->lock, irqflags);
		handled++;
	}
	if (status & XMFD_ST_WDT) {
		spin_lock_irqsave(&chip->lock, irqflags);
		chip->flags |= XMFD_F_DEAD;
		if (chip->flags & XMFD_F_QOS) {
			pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XMFD_QOS);
			chip->flags &= ~XMFD_F_QOS;
		}
		spin_unlock_irqrestore(&chip->lock, irqflags);
		schedule_delayed_work(&chip->wdt_work, HZ);
		handled++;
	}

	return handled ? IRQ_HANDLED : IRQ_NONE;
}

static void xmfd_usb_work(struct work_struct *work)
{
	struct xmfd *chip = container_of(work, struct xmfd, usb_work);
	unsigned long irqflags;
	u16 ctrl;

	if (xmfd_read(chip, XMFD_REG_USB_CTRL, &ctrl))
		return;
	spin_lock_irqsave(&chip->lock, irqflags);
	if (chip->flags & XMFD_F_USB_DEV) {
		ctrl |= 1;
		if (!(chip->flags & XMFD_F_CHARGING)) {
			chip->flags |= XMFD_F_CHARGING;
			if (chip->flags & XMFD_F_QOS)
				pm_qos_update_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					xmfd_latency(chip->flags));
		}
	} else if (chip->flags & XMFD_F_USB_HOST) {
		ctrl |= 2;
	} else {
		ctrl &= ~3;
		if (chip->flags & XMFD_F_QOS &&
		    !(chip->flags & (XMFD_F_AUDIO_ON | XMFD_F_ADC_BUSY))) {
			pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
						  XMFD_QOS);
			chip->flags &= ~XMFD_F_QOS;
		}
	}
	spin_unlock_irqrestore(&chip->lock, irqflags);
	xmfd_write(chip, XMFD_REG_USB_CTRL, ctrl);
}

static void xmfd_adc_work(struct work_struct *work)
{
	struct xmfd *chip = container_of(work, struct xmfd, adc_work.work);
	unsigned long irqflags;
	int tries;
	u16 val;

	spin_lock_irqsave(&chip->lock, irqflags);
	if (chip->flags & (XMFD_F_SUSPENDED | XMFD_F_DEAD)) {
		spin_unlock_irqrestore(&chip->lock, irqflags);
		return;
	}
	chip->flags |= XMFD_F_ADC_BUSY;
	xmfd_qos_sync(chip);
	spin_unlock_irqrestore(&chip->lock, irqflags);

	xmfd_write(chip, XMFD_REG_ADC_CTRL, 1);
	for (tries = 0; tries < 10; tries++) {
		msleep(2);
		if (xmfd_read(chip, XMFD_REG_ADC_DATA, &val))
			break;
		if (val & 0x8000) {
			chip->adc_value = val & 0x0fff;
			break;
		}
		if (tries == 5) {
			spin_lock_irqsave(&chip->lock, irqflags);
			if (chip->flags & XMFD_F_QOS)
				pm_qos_update_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					XMFD_LAT_ADC / 2);
			spin_unlock_irqrestore(&chip->lock, irqflags);
		}
	}

	spin_lock_irqsave(&chip->lock, irqflags);
	chip->flags &= ~XMFD_F_ADC_BUSY;
	xmfd_qos_sync(chip);
	spin_unlock_irqrestore(&chip->lock, irqflags);
	schedule_delayed_work(&chip->adc_work, 10 * HZ);
}

static void xmfd_wdt_work(struct work_struct *work)
{
	struct xmfd *chip = container_of(work, struct xmfd, wdt_work.work);
	unsigned long irqflags;

	if (xmfd_write(chip, XMFD_REG_MODE, 0x80) < 0) {
		schedule_delayed_work(&chip->wdt_work, HZ);
		return;
	}
	spin_lock_irqsave(&chip->lock, irqflags);
	chip->flags &= ~XMFD_F_DEAD;
	if (xmfd_latency(chip->flags) != PM_QOS_DEFAULT_VALUE &&
	    !(chip->flags & XMFD_F_QOS)) {
		if (!pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					    xmfd_latency(chip->flags)))
			chip->flags |= XMFD_F_QOS;
	}
	spin_unlock_irqrestore(&chip->lock, irqflags);
}

/* Called by the codec's startup and shutdown, under the codec's mutex. */
int xmfd_audio_enable(struct device *dev, int on)
{
	struct xmfd *chip = dev_get_drvdata(dev);
	unsigned long irqflags;
	int ret = 0;

	mutex_lock(&chip->io_lock);
	spin_lock_irqsave(&chip->lock, irqflags);
	if (on) {
		if (chip->users++ == 0) {
			chip->flags |= XMFD_F_AUDIO_ON;
			if (chip->flags & XMFD_F_QOS)
				pm_qos_update_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					XMFD_LAT_AUDIO);
			else
				ret = pm_qos_add_requirement(
					PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					XMFD_LAT_AUDIO);
			if (!ret)
				chip->flags |= XMFD_F_QOS;
		}
	} else if (chip->users && --chip->users == 0) {
		chip->flags &= ~XMFD_F_AUDIO_ON;
		xmfd_qos_sync(chip);
	}
	spin_unlock_irqrestore(&chip->lock, irqflags);
	mutex_unlock(&chip->io_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(xmfd_audio_enable);

#ifdef CONFIG_PM
static int xmfd_suspend(struct i2c_client *client, pm_message_t mesg)
{
	struct xmfd *chip = i2c_get_clientdata(client);
	unsigned long irqflags;

	disable_irq(chip->irq);
	cancel_delayed_work_sync(&chip->adc_work);
	spin_lock_irqsave(&chip->lock, irqflags);
	chip->flags |= XMFD_F_SUSPENDED;
	if (chip->flags & XMFD_F_QOS) {
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, XMFD_QOS);
		chip->flags &= ~XMFD_F_QOS;
	}
	spin_unlock_irqrestore(&chip->lock, irqflags);
	return xmfd_write(chip, XMFD_REG_MODE, 0x01);
}

static int xmfd_resume(struct i2c_client *client)
{
	struct xmfd *chip = i2c_get_clientdata(client);
	unsigned long irqflags;
	int ret;

	ret = xmfd_write(chip, XMFD_REG_MODE, 0x00);
	spin_lock_irqsave(&chip->lock, irqflags);
	chip->flags &= ~XMFD_F_SUSPENDED;
	if (!ret && xmfd_latency(chip->flags) != PM_QOS_DEFAULT_VALUE)
		if (!pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, XMFD_QOS,
					    xmfd_latency(chip->flags)))
			chip->flags |= XMFD_F_QOS;
	spin_unlock_irqrestore(&chip->lock, irqflags);
	enable_irq(chip->irq);
	schedule_delayed_work(&chip->adc_work, HZ);
	return ret;
}
#else
#define xmfd_suspend	NULL
#define xmfd_resume	NULL
#endif

static struct mfd_cell xmfd_cells[] = {
	{ .name = "xmfd-codec", },
	{ .name = "xmfd-usb", },
	{ .name = "xmfd-charger", },
	{ .name = "xmfd-adc", },
};

static int __devinit xmfd_probe(struct i2c_client *client,
				const struct i2c_device_id *id)
{
	struct xmfd *chip;
	int ret;

	chip = kzalloc(sizeof(*chip), GFP_KERNEL);
	if (!chip)
		return -ENOMEM;
	chip->client = client;
	chip->dev = &client->dev;
	chip->irq = client->irq;
	chip->irq_mask = 0;
	spin_lock_init(&chip->lock);
	mutex_init(&chip->io_lock);
	INIT_WORK(&chip->usb_work, xmfd_usb_work);
	INIT_DELAYED_WORK(&chip->adc_work, xmfd_adc_work);
	INIT_DELAYED_WORK(&chip->wdt_work, xmfd_wdt_work);
	i2c_set_clientdata(client, chip);

	ret = xmfd_write(chip, XMFD_REG_MASK, chip->irq_mask);
	if (ret < 0)
		goto err_free;
	ret = request_threaded_irq(chip->irq, NULL, xmfd_irq_thread,
				   IRQF_TRIGGER_LOW | IRQF_ONESHOT,
				   XMFD_NAME, chip);
	if (ret)
		goto err_free;
	ret = mfd_add_devices(chip->dev, -1, xmfd_cells,
			      ARRAY_SIZE(xmfd_cells), NULL, 0);
	if (ret)
		goto err_irq;
	schedule_delayed_work(&chip->adc_work, HZ);
	return 0;

err_irq:
	free_irq(chip->irq, chip);
err_free:
	kfree(chip);
	return ret;
}

static int __devexit xmfd_remove(struct i2c_client *client)
{
	struct xmfd *chip = i2c_get_clientdata(client);
	unsigned long irqflags;

	mfd_remove_devices(chip->dev);
	free_irq(chip->irq, chip);
	cancel_work_sync(&chip->usb_work);
	cancel_delayed_work_sync(&chip->adc_work);
	cancel_delayed_work_sync(&chip->wdt_work);
	spin_lock_irqsave(&chip->lock, irqflags);
	if (chip->flags & XMFD_F_QOS)
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, XMFD_QOS);
	chip->flags = 0;
	spin_unlock_irqrestore(&chip->lock, irqflags);
	kfree(chip);
	return 0;
}

static const struct i2c_device_id xmfd_id[] = {
	{ XMFD_NAME, 0 },
	{ }
};
MODULE_DEVICE_TABLE(i2c, xmfd_id);

static struct i2c_driver xmfd_driver = {
	.driver = {
		.name	= XMFD_NAME,
		.owner	= THIS_MODULE,
	},
	.probe		= xmfd_probe,
	.remove		= __devexit_p(xmfd_remove),
	.suspend	= xmfd_suspend,
	.resume		= xmfd_resume,
	.id_table	= xmfd_id,
};

static int __init xmfd_init(void)
{
	return i2c_add_driver(&xmfd_driver);
}
subsys_initcall(xmfd_init);

static void __exit xmfd_exit(void)
{
	i2c_del_driver(&xmfd_driver);
}
module_exit(xmfd_exit);

MODULE_DESCRIPTION("Companion chip core driver");
MODULE_LICENSE("GPL");
