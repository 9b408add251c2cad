"""Games and phases: a game made, listed, shown, paused, resumed, ended, a player replaced,
a phase rolled back (games); a game that forms by invitation (invites); a phase processed
exactly once or previewed, and the sweep's choice of the phases due (phases); a game's
journal and replay checked (audit).

It may call pbem.app.mailout (to queue briefings, reports and notices in its own
transactions) and pbem.app.base; nothing above them.
"""
