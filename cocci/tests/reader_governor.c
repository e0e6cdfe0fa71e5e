/*
 * A cpuidle governor and a /proc reader: pm_qos_requirement() is only
 * renamed to pm_qos_request(), the one change patch mode makes.
 */
#include <linux/cpuidle.h>
#include <linux/pm_qos_params.h>
#include <linux/seq_file.h>

static int simple_select(struct cpuidle_device *dev)
{
	int latency_req = pm_qos_requirement(PM_QOS_CPU_DMA_LATENCY);
	int i;

	/* Special case when user has set very strict latency requirement */
	if (unlikely(latency_req == 0))
		return 0;

	for (i = CPUIDLE_DRIVER_STATE_START; i < dev->state_count; i++)
		if (dev->states[i].exit_latency > latency_req)
			break;
	return i - 1;
}

static int simple_show(struct seq_file *seq, void *offset)
{
	seq_printf(seq, "maximum allowed latency: %d usec\n"
		   "network latency: %d usec\n",
		   pm_qos_requirement(PM_QOS_CPU_DMA_LATENCY),
		   pm_qos_requirement(PM_QOS_NETWORK_LATENCY));
	return 0;
}
