"""Use-cases: the only place that opens transactions. Mail, scheduler and CLI call these."""
