/* i2c-vbus: an I2C controller with one request per adapter for its
 * transfers and one per client that asks for a faster bus. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/pm_qos_params.h>

struct vbus_i2c {
	struct i2c_adapter adap;
	void __iomem *base;
	char qos_name[16];
	struct pm_qos_request_list *pm_qos_req;
};

static int vbus_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	struct vbus_i2c *dev = i2c_get_adapdata(adap);

	pm_qos_update_request(dev->pm_qos_req, 50);
	writel(num, dev->base + 0x10);
	pm_qos_update_request(dev->pm_qos_req, PM_QOS_DEFAULT_VALUE);
	return num;
}

void vbus_client_boost(struct i2c_client *client, int on)
{
	if (on)
		pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY,
				       (char *)dev_name(&client->dev), 100);
	else
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY,
					  (char *)dev_name(&client->dev));
}
EXPORT_SYMBOL(vbus_client_boost);

static const struct i2c_algorithm vbus_algo = {
	.master_xfer	= vbus_xfer,
};

static int vbus_probe(struct platform_device *pdev)
{
	struct vbus_i2c *dev = platform_get_drvdata(pdev);

	snprintf(dev->qos_name, sizeof(dev->qos_name), "i2c-vbus.%d", pdev->id);
	dev->pm_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					     PM_QOS_DEFAULT_VALUE);
	dev->adap.algo = &vbus_algo;
	i2c_set_adapdata(&dev->adap, dev);
	return i2c_add_numbered_adapter(&dev->adap);
}
