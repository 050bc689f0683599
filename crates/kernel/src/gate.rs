//! Admission to heavy per-user work (report rendering, CSV imports). A ten-year report
//! takes ~100 MiB and seconds of CPU, an import file seconds of parsing, so the number in
//! flight is bounded and one user has at most one of each: a burst from one account can
//! neither grow the process without bound nor take every slot from everyone else.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use crate::UserId;

/// Why the work may not start now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// This user's previous one is still in flight.
    UserBusy,
    /// `capacity` are in flight.
    Full,
}

#[derive(Debug)]
pub struct UserGate {
    capacity: usize,
    /// Users with work in flight; its size is the number in flight.
    users: Mutex<HashSet<UserId>>,
}

impl UserGate {
    /// At most `capacity` (at least one) in flight.
    pub fn new(capacity: usize) -> Arc<Self> {
        Arc::new(Self {
            capacity: capacity.max(1),
            users: Mutex::new(HashSet::new()),
        })
    }

    /// A turn for `user`, held until the returned value is dropped.
    pub fn admit(self: &Arc<Self>, user: UserId) -> Result<Turn, Refusal> {
        // The set is only inserted into and removed from, so a poisoned lock holds a valid set.
        let mut users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        if users.contains(&user) {
            return Err(Refusal::UserBusy);
        }
        if users.len() >= self.capacity {
            return Err(Refusal::Full);
        }
        users.insert(user);
        Ok(Turn {
            gate: self.clone(),
            user,
        })
    }

    /// In flight now.
    pub fn in_flight(&self) -> usize {
        self.users
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

/// One user's work in flight; dropping it (also when the request is cancelled) frees the slot.
#[derive(Debug)]
pub struct Turn {
    gate: Arc<UserGate>,
    user: UserId,
}

impl Drop for Turn {
    fn drop(&mut self) {
        self.gate
            .users
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.user);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_turn_per_user_and_capacity_in_all() {
        let gate = UserGate::new(2);
        let ann = gate.admit(UserId(1)).expect("ann");
        assert_eq!(gate.admit(UserId(1)).err(), Some(Refusal::UserBusy));
        let bob = gate.admit(UserId(2)).expect("bob");
        assert_eq!(gate.admit(UserId(3)).err(), Some(Refusal::Full));
        assert_eq!(gate.in_flight(), 2);
        drop(ann);
        let _cy = gate.admit(UserId(3)).expect("a freed slot is taken");
        assert_eq!(gate.admit(UserId(1)).err(), Some(Refusal::Full));
        drop(bob);
        let _ann = gate
            .admit(UserId(1))
            .expect("ann again after her report ended");
        assert_eq!(gate.in_flight(), 2);
    }
}
