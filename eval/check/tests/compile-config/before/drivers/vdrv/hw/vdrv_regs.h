/* Registers of the device: in a directory only the Makefile's -I names. */
#ifndef _VDRV_REGS_H
#define _VDRV_REGS_H
#define VDRV_CTRL 0x10
#endif
