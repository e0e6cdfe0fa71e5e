/*
 * A touchscreen ADC whose init function holds a zero DMA latency while
 * xts_setup() calibrates the converter (and registers the driver), then
 * removes it and returns what the setup returned: on success too.  The
 * exit function removes the request again, which did nothing with names
 * (no request of that name is left) but, with one static handle, frees
 * it a second time.  A remove that init's success path reaches, whatever
 * init returns there, keeps the request from becoming a static handle.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/pm_qos_params.h>

#define XTS_CAL_ROUNDS	8

static void __iomem *xts_base;

static struct platform_driver xts_driver = {
	.driver		= {
		.name	= "xts-adc",
		.owner	= THIS_MODULE,
	},
};

static int xts_setup(void)
{
	int i;

	xts_base = ioremap(0x48044000, 0x100);
	if (!xts_base)
		return -ENOMEM;
	for (i = 0; i < XTS_CAL_ROUNDS; i++) {
		writel(1, xts_base + 0x40);
		udelay(50);
	}
	return platform_driver_register(&xts_driver);
}

static int __init xts_init(void)
{
	int ret;

	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xts-adc", 0);
	ret = xts_setup();
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xts-adc");
	return ret;
}

static void __exit xts_exit(void)
{
	platform_driver_unregister(&xts_driver);
	iounmap(xts_base);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xts-adc");
}

module_init(xts_init);
module_exit(xts_exit);
MODULE_LICENSE("GPL");
