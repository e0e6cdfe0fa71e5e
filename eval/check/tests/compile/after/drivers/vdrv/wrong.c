/* Converted wrong: the handle call keeps the name. */
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vdrv_req;

static void vdrv_stop(void)
{
	pm_qos_remove_request(vdrv_req, "vdrv");
}
