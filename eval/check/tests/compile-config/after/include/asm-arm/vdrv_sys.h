/* A vendor's asm header kept in the old include/asm-ARCH, which a build
 * reaches as <asm/...> through its include/asm link. */
#ifndef _ASM_VDRV_SYS_H
#define _ASM_VDRV_SYS_H
#define VDRV_SYS_LATENCY 20
#endif
