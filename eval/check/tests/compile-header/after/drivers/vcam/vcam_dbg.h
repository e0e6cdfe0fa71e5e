/* Debug helpers of vcam.c, included after <linux/pm_qos_params.h>.
 * Converted wrong: the handle is declared nowhere. */
static inline void vcam_dbg_hold(int on)
{
	pm_qos_update_request(vcam_dbg_pm_qos_req,
			      on ? 0 : PM_QOS_DEFAULT_VALUE);
}
