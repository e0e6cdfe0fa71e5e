/*
 * A DSP character device that keeps the context of the open file in one
 * file-scope pointer and adds a request at each open.  open() is no probe:
 * nothing keeps a second open from running, and its add overwrites the
 * handle of the first (which then leaks and is never removed).
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>
#include <linux/pm_qos_params.h>

struct vdsp_ctx {
	int users;
	void *fw;
};

static struct vdsp_ctx *vdsp_cur;
static struct pm_qos_request_list *vdsp_qos_req;

static int vdsp_open(struct inode *inode, struct file *filp)
{
	struct vdsp_ctx *ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);

	if (!ctx)
		return -ENOMEM;
	vdsp_cur = ctx;
	filp->private_data = ctx;
	vdsp_qos_req = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 100);
	return 0;
}

static int vdsp_release(struct inode *inode, struct file *filp)
{
	pm_qos_remove_request(vdsp_qos_req);
	vdsp_qos_req = NULL;
	kfree(filp->private_data);
	return 0;
}

static const struct file_operations vdsp_fops = {
	.open = vdsp_open,
	.release = vdsp_release,
};

static struct miscdevice vdsp_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "vdsp",
	.fops = &vdsp_fops,
};

static int __init vdsp_init(void)
{
	return misc_register(&vdsp_misc);
}
module_init(vdsp_init);
