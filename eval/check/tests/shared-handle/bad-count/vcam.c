/*
 * A camera sensor driver whose probe counts the sensors it has bound in
 * a file-scope counter.  A count is no state of one device: a second
 * probe just counts on, so the driver serves several sensors and the
 * second add overwrites the first one's handle.
 */
#include <linux/i2c.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct vcam_sensor {
	struct i2c_client *client;
	int index;
};

static int vcam_nsensors;
static struct pm_qos_request_list *vcam_qos_req;

static int vcam_probe(struct i2c_client *client,
		      const struct i2c_device_id *id)
{
	struct vcam_sensor *s = kzalloc(sizeof(*s), GFP_KERNEL);
	int n = vcam_nsensors + 1;

	if (!s)
		return -ENOMEM;
	s->client = client;
	s->index = n;
	vcam_nsensors = n;
	i2c_set_clientdata(client, s);
	vcam_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY,
					  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static int vcam_remove(struct i2c_client *client)
{
	pm_qos_remove_request(vcam_qos_req);
	vcam_qos_req = NULL;
	kfree(i2c_get_clientdata(client));
	return 0;
}

static const struct i2c_device_id vcam_id[] = {
	{ "vcam", 0 },
	{ }
};

static struct i2c_driver vcam_driver = {
	.driver = { .name = "vcam" },
	.probe = vcam_probe,
	.remove = vcam_remove,
	.id_table = vcam_id,
};

static int __init vcam_init(void)
{
	return i2c_add_driver(&vcam_driver);
}
module_init(vcam_init);
