//! Longest trail (placeholder).
