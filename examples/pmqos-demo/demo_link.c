/*
 * pmqos-demo link layer: tightens the module-wide network latency request
 * while the link is up.  That request is added in demo_main.c, so this
 * file cannot be converted on its own, and the helper below takes the
 * name from its caller: both are left for the maintainer and reported.
 */
#include <linux/kernel.h>
#include <linux/pm_qos_params.h>
#include "demo.h"

static int demo_set_latency(char *who, s32 usecs)
{
	return pm_qos_update_requirement(PM_QOS_NETWORK_LATENCY, who, usecs);
}

int demo_link_start(struct demo_dev *demo)
{
	demo->link_up = 1;
	/* 2010 firmware: the link drops beacons above 1 ms */
	return demo_set_latency(DEMO_DRV_NAME, 1000);
}

void demo_link_stop(struct demo_dev *demo)
{
	demo->link_up = 0;
	pm_qos_update_requirement(PM_QOS_NETWORK_LATENCY, DEMO_DRV_NAME,
				  PM_QOS_DEFAULT_VALUE);
}
