/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: every CPU of the harness's machine (linux/smp.h) is online. */
#ifndef _HARNESS_LINUX_CPUMASK_H
#define _HARNESS_LINUX_CPUMASK_H
#include <linux/smp.h>

#define for_each_online_cpu(cpu) \
	for ((cpu) = 0; (cpu) < HARNESS_NR_CPUS; (cpu)++)
#endif
