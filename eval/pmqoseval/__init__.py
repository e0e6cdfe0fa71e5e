"""What the evaluation tools of eval/ read and decide, apart from the
converter (they read its --json, never import it):

  corpus       what eval/corpus-eval reads of the JSON summary
  determinism  corpus-eval's runs of a file alone against the whole tree
  audit        eval/audit-check: is today's conversion covered by the audit
"""
