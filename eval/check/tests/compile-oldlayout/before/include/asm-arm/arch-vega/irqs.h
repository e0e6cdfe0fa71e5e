/* <asm/arch/irqs.h> of the vega SoC (include/asm-arm/arch-vega). */
#define VEGA_IRQ_DSP	12
#define NR_IRQS		64
