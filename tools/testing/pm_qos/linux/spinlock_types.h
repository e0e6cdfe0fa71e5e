/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: spinlock_t lives in the harness spinlock.h (2.6.36's plist.h
 * includes this header for it)
 */
#include <linux/spinlock.h>
