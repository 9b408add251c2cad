"""What people read, and the mail that carries it: every recipient's report and map of a
resolved phase and a player's briefing (reports), the account of a phase's orders and the
sections at either end of a game (account, bookends, pure), a game's public archive
(archive), and the bytes of a queued report, briefing or answer with its map, made when the
outbox sends it (mailmake).

It may call pbem.app.play, pbem.app.mailout and pbem.app.base (and pbem.render to draw);
nothing of the mail in, the league or the sweep.
"""
