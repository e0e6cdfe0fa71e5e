/* Another platform's header of the same name: found first in a search of
 * every plat-* directory. */
#error "plat-moon's clock.h is not for the vega SoC"
