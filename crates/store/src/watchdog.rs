//! A client-side deadline for every PostgreSQL statement.
//!
//! libpq waits for an answer without any time limit, and `statement_timeout` is enforced by
//! the server, which cannot answer when the network black-holes the connection (a firewall
//! or NAT that lost its state, a failed-over address). TCP keepalive and `tcp_user_timeout`
//! free such a socket eventually, but only where the kernel sees unacknowledged packets; a
//! proxy or load balancer that keeps accepting bytes defeats them. So each pooled
//! connection's socket is found once (`/proc/self/fd`, Linux) and a statement still
//! unanswered when its deadline passes has the socket shut down: libpq sees the connection
//! end, the statement fails, and the pool replaces the connection.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, Weak};
use std::time::{Duration, Instant};

type RawFd = i32;

/// The socket of one pooled PostgreSQL connection. Dropped before the connection closes
/// it, so the watchdog never touches a descriptor number that was reused.
#[derive(Debug)]
pub(crate) struct Socket {
    fd: RawFd,
    /// Deadline for one statement: `statement_timeout` plus a grace for the answer.
    limit: Duration,
    /// The watchdog shut this socket down; the connection is dead.
    tripped: AtomicBool,
    /// Set for migrations and copies, whose statements may run long.
    unbounded: AtomicBool,
}

#[derive(Default)]
struct State {
    armed: HashMap<RawFd, (Instant, Weak<Socket>)>,
    claimed: HashSet<RawFd>,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

fn shared() -> &'static Shared {
    static SHARED: OnceLock<Shared> = OnceLock::new();
    SHARED.get_or_init(|| {
        let spawned = std::thread::Builder::new()
            .name("db-watchdog".into())
            .spawn(watch);
        if let Err(e) = spawned {
            tracing::error!(error = %e, "cannot start the database watchdog");
        }
        Shared {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
        }
    })
}

fn lock(s: &Shared) -> MutexGuard<'_, State> {
    // The state is two sets; a panic elsewhere cannot leave them half-updated.
    s.state.lock().unwrap_or_else(|p| p.into_inner())
}

fn watch() {
    let s = shared();
    let mut state = lock(s);
    loop {
        let now = Instant::now();
        let due: Vec<RawFd> = state
            .armed
            .iter()
            .filter(|(_, (at, _))| *at <= now)
            .map(|(fd, _)| *fd)
            .collect();
        for fd in due {
            // Under the lock: the socket cannot be disarmed or dropped meanwhile.
            if let Some((_, socket)) = state.armed.remove(&fd)
                && let Some(socket) = socket.upgrade()
            {
                socket.tripped.store(true, Ordering::SeqCst);
                tracing::warn!(
                    after_ms = socket.limit.as_millis() as u64,
                    "PostgreSQL did not answer a statement in time; closing its connection"
                );
                sys::shutdown(fd);
            }
        }
        let next = state.armed.values().map(|(at, _)| *at).min();
        state = match next {
            Some(at) => {
                let wait = at.saturating_duration_since(Instant::now());
                s.wake
                    .wait_timeout(state, wait)
                    .map(|(g, _)| g)
                    .unwrap_or_else(|p| p.into_inner().0)
            }
            None => s.wake.wait(state).unwrap_or_else(|p| p.into_inner()),
        };
    }
}

impl Socket {
    /// Runs `open`, which connects to a PostgreSQL server at `peer_port`, and finds the
    /// one socket it left open. `None` when that is not certain (never guess: a wrong
    /// socket would be shut down) or off Linux; the connection then relies on TCP
    /// keepalive alone.
    pub(crate) fn find<R>(
        peer_port: u16,
        limit: Duration,
        open: impl FnOnce() -> R,
    ) -> (R, Option<Arc<Socket>>) {
        // One connection opens at a time, so a new socket to the port is this one's.
        static OPENING: Mutex<()> = Mutex::new(());
        let _one = OPENING.lock().unwrap_or_else(|p| p.into_inner());
        let before = sys::sockets_to(peer_port);
        let opened = open();
        let after = sys::sockets_to(peer_port);
        let s = shared();
        let mut state = lock(s);
        let mut new = after
            .difference(&before)
            .filter(|fd| !state.claimed.contains(fd));
        let socket = match (new.next(), new.next()) {
            (Some(&fd), None) => {
                state.claimed.insert(fd);
                Some(Arc::new(Socket {
                    fd,
                    limit,
                    tripped: AtomicBool::new(false),
                    unbounded: AtomicBool::new(false),
                }))
            }
            _ => None,
        };
        (opened, socket)
    }

    /// A statement starts: it must be answered within the limit.
    pub(crate) fn arm(self: &Arc<Self>) {
        if self.unbounded.load(Ordering::SeqCst) {
            return;
        }
        let s = shared();
        lock(s)
            .armed
            .insert(self.fd, (Instant::now() + self.limit, Arc::downgrade(self)));
        s.wake.notify_one();
    }

    /// The statement was answered (or the operation ended).
    pub(crate) fn disarm(&self) {
        lock(shared()).armed.remove(&self.fd);
    }

    pub(crate) fn tripped(&self) -> bool {
        self.tripped.load(Ordering::SeqCst)
    }

    pub(crate) fn set_unbounded(&self, unbounded: bool) {
        self.unbounded.store(unbounded, Ordering::SeqCst);
        if unbounded {
            self.disarm();
        }
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        let mut state = lock(shared());
        state.armed.remove(&self.fd);
        state.claimed.remove(&self.fd);
    }
}

#[cfg(target_os = "linux")]
mod sys {
    use super::RawFd;
    use std::collections::HashSet;

    /// Open sockets of this process whose peer listens on `port`.
    pub(super) fn sockets_to(port: u16) -> HashSet<RawFd> {
        let Ok(dir) = std::fs::read_dir("/proc/self/fd") else {
            return HashSet::new();
        };
        dir.filter_map(Result::ok)
            .filter(|e| {
                std::fs::read_link(e.path())
                    .is_ok_and(|t| t.to_string_lossy().starts_with("socket:"))
            })
            .filter_map(|e| e.file_name().to_str()?.parse::<RawFd>().ok())
            .filter(|fd| {
                nix::sys::socket::getpeername::<nix::sys::socket::SockaddrStorage>(*fd)
                    .ok()
                    .and_then(|a| {
                        a.as_sockaddr_in()
                            .map(|v4| v4.port())
                            .or_else(|| a.as_sockaddr_in6().map(|v6| v6.port()))
                    })
                    == Some(port)
            })
            .collect()
    }

    pub(super) fn shutdown(fd: RawFd) {
        if let Err(e) = nix::sys::socket::shutdown(fd, nix::sys::socket::Shutdown::Both) {
            tracing::warn!(error = %e, "cannot shut down a stuck PostgreSQL socket");
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod sys {
    use super::RawFd;
    use std::collections::HashSet;

    pub(super) fn sockets_to(_port: u16) -> HashSet<RawFd> {
        HashSet::new()
    }

    pub(super) fn shutdown(_fd: RawFd) {}
}
