/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: the C library's string functions */
#include <string.h>
