//! Scoring tests on hand-built boards and properties over seeded games.
