/* Power helpers of vcam.c, included after <linux/pm_qos_params.h>. */
extern struct pm_qos_request_list *vcam_pm_qos_req;

static inline void vcam_pm_busy(int on)
{
	if (vcam_pm_qos_req)
		pm_qos_update_request(vcam_pm_qos_req,
				      on ? 10 : PM_QOS_DEFAULT_VALUE);
}
