/* Stand-in for an arch's types.h. */
#ifndef _ASM_TYPES_H
#define _ASM_TYPES_H
typedef unsigned int u32;
#endif
