//! Search (placeholder).
