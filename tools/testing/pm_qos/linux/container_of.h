/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: container_of() lives in the harness kernel.h (6.1's plist.h
 * includes this header for it)
 */
#include <linux/kernel.h>
