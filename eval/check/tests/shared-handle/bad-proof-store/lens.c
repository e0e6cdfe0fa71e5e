/*
 * A camera lens driver that holds the bus while the lens moves, behind a
 * flag of file scope: the add runs only while the flag is clear and sets
 * it, the remove runs only while it is set and clears it.  The add is
 * reached from the probe, but a second add runs only after the remove,
 * so the one static handle is never overwritten.
 */
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/pm_qos_params.h>

static bool lens_bus_held = false;

static struct pm_qos_request_list *lens_bus_pm_qos_req;

static int lens_bus_get(void)
{
	if (!lens_bus_held) {
		lens_bus_pm_qos_req = pm_qos_add_request(PM_QOS_SYSTEM_BUS_FREQ,
							 128000);
		if (!lens_bus_pm_qos_req)
			return -ENOMEM;
		lens_bus_held = true;
	}
	return 0;
}

static void lens_bus_put(void)
{
	if (lens_bus_held) {
		pm_qos_remove_request(lens_bus_pm_qos_req);
		lens_bus_pm_qos_req = NULL;
		lens_bus_held = false;
	}
}

static int lens_move(struct i2c_client *client, int step)
{
	int rc = lens_bus_get();

	if (rc)
		return rc;
	rc = i2c_smbus_write_byte_data(client, 0x10, step);
	lens_bus_put();
	return rc;
}

static int lens_probe(struct i2c_client *client,
		      const struct i2c_device_id *id)
{
	return lens_move(client, 0);
}

static struct i2c_driver lens_driver = {
	.driver = { .name = "lens" },
	.probe = lens_probe,
};
