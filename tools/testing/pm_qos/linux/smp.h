/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: a machine of HARNESS_NR_CPUS CPUs, all online; the calling
 * thread runs on harness_this_cpu.  smp_send_reschedule() counts the IPIs
 * each CPU received into harness_ipis[], and those sent from a hard IRQ
 * handler into harness_ipis_from_hardirq, so that a test sees which CPUs
 * a change kicked before it returned.
 */
#ifndef _HARNESS_LINUX_SMP_H
#define _HARNESS_LINUX_SMP_H
#include <linux/kernel.h>

#define HARNESS_NR_CPUS 4
extern __thread int harness_this_cpu;
extern int harness_ipis[HARNESS_NR_CPUS];
extern int harness_ipis_from_hardirq;

void smp_send_reschedule(int cpu);
#define smp_processor_id() harness_this_cpu
#define get_cpu() harness_this_cpu
#define put_cpu() do { } while (0)
/* the kernel's full barrier: a sequentially consistent fence */
#define smp_mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#endif
