/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: the opener of a device is process harness_pid in the initial
 * pid namespace and harness_vpid in its own (a container's), so that a
 * test sees which of the two the core records.  CUSTOMISED: idle_cpu()
 * says whether CPU n runs its idle task: harness_cpu_idle[n], which a
 * test sets, and harness_cpu_polling[n] whether it polls need_resched
 * there (idle=poll).  wake_up_all_idle_cpus() is the scheduler's helper as
 * the series adds it to kernel/sched.c (a patch, not a file here), modelled
 * in stubs.c: it sets harness_need_resched[] of every other CPU and sends a
 * reschedule IPI (linux/smp.h) to each idle one that does not poll; calls
 * are counted in harness_wake_idle_calls.
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
extern int harness_cpu_polling[], harness_need_resched[];
extern int harness_wake_idle_calls;
void wake_up_all_idle_cpus(void);
#endif
