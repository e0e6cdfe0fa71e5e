/* The asm headers of a tree before 2.6.26 live in include/asm-ARCH. */
#ifndef __ASM_ARM_TYPES_H
#define __ASM_ARM_TYPES_H
typedef unsigned int u32;
#endif
