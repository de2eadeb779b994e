//! Shared search parts (placeholder).
