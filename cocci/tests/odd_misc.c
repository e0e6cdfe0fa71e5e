/*
 * A misc character device with the less common shapes: calls inside a
 * switch, under WARN_ON(), behind a (void) cast, names from an array and
 * from dev_name().  None is rewritten: the request of the switch is
 * added in open(), which can run more than once for one static handle.
 */
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/pm_qos_params.h>

#define LAT_IOC_SET	1
#define LAT_IOC_CLEAR	2

static const char *lat_names[] = { "lat0", "lat1" };
static struct miscdevice lat_miscdev;

static long lat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case LAT_IOC_SET:
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "lat-ioctl",
					  arg);
		break;
	case LAT_IOC_CLEAR:
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "lat-ioctl",
					  PM_QOS_DEFAULT_VALUE);
		break;
	default:
		return -ENOTTY;
	}
	return 0;
}

static int lat_open(struct inode *inode, struct file *file)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "lat-ioctl",
				      PM_QOS_DEFAULT_VALUE);
}

static int lat_release(struct inode *inode, struct file *file)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "lat-ioctl");
	return 0;
}

static void lat_channels_on(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(lat_names); i++)
		pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, lat_names[i], 100);
	WARN_ON(pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "lat-warn", 1));
	(void)pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY,
				     dev_name(lat_miscdev.this_device), 10);
}
