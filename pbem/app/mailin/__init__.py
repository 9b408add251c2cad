"""Mail in and the mail commands: one message, from whichever source, handled end to end as
a pipeline of small steps, each a function with one job (as Mailman's handlers are):

- mailgate: the pipeline itself (receive, handle again), nothing else;
- context: the mail being handled, as the steps pass it on;
- intake: store (keyed by its identity), copy check, read, machine check, settle, origin;
- auth: the sign-on step, for a player's block and the game master's alike;
- blocks: a signed-on player's commands and orders, and the block's answer;
- mailcommands: the answer to each of a player's mail commands;
- gmmail: a signed-on game master's commands, carried out after the mail is answered;
- unsigned: a mail with no sign-on block (a JOIN, or a word on how to sign on);
- answers: what becomes of a mail, one block's answer, the answers of a mail queued.

It may call pbem.app.gm, pbem.app.orders, pbem.app.play, pbem.app.mailout and
pbem.app.base; nothing of the reports, the league or the running judge. It sends mail only
through pbem.app.mailout's functions (the import-linter contracts say so). Its answers are
queued in the transaction of the mail they answer; an answer's map is drawn when it is sent,
by pbem.app.reports.mailmake, which the outbox calls.
"""
