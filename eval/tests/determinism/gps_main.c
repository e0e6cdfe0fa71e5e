/*
 * GPS front end: the low-noise amplifier needs short DMA latency while a
 * fix is being acquired.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/pm_qos_params.h>

#define GPS_QOS_NAME "gps_lna"

int gps_ctl_init(void);
void gps_ctl_exit(void);

static int __init gps_init(void)
{
	int ret;

	ret = pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, GPS_QOS_NAME,
				     PM_QOS_DEFAULT_VALUE);
	if (ret)
		return ret;
	ret = gps_ctl_init();
	if (ret)
		pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, GPS_QOS_NAME);
	return ret;
}

static void __exit gps_exit(void)
{
	gps_ctl_exit();
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, GPS_QOS_NAME);
}

module_init(gps_init);
module_exit(gps_exit);
MODULE_LICENSE("GPL");
