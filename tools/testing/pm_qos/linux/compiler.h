/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: all of it lives in the harness kernel.h */
#include <linux/kernel.h>
