/* Stand-in for a kernel tree's types.h, for the compile-check test. */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H
#include <asm/types.h>
typedef int s32;
#endif
