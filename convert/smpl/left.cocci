/// Count what the string-named pm_qos API still has in a file: one line
/// per call, for convert/pmqos-convert's measure of its own result.
//
// Confidence: n/a (no transformation)
// Copyright: (C) 2010 The pm_qos handle-API series authors.  GPLv2.
// Options: --no-includes

@left@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement, pm_qos_requirement};
position p;
@@
fn@p(...)

@script:python@
p << left.p;
@@
print("left %s:%s" % (p[0].file, p[0].line))
