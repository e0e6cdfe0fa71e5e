/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: late_initcall() hands the init function to the harness,
 * which calls it in each test's setup.
 */
#ifndef _HARNESS_LINUX_INIT_H
#define _HARNESS_LINUX_INIT_H
#include <linux/kernel.h>
#define late_initcall(fn) int (*harness_initcall)(void) = fn
#endif
