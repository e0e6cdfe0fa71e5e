/* Compiles, but only under a symbol no defconfig sets: the config leaves
 * out the lines its conversion changes. */
#include <linux/pm_qos_params.h>
#include "vdrv_regs.h"

#ifdef CONFIG_VDRV_DEBUG
static struct pm_qos_request_list *vdrv_dbg_req;

static void vdrv_dbg_fast(void)
{
	pm_qos_update_request(vdrv_dbg_req, 0);
}
#endif
