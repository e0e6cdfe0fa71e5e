/* A SoC header that wants its config, as mach-msm's irqs.h does. */
#ifndef __MACH_VEGA_IRQS_H
#define __MACH_VEGA_IRQS_H
#if !defined(CONFIG_ARCH_VEGA) || !defined(CONFIG_VEGA_SOC_REV)
#error "Unknown SoC revision"
#endif
#define NR_IRQS (32 * CONFIG_VEGA_SOC_REV)
#endif
