/* A camera sensor driver whose request went into its ops table type,
 * of which there is one const instance for all sensors. */
#include <linux/kernel.h>
#include <linux/pm_qos_params.h>

struct sensor_ops {
	int (*power_on)(int id);
	int (*power_off)(int id);
	int (*set_mode)(int id, int mode);
	struct pm_qos_request_list *pm_qos_req;
};

static int cam_power_on(int id)
{
	return 0;
}

static int cam_power_off(int id)
{
	return 0;
}

static int cam_set_mode(int id, int mode)
{
	return 0;
}

static const struct sensor_ops cam_ops = {
	.power_on = cam_power_on,
	.power_off = cam_power_off,
	.set_mode = cam_set_mode,
};
