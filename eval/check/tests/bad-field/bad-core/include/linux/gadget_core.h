/* A structure of the core kernel, shared by every driver of its kind. */
#ifndef _LINUX_GADGET_CORE_H
#define _LINUX_GADGET_CORE_H

struct gadget_core {
	const char *name;
	unsigned int speed;
	unsigned int is_otg:1;
	struct pm_qos_request_list *pm_qos_req;
};

#endif
