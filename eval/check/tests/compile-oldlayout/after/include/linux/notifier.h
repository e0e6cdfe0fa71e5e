/* Stand-in for a kernel tree's notifier.h. */
#ifndef _LINUX_NOTIFIER_H
#define _LINUX_NOTIFIER_H
struct notifier_block;
#endif
