/*
 * A vendor board's touch controller with code that spatch cannot parse:
 * a vendor macro that opens a block, and a declaration of the same
 * kind, so that the function around them is lost to it.  No rule sees
 * the call there: report mode finds it in the text of the file (and
 * only report mode), spatch names the file (--parse-error-msg), and the
 * call in the function it parses is flagged in every mode.
 */
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/pm_qos_params.h>

#define VTS_NAME	"vts"

static int vts_wake(struct i2c_client *client)
{
	int ret;

	VTS_TRACE_BEGIN(client) {
		ret = i2c_smbus_write_byte(client, 0x01);
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, VTS_NAME, 20);
	} VTS_TRACE_END(client)
	return ret;
}

static int __init vts_init(void)
{
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, VTS_NAME,
				      PM_QOS_DEFAULT_VALUE);
}
module_init(vts_init);
