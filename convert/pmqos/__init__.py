"""The converter (convert/pmqos-convert hands over to python3 -m pmqos), by
job.

Pass 1 (convert/smpl/facts.cocci) prints the facts of each candidate file;
this package groups the calls of the old string-named API into requests,
decides for each whether and how it is converted, and writes the pass-2
semantic patch and the report:

  __main__   the options
  run        the driver: the candidate files, both spatch passes, the
             merged patch, the summary
  inplace    --in-place: every file written, or none
  kernel     the table of kernel knowledge (kernel.txt): the old API,
             allocators, getters, frees, locks, initcalls
  facts      the records of pass 1, per candidate file (its unit)
  textfacts  what spatch does not read, read as text: preprocessor
             conditionals, includes, machine include directories, Kbuild
             object lists, conflict markers
  callgraph  entry points, run-once functions, atomic context, order
  naming     what a call's name is, which calls may name one request,
             and the names of the handles
  placement  where a handle may live (static, or a field of the driver's
             own per-instance structure)
  decision   the rules a request must pass to be converted
  rewrite    the generated semantic patch (pass 2)
  report     the report lines, the reasons and the JSON summary

What measures the converter (corpus-eval, the static checks, audit-check)
is in eval/: it reads the JSON summary, and nothing of this package
imports it.
"""
