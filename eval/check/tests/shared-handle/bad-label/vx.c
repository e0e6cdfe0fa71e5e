/*
 * A video capture node that re-adds its request at each open, dropping
 * the old one first, except on a quick reopen, which jumps past the
 * remove to the add: the old request leaks and the handle is overwritten.
 * (Before the add stands a label: the add is still an add into the
 * file-scope handle.)
 */
#include <linux/fs.h>
#include <linux/pm_qos_params.h>

static struct pm_qos_request_list *vx_qos_req;
static unsigned long vx_last_close;

static int vx_open(struct inode *inode, struct file *filp)
{
	if (jiffies - vx_last_close < HZ)
		goto quick;
	pm_qos_remove_request(vx_qos_req);
quick:
	vx_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 100);
	return 0;
}

static int vx_release(struct inode *inode, struct file *filp)
{
	vx_last_close = jiffies;
	return 0;
}

static const struct file_operations vx_fops = {
	.open = vx_open,
	.release = vx_release,
};
