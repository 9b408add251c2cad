"""Greeks vs Romans (shared/rules/004): the first open-table rule system."""
