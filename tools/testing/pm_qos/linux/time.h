/* SPDX-License-Identifier: GPL-2.0 */
/* DUPLICATED: the one constant of the kernel's time.h that pm_qos uses */
#ifndef _HARNESS_LINUX_TIME_H
#define _HARNESS_LINUX_TIME_H
#define USEC_PER_SEC 1000000L
#endif
