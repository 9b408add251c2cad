"""The club league: a season made, joined, started, paired round by round, a player
dropping out (league); its results taken from its games as they end, the ratings and the
standings (league_results); a season's public pages beside its games' archives
(league_archive); a player's record of orders on time, late or missing (records).

It may call pbem.app.reports (a game's archive), pbem.app.gm, pbem.app.play,
pbem.app.mailout (its notices) and pbem.app.base, and the pure pairing and table of
pbem.league; nothing of the mail in or the sweep.
"""
