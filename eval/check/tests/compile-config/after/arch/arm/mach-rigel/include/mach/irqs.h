/* The other SoC's header: the driver does not build for it. */
#ifndef __MACH_RIGEL_IRQS_H
#define __MACH_RIGEL_IRQS_H
#ifndef CONFIG_ARCH_RIGEL
#error "Unknown SoC"
#endif
#define NR_IRQS 64
#define RIGEL_ONLY 1
#endif
