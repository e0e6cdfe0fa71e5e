/*
 * GPS front end control: user space says when a fix is being acquired.
 */
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#include <linux/pm_qos_params.h>

static int gps_acquiring;

static ssize_t acquire_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	gps_acquiring = buf[0] == '1';
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "gps_lna",
				  gps_acquiring ? 10 : PM_QOS_DEFAULT_VALUE);
	return count;
}

static struct kobj_attribute acquire_attr = __ATTR(acquire, 0200, NULL,
						   acquire_store);

int gps_ctl_init(void)
{
	return sysfs_create_file(kernel_kobj, &acquire_attr.attr);
}

void gps_ctl_exit(void)
{
	sysfs_remove_file(kernel_kobj, &acquire_attr.attr);
}
