/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: the opener of a device is process harness_pid in the initial
 * pid namespace and harness_vpid in its own (a container's), so that a
 * test sees which of the two the core records.
 */
#ifndef _HARNESS_LINUX_SCHED_H
#define _HARNESS_LINUX_SCHED_H
#include <linux/kernel.h>

extern pid_t harness_pid, harness_vpid;
#define current NULL
#define task_tgid_nr(task) harness_pid
#define task_tgid_vnr(task) harness_vpid
#endif
