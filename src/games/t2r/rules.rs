//! Rules (placeholder).
