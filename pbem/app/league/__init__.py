"""The club league: who plays in a season: a season made, joined, a player dropping out
(entries); its rounds paired and their games made (rounds); the season as it goes: started,
on to its next round once every game of this one is over, ended, and its pairings and table
(league); its results taken from its games as they end, the ratings and the standings
(league_results); a season's public pages beside its games' archives (league_archive); a
player's record of orders on time, late or missing (records).

It may call pbem.app.reports (a game's archive), pbem.app.gm, pbem.app.play,
pbem.app.mailout (its notices) and pbem.app.base, and the pure pairing and table of
pbem.league; nothing of the mail in or the sweep.
"""
