"""Mail in and the mail commands: one message, from whichever source, handled end to end
(mailgate: stored, read, its copies recognised, its sign-on blocks checked, its orders and
commands carried out, answered); a player's mail commands (mailcommands); a game master's
sign-on block and commands by mail (gmmail); what becomes of a mail and the answers it gets,
shared by all of them (answers).

It may call pbem.app.gm, pbem.app.orders, pbem.app.play, pbem.app.mailout and
pbem.app.base; nothing of the reports, the league or the running judge. Its answers are
queued in the transaction of the mail they answer (answers); an answer's map is drawn when
it is sent, by pbem.app.reports.mailmake, which the outbox calls.
"""
