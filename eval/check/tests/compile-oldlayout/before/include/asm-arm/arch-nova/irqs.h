/* <asm/arch/irqs.h> of another SoC of the same tree: no DSP interrupt. */
#define NR_IRQS		32
