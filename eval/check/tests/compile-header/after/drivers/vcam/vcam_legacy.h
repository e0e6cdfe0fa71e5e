/* A helper of a board file this tree no longer builds: no C file
 * includes it. */
extern struct pm_qos_request_list *vcam_pm_qos_req;

static inline void vcam_legacy_idle(void)
{
	pm_qos_update_request(vcam_pm_qos_req, PM_QOS_DEFAULT_VALUE);
}
