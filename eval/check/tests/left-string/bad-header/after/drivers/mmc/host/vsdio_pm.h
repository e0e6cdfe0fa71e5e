/* vsdio: DMA latency votes, shared by the host and its card glue. */
#ifndef _VSDIO_PM_H
#define _VSDIO_PM_H

#include <linux/pm_qos_params.h>

#define VSDIO_NAME	"vsdio"

static inline void vsdio_qos_vote(const char *who, s32 usec)
{
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, (char *)who, usec);
}

#endif
