/*
 * A per-device name, dev_name(&pdev->dev): the handle goes into the
 * driver's own structure, reached through drvdata, never into struct
 * platform_device.  A request array name (static const char[]) added
 * once in module init gets a static handle; a reader becomes
 * pm_qos_request().
 */
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

static const char i2c_bus_qos[] = "i2c-bus";

struct i2c_bus {
	struct platform_device *pdev;
	int busy;
};

static int i2c_bus_xfer(struct platform_device *pdev, struct i2c_bus *bus)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
				  dev_name(&pdev->dev), 100);
	bus->busy = pm_qos_requirement(PM_QOS_CPU_DMA_LATENCY) < 100;
	return 0;
}

static int i2c_bus_probe(struct platform_device *pdev)
{
	struct i2c_bus *bus = kzalloc(sizeof(*bus), GFP_KERNEL);

	if (!bus)
		return -ENOMEM;
	if (pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY,
				   dev_name(&pdev->dev), PM_QOS_DEFAULT_VALUE)) {
		kfree(bus);
		return -ENOMEM;
	}
	platform_set_drvdata(pdev, bus);
	return i2c_bus_xfer(pdev, bus);
}

static int i2c_bus_remove(struct platform_device *pdev)
{
	struct i2c_bus *bus = platform_get_drvdata(pdev);

	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, dev_name(&pdev->dev));
	kfree(bus);
	return 0;
}

static struct platform_driver i2c_bus_driver = {
	.probe = i2c_bus_probe,
	.remove = i2c_bus_remove,
};

static int __init i2c_bus_init(void)
{
	pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, i2c_bus_qos,
			       PM_QOS_DEFAULT_VALUE);
	return platform_driver_register(&i2c_bus_driver);
}

static void __exit i2c_bus_exit(void)
{
	platform_driver_unregister(&i2c_bus_driver);
	pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, i2c_bus_qos);
}

module_init(i2c_bus_init);
module_exit(i2c_bus_exit);
