/*
 * A DSP offload misc device with one module-wide request, named by a
 * #define: the init function adds it, the fault path removes it when the
 * DSP stops answering, open() and release() update it, and the exit
 * function removes it.  With names the updates after a fault and the
 * second remove did nothing; with one static handle they would use the
 * freed request and free it twice.  Every call is left to the maintainer.
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/interrupt.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/pm_qos_params.h>

#define FDSP_QOS_NAME	"fdsp"
#define FDSP_IRQ	42
#define FDSP_STATUS	0x10
#define FDSP_WEDGED	0x80000000

static void __iomem *fdsp_regs;
static int fdsp_dead;

static void fdsp_fault(void)
{
	fdsp_dead = 1;
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, FDSP_QOS_NAME);
	printk(KERN_ERR "fdsp: DSP wedged, offload disabled\n");
}

static irqreturn_t fdsp_interrupt(int irq, void *dev_id)
{
	if (readl(fdsp_regs + FDSP_STATUS) & FDSP_WEDGED)
		fdsp_fault();
	return IRQ_HANDLED;
}

static int fdsp_open(struct inode *inode, struct file *file)
{
	if (fdsp_dead)
		return -EIO;
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, FDSP_QOS_NAME, 20);
	return 0;
}

static int fdsp_release(struct inode *inode, struct file *file)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, FDSP_QOS_NAME,
				  PM_QOS_DEFAULT_VALUE);
	return 0;
}

static const struct file_operations fdsp_fops = {
	.owner		= THIS_MODULE,
	.open		= fdsp_open,
	.release	= fdsp_release,
};

static struct miscdevice fdsp_miscdev = {
	.minor		= MISC_DYNAMIC_MINOR,
	.name		= "fdsp",
	.fops		= &fdsp_fops,
};

static int __init fdsp_init(void)
{
	int ret;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, FDSP_QOS_NAME,
			       PM_QOS_DEFAULT_VALUE);
	ret = request_irq(FDSP_IRQ, fdsp_interrupt, 0, "fdsp", NULL);
	if (ret)
		goto err_qos;
	ret = misc_register(&fdsp_miscdev);
	if (ret)
		goto err_irq;
	return 0;

err_irq:
	free_irq(FDSP_IRQ, NULL);
err_qos:
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, FDSP_QOS_NAME);
	return ret;
}

static void __exit fdsp_exit(void)
{
	misc_deregister(&fdsp_miscdev);
	free_irq(FDSP_IRQ, NULL);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, FDSP_QOS_NAME);
}

module_init(fdsp_init);
module_exit(fdsp_exit);
MODULE_LICENSE("GPL");
