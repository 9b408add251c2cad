"""Mail in: what becomes of a mail and the answers it gets (answers), shared by every step
that answers one. It may call pbem.app.base, pbem.store and pbem.mail."""
