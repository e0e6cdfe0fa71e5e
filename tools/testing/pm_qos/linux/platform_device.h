/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: included by the 2.6.34 and 2010-04-30 cores (built by the bench),
 * which use nothing from it.
 */
#include <linux/kernel.h>
