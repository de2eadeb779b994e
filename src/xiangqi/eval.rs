//! Evaluation (placeholder).
