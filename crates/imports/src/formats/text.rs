//! Shared text-file helpers for the CSV formats (BOM, UTF-8, delimiter).
