//! What more than one screen uses, kept here rather than in whichever
//! screen needed it first.

pub mod count;
pub mod history;
pub mod hooks;
pub mod panels;
pub mod reducer;
pub mod requests;
pub mod svg;
pub mod walls;
