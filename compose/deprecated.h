/* Deprecated string-named API, going away: use the request handles above. */
int pm_qos_add_requirement(int pm_qos_class, char *name, s32 value);
int pm_qos_update_requirement(int pm_qos_class, char *name, s32 new_value);
void pm_qos_remove_requirement(int pm_qos_class, char *name);
int pm_qos_requirement(int pm_qos_class);

