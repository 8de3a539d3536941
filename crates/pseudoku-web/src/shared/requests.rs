//! Request ids, handed out by each screen's state.
//!
//! Every job a screen sends to the worker gets an id never used before on
//! that screen; the state keeps the ids it waits for, and a reply to any
//! other id (a job cancelled or superseded since) is dropped. Ids start at
//! 1, so a screen's first ids can be its standing requests (the analysis,
//! the check, the solve) and later ones its one-off jobs.

use crate::engine::wire::{Job, Request};

/// The source of a screen's request ids: each is used once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestIds {
    next: u64,
}

impl Default for RequestIds {
    fn default() -> RequestIds {
        RequestIds { next: 1 }
    }
}

impl RequestIds {
    /// A new id.
    pub fn take(&mut self) -> u64 {
        let id = self.next;
        self.next += 1;
        id
    }

    /// `job` as a request with a new id.
    pub fn request(&mut self, job: Job) -> Request {
        Request::new(self.take(), job)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_start_at_one_and_never_repeat() {
        let mut ids = RequestIds::default();
        let taken: Vec<u64> = (0..5).map(|_| ids.take()).collect();
        assert_eq!(taken, [1, 2, 3, 4, 5]);
        let mut copy = ids;
        assert_eq!(copy.take(), 6, "a copy goes on from where it was taken");
        assert_eq!(ids.request(Job::Solve { variant: String::new() }).id, 6);
        assert_eq!(ids.take(), 7);
    }
}
