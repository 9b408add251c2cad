"""The club league's pure core: pairings (round-robin and Swiss), standings with tie-breaks,
and the league bench. Standard library only: no I/O, no clock, no database."""
