-- Hand-written first migration: extensions the search needs (never load intarray next to pg_trgm: it hangs PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
