//! Scoring (placeholder).
