/*
 * An SPI touchscreen whose only pm_qos calls sit under #ifdef: the
 * module-wide request is added once, at module load, but the add's value
 * is the init function's return value, which a static handle does not
 * give: every call is reported.
 */
#include <linux/module.h>
#include <linux/input.h>
#include <linux/spi/spi.h>
#include <linux/pm_qos_params.h>

struct tsc_priv {
	struct spi_device *spi;
	struct input_dev *input;
	int pen_down;
};

static void tsc_read_values(struct tsc_priv *ts)
{
	ts->pen_down = 0;
}

#ifdef CONFIG_TOUCHSCREEN_TSC_LOWLAT
static void tsc_pen_down(struct tsc_priv *ts)
{
	/* sample at 1 kHz while the pen is down */
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "tsc-pen", 500);
}

static void tsc_pen_up(struct tsc_priv *ts)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "tsc-pen",
				  PM_QOS_DEFAULT_VALUE);
}

static int __init tsc_lowlat_init(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "tsc-pen",
				      PM_QOS_DEFAULT_VALUE);
}

static void __exit tsc_lowlat_exit(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, "tsc-pen");
}

module_init(tsc_lowlat_init);
module_exit(tsc_lowlat_exit);
#endif
