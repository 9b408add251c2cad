"""Mail out, as the use-cases queue it: every message the judge sends is put in the outbox
in the transaction of the change that causes it (pbem.mail.outbox sends it later). The jobs
of a phase's reports and a game's briefings (queue), and the notices the judge sends on its
own: pauses, announcements, deadlines with their .ics, reminders (notices).

It sits just above pbem.app.base and may call only it, pbem.store and pbem.mail's message
making; the bytes of a queued job are made, when it is sent, by pbem.app.reports.mailmake.
"""
