/* The platform header of the driver's SoC. */
#ifndef __PLAT_STAR_CLOCK_H
#define __PLAT_STAR_CLOCK_H
#define STAR_CLK_RATE 19200000
#endif
