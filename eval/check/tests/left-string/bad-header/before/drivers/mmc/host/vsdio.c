/* vsdio: a small SDIO host controller. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mmc/host.h>
#include "vsdio_pm.h"

struct vsdio_host {
	struct mmc_host *mmc;
	void __iomem *base;
	int irq;
};

static void vsdio_request(struct mmc_host *mmc, struct mmc_request *mrq)
{
	struct vsdio_host *host = mmc_priv(mmc);

	vsdio_qos_vote(VSDIO_NAME, mrq->data ? 20 : PM_QOS_DEFAULT_VALUE);
	writel(mrq->cmd->opcode, host->base + 0x04);
}

static const struct mmc_host_ops vsdio_ops = {
	.request	= vsdio_request,
};

static int vsdio_probe(struct platform_device *pdev)
{
	struct mmc_host *mmc = mmc_alloc_host(sizeof(struct vsdio_host),
					      &pdev->dev);

	if (!mmc)
		return -ENOMEM;
	mmc->ops = &vsdio_ops;
	platform_set_drvdata(pdev, mmc);
	return mmc_add_host(mmc);
}

static int __init vsdio_init(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, VSDIO_NAME,
			       PM_QOS_DEFAULT_VALUE);
	return 0;
}

static void __exit vsdio_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, VSDIO_NAME);
}

static struct platform_driver vsdio_driver = {
	.probe		= vsdio_probe,
	.driver		= {
		.name	= VSDIO_NAME,
	},
};

module_init(vsdio_init);
module_exit(vsdio_exit);
