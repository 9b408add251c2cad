"""The rules engines: pure functions over frozen data. Imports nothing else of pbem."""
