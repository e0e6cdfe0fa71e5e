/*
 * A camera sensor on a private bus: open() powers the sensor up and
 * raises the request, release() and a failed power-up lower it through
 * cam_power_off(), which also drops the request when the sensor is
 * unplugged.  The remove sits in a function that open() calls, so it can
 * run any number of times while the module is loaded: the next open()
 * would update a freed handle.  Every call is left to the maintainer.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/delay.h>
#include <linux/pm_qos_params.h>

struct cam_sensor {
	int powered;
	int unplugged;
};

static struct cam_sensor cam;

static int cam_hw_on(struct cam_sensor *s)
{
	msleep(5);
	return s->unplugged ? -ENODEV : 0;
}

static void cam_power_off(struct cam_sensor *s)
{
	s->powered = 0;
	if (s->unplugged)
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "cam-sensor");
	else
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "cam-sensor",
					  PM_QOS_DEFAULT_VALUE);
}

static int cam_open(struct inode *inode, struct file *file)
{
	int ret;

	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "cam-sensor", 100);
	ret = cam_hw_on(&cam);
	if (ret) {
		cam_power_off(&cam);
		return ret;
	}
	cam.powered = 1;
	return 0;
}

static int cam_release(struct inode *inode, struct file *file)
{
	cam_power_off(&cam);
	return 0;
}

static const struct file_operations cam_fops = {
	.owner		= THIS_MODULE,
	.open		= cam_open,
	.release	= cam_release,
};

static struct miscdevice cam_miscdev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "cam-sensor",
	.fops		= &cam_fops,
};

static int __init cam_init(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "cam-sensor",
			       PM_QOS_DEFAULT_VALUE);
	return misc_register(&cam_miscdev);
}

static void __exit cam_exit(void)
{
	misc_deregister(&cam_miscdev);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "cam-sensor");
}

module_init(cam_init);
module_exit(cam_exit);
MODULE_LICENSE("GPL");
