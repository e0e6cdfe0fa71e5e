/*
 * A flash LED driver that adds its request from a work item, each time
 * the flash fires.  The work runs as often as it is queued: each run adds
 * again into the one handle, and the earlier request is never removed.
 */
#include <linux/init.h>
#include <linux/workqueue.h>
#include <linux/pm_qos_params.h>

static struct work_struct vled_fire_work;
static struct pm_qos_request_list *vled_qos_req;

static void vled_fire(struct work_struct *work)
{
	vled_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 10);
}

void vled_trigger(void)
{
	schedule_work(&vled_fire_work);
}

static int __init vled_init(void)
{
	INIT_WORK(&vled_fire_work, vled_fire);
	return 0;
}
module_init(vled_init);
