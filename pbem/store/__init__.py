"""Storage: the only package that speaks SQL (SQLModel on SQLite or PostgreSQL)."""
