/*
 * A USB gadget function driver with the patterns the semantic patch must
 * not convert: names built at run time, names passed in by the caller,
 * an update of a name this file never adds, one request named by two
 * expressions, and a name in a structure that is not the driver's own.
 * Every call here stays as it is and is reported.
 */
#include <linux/usb/gadget.h>
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

struct f_stream {
	struct usb_function func;
	struct usb_ep *in_ep;
	struct net_device *net;
	int intf_id;
};

static int f_stream_qos(char *who, s32 usecs)
{
	/* the name comes from the caller: needs a handle parameter instead */
	return pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, who, usecs);
}

static void f_stream_unqos(char *who)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, who);
}

static int f_stream_set_alt(struct f_stream *stream, unsigned alt)
{
	char id[16];

	/* one request per interface, named at run time */
	snprintf(id, sizeof(id), "f_stream%d", stream->intf_id);
	if (alt)
		pm_qos_add_requirement(PM_QOS_NETWORK_LATENCY, id, 500);
	else
		pm_qos_remove_requirement(PM_QOS_NETWORK_LATENCY, id);
	return f_stream_qos("f_stream-dma", 100);
}

static void f_stream_disable(struct f_stream *stream)
{
	f_stream_unqos("f_stream-dma");
	/* the bulk endpoint driver added this one, not this file */
	pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY, "gadget-bulk",
				  PM_QOS_DEFAULT_VALUE);
}

/* The same request, named through the stream and through the netdev. */
static void f_stream_link_up(struct f_stream *stream)
{
	pm_qos_add_requirement(PM_QOS_NETWORK_THROUGHPUT, stream->net->name,
			       1000);
}

static void f_stream_link_down(struct net_device *net)
{
	pm_qos_remove_requirement(PM_QOS_NETWORK_THROUGHPUT, net->name);
}

/* platform_device is not this driver's structure: no field to add. */
static int f_stream_probe(struct platform_device *pdev)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, pdev->name,
			       PM_QOS_DEFAULT_VALUE);
	return 0;
}

static int f_stream_remove(struct platform_device *pdev)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, pdev->name);
	return 0;
}

/* The name is a global pointer that module parameters may change. */
static char *qos_tag = "f_stream";

static void f_stream_tag_on(void)
{
	pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, qos_tag, 10);
}

static void f_stream_tag_off(void)
{
	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, qos_tag);
}
