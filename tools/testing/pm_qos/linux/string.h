/* STUBBED: the C library's string functions */
#include <string.h>
