#include <linux/list.h>

/*
 * The string-named API of the first pm_qos, kept as thin wrappers over
 * request handles while its in-tree users are converted one subsystem at a
 * time.  A later patch of the series removes it; nothing new may use it.
 */
struct pm_qos_named_request {
	struct list_head list;
	int pm_qos_class;
	struct pm_qos_request_list *req;
	char name[];
};

static LIST_HEAD(pm_qos_named_requests);
static DEFINE_MUTEX(pm_qos_named_lock);

static struct pm_qos_named_request *
pm_qos_find_named(int pm_qos_class, const char *name)
{
	struct pm_qos_named_request *n;

	list_for_each_entry(n, &pm_qos_named_requests, list)
		if (n->pm_qos_class == pm_qos_class && !strcmp(n->name, name))
			return n;
	return NULL;
}

/**
 * pm_qos_requirement - deprecated name of pm_qos_request()
 * @pm_qos_class: identification of which qos value is requested
 *
 * Return: as pm_qos_request().
 */
int pm_qos_requirement(int pm_qos_class)
{
	return pm_qos_request(pm_qos_class);
}
EXPORT_SYMBOL_GPL(pm_qos_requirement);

/**
 * pm_qos_add_requirement - deprecated: use pm_qos_add_request()
 * @pm_qos_class: identifies which list of qos request to use
 * @name: identifies the request for later updates and removal
 * @value: defines the qos request, or PM_QOS_DEFAULT_VALUE
 *
 * Context: process context; may sleep.
 *
 * Return: 0, -EINVAL for an invalid class or value, or -ENOMEM.
 */
int pm_qos_add_requirement(int pm_qos_class, char *name, s32 value)
{
	struct pm_qos_named_request *n;

	if (!pm_qos_class_valid(pm_qos_class) ||
	    (value < 0 && value != PM_QOS_DEFAULT_VALUE))
		return -EINVAL;
	n = kmalloc(sizeof(*n) + strlen(name) + 1, GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	n->req = __pm_qos_add_request(pm_qos_class, value, _RET_IP_, 0);
	if (!n->req) {
		kfree(n);
		return -ENOMEM;
	}
	n->pm_qos_class = pm_qos_class;
	strcpy(n->name, name);
	mutex_lock(&pm_qos_named_lock);
	list_add(&n->list, &pm_qos_named_requests);
	mutex_unlock(&pm_qos_named_lock);
	return 0;
}
EXPORT_SYMBOL_GPL(pm_qos_add_requirement);

/**
 * pm_qos_update_requirement - deprecated: use pm_qos_update_request()
 * @pm_qos_class: identifies which list of qos request to use
 * @name: the name given to pm_qos_add_requirement()
 * @new_value: defines the qos request, or PM_QOS_DEFAULT_VALUE
 *
 * If no request of that name exists, nothing changes.
 *
 * Context: process context; may sleep.
 *
 * Return: 0.
 */
int pm_qos_update_requirement(int pm_qos_class, char *name, s32 new_value)
{
	struct pm_qos_named_request *n;

	mutex_lock(&pm_qos_named_lock);
	n = pm_qos_find_named(pm_qos_class, name);
	if (n)
		pm_qos_update_request(n->req, new_value);
	mutex_unlock(&pm_qos_named_lock);
	return 0;
}
EXPORT_SYMBOL_GPL(pm_qos_update_requirement);

/**
 * pm_qos_remove_requirement - deprecated: use pm_qos_remove_request()
 * @pm_qos_class: identifies which list of qos request to use
 * @name: the name given to pm_qos_add_requirement()
 *
 * If no request of that name exists, nothing changes.
 *
 * Context: process context; may sleep.
 */
void pm_qos_remove_requirement(int pm_qos_class, char *name)
{
	struct pm_qos_named_request *n;

	mutex_lock(&pm_qos_named_lock);
	n = pm_qos_find_named(pm_qos_class, name);
	if (n)
		list_del(&n->list);
	mutex_unlock(&pm_qos_named_lock);
	if (n) {
		pm_qos_remove_request(n->req);
		kfree(n);
	}
}
EXPORT_SYMBOL_GPL(pm_qos_remove_requirement);
