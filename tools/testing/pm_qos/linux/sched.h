/* STUBBED: the opener of a device is process harness_pid */
#ifndef _HARNESS_LINUX_SCHED_H
#define _HARNESS_LINUX_SCHED_H
#include <linux/kernel.h>

extern pid_t harness_pid;
#define current NULL
#define task_tgid_vnr(task) harness_pid
#endif
