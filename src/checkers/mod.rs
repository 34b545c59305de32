//! English (American) checkers, as Microsoft's Checkers plays it.
pub mod pdn;
