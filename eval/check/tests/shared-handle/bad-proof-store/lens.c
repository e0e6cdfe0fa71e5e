/*
 * The lens driver of good-flag, line for line, whose proof
 * (proofs.json) cites line 22, the return, as the store that sets the
 * flag after the add: the cited line does not say what the proof says,
 * so the proof does not hold (the code itself is right: only the proof
 * is wrong).
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
