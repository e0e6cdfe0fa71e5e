/* SPDX-License-Identifier: GPL-2.0 */
/* DUPLICATED: the kernel's ctype takes a char and casts it to unsigned
 * char itself; the C library's wants the cast done by the caller.
 */
#ifndef _HARNESS_LINUX_CTYPE_H
#define _HARNESS_LINUX_CTYPE_H
#include <ctype.h>
#undef isxdigit
#undef isdigit
#undef tolower
#define isxdigit(c) isxdigit((unsigned char)(c))
#define isdigit(c) isdigit((unsigned char)(c))
#define tolower(c) tolower((unsigned char)(c))
#endif
