/* Stand-in: asm/errno.h of include/asm-arm. */
#define ENOMEM		12
