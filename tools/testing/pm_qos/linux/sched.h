/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: the opener of a device is process harness_pid in the initial
 * pid namespace and harness_vpid in its own (a container's), so that a
 * test sees which of the two the core records.  CUSTOMISED: idle_cpu()
 * says whether CPU n runs its idle task: harness_cpu_idle[n], which a
 * test sets.
 */
#ifndef _HARNESS_LINUX_SCHED_H
#define _HARNESS_LINUX_SCHED_H
#include <linux/kernel.h>

extern pid_t harness_pid, harness_vpid;
#define current NULL
#define task_tgid_nr(task) harness_pid
#define task_tgid_vnr(task) harness_vpid

extern int harness_cpu_idle[];
#define idle_cpu(cpu) __atomic_load_n(&harness_cpu_idle[cpu], __ATOMIC_RELAXED)
#endif
