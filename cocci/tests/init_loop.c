/*
 * A dual-port serial card's module with one request per port, both
 * named "xsio": the init function adds it once per port in a loop, and
 * the exit function removes it once.  With names these were two requests
 * of one name, one of them left; as one static handle the second add
 * would overwrite the first, which is never removed and holds its
 * latency for good.  An add inside a loop is not converted.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/io.h>
#include <linux/pm_qos_params.h>

#define XSIO_NR_PORTS	2

#define XSIO_BASE	0x4806a000
#define XSIO_SIZE	0x1000

static void __iomem *xsio_base[XSIO_NR_PORTS];

static struct platform_driver xsio_driver = {
	.driver		= {
		.name	= "xsio",
		.owner	= THIS_MODULE,
	},
};

static int __init xsio_init(void)
{
	int i;

	for (i = 0; i < XSIO_NR_PORTS; i++) {
		pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "xsio",
				       PM_QOS_DEFAULT_VALUE);
		xsio_base[i] = ioremap(XSIO_BASE + i * XSIO_SIZE, XSIO_SIZE);
	}
	return platform_driver_register(&xsio_driver);
}

static void __exit xsio_exit(void)
{
	int i;

	platform_driver_unregister(&xsio_driver);
	for (i = 0; i < XSIO_NR_PORTS; i++)
		iounmap(xsio_base[i]);
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "xsio");
}

module_init(xsio_init);
module_exit(xsio_exit);
MODULE_LICENSE("GPL");
