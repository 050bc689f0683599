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
//!
//! A connection the watchdog closes shows the path to the server is dead, and every other
//! connection opened before that moment most likely sits on the same dead path (a
//! firewall or NAT that forgot its flows forgets all of them; new connections get new
//! state). Each pool therefore has a [`Generation`] that every closure advances; the pool
//! discards connections of an older generation instead of pinging them, which would
//! cost each one a full deadline.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, Weak};
use std::time::{Duration, Instant};

type RawFd = i32;

/// How many times the watchdog closed a connection of one pool. A connection opened under
/// an older generation is suspect: it was open when the server stopped answering another.
#[derive(Debug, Default)]
pub(crate) struct Generation(AtomicU64);

impl Generation {
    pub(crate) fn current(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }

    fn advance(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }

    #[cfg(test)]
    pub(crate) fn advance_for_test(&self) {
        self.advance();
    }
}

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
    /// The pool's generation, advanced when this socket is shut down.
    generation: Arc<Generation>,
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
        // The sockets shut down here, held until the lock is let go: the owner may drop
        // its connection meanwhile, and then the last reference is ours, whose drop takes
        // the lock (`Socket::drop`); dropped under it, that would wait for itself forever.
        let mut shut = Vec::new();
        for fd in due {
            // Under the lock: the socket cannot be disarmed meanwhile.
            if let Some((_, socket)) = state.armed.remove(&fd)
                && let Some(socket) = socket.upgrade()
            {
                // Before the shutdown: when the statement fails, the pool already
                // knows its older connections are suspect.
                socket.generation.advance();
                socket.tripped.store(true, Ordering::SeqCst);
                tracing::warn!(
                    after_ms = socket.limit.as_millis() as u64,
                    "PostgreSQL did not answer a statement in time; closing its connection"
                );
                sys::shutdown(fd);
                shut.push(socket);
            }
        }
        if !shut.is_empty() {
            drop(state);
            drop(shut);
            state = lock(s);
            continue;
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

/// The one socket in `after`, not in `before`, that no pooled connection owns; `None`
/// unless exactly one.
/// A socket as `/proc/self/fd` shows it: its descriptor and its inode. The inode tells a
/// new socket from an old one whose descriptor number it reused: a pooled connection
/// closed while another opens frees a number the kernel hands straight to the new socket,
/// which compared by number alone looked old and went unwatched.
type SocketId = (RawFd, u64);

fn only_new(state: &State, before: &HashSet<SocketId>, after: &HashSet<SocketId>) -> Option<RawFd> {
    let mut new = after
        .difference(before)
        .map(|&(fd, _)| fd)
        .filter(|fd| !state.claimed.contains(fd));
    match (new.next(), new.next()) {
        (Some(fd), None) => Some(fd),
        _ => None,
    }
}

impl Socket {
    /// Runs `open`, which connects to a PostgreSQL server at `peer_port`, and finds the
    /// one socket it left open. `None` when that is not certain (never guess: a wrong
    /// socket would be shut down) or off Linux; the connection then relies on TCP
    /// keepalive alone. `generation` is the pool's, advanced if this socket is shut down.
    ///
    /// `open` itself gets `open_limit`: libpq's `connect_timeout` covers the handshake, but
    /// diesel then sends setup statements (`SET TIME ZONE`) that nothing watches yet; an
    /// open black-holed there would wait forever, and hold every later open behind it.
    /// Past the limit its socket is shut down, so `open` fails.
    pub(crate) fn find<R: Send>(
        peer_port: u16,
        limit: Duration,
        open_limit: Duration,
        generation: &Arc<Generation>,
        open: impl FnOnce() -> R + Send,
    ) -> (R, Option<Arc<Socket>>) {
        // One connection opens at a time, so a new socket to the port is this one's.
        static OPENING: Mutex<()> = Mutex::new(());
        let _one = OPENING.lock().unwrap_or_else(|p| p.into_inner());
        let before = sys::sockets_to(peer_port);
        let opened = std::thread::scope(|scope| {
            let (done, finished) = std::sync::mpsc::channel();
            let opening = scope.spawn(move || {
                let opened = open();
                let _ = done.send(());
                opened
            });
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                finished.recv_timeout(open_limit)
            {
                let now = sys::sockets_to(peer_port);
                if let Some(fd) = only_new(&lock(shared()), &before, &now) {
                    generation.advance();
                    tracing::warn!(
                        after_ms = open_limit.as_millis() as u64,
                        "PostgreSQL did not finish opening a connection in time; closing it"
                    );
                    sys::shutdown(fd);
                }
            }
            match opening.join() {
                Ok(opened) => opened,
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        let after = sys::sockets_to(peer_port);
        let s = shared();
        let mut state = lock(s);
        let socket = match only_new(&state, &before, &after) {
            Some(fd) => {
                state.claimed.insert(fd);
                Some(Arc::new(Socket {
                    fd,
                    limit,
                    tripped: AtomicBool::new(false),
                    unbounded: AtomicBool::new(false),
                    generation: generation.clone(),
                }))
            }
            None => {
                tracing::warn!(
                    "could not tell which socket a new PostgreSQL connection uses; it has no statement deadline"
                );
                None
            }
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
    use super::{RawFd, SocketId};
    use std::collections::HashSet;

    /// Open sockets of this process whose peer listens on `port`.
    pub(super) fn sockets_to(port: u16) -> HashSet<SocketId> {
        let Ok(dir) = std::fs::read_dir("/proc/self/fd") else {
            return HashSet::new();
        };
        dir.filter_map(Result::ok)
            .filter_map(|e| {
                // The link reads "socket:[<inode>]".
                let link = std::fs::read_link(e.path()).ok()?;
                let inode = link
                    .to_str()?
                    .strip_prefix("socket:[")?
                    .strip_suffix(']')?
                    .parse::<u64>()
                    .ok()?;
                Some((e.file_name().to_str()?.parse::<RawFd>().ok()?, inode))
            })
            .filter(|(fd, _)| {
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
    use super::{RawFd, SocketId};
    use std::collections::HashSet;

    pub(super) fn sockets_to(_port: u16) -> HashSet<SocketId> {
        HashSet::new()
    }

    pub(super) fn shutdown(_fd: RawFd) {}
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_statement_left_unanswered_shuts_its_socket_and_advances_the_generation() {
        let server = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = server.local_addr().expect("addr").port();
        let generation = Arc::new(Generation::default());
        let (client, socket) = Socket::find(
            port,
            Duration::from_millis(50),
            Duration::from_secs(10),
            &generation,
            || std::net::TcpStream::connect(("127.0.0.1", port)),
        );
        let client = client.expect("connect");
        let socket = socket.expect("the one new socket is found");
        assert_eq!(generation.current(), 0);
        // The "server" never answers: the deadline passes and the socket is shut down.
        socket.arm();
        let mut buf = [0u8; 1];
        let read = std::io::Read::read(&mut &client, &mut buf).expect("read ends");
        assert_eq!(read, 0, "the watchdog shut the socket down");
        assert!(socket.tripped());
        assert_eq!(generation.current(), 1);
        drop(server);
    }

    #[test]
    fn a_new_socket_that_reuses_a_closed_ones_number_is_found() {
        let server = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = server.local_addr().expect("addr").port();
        let old = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connect");
        let generation = Arc::new(Generation::default());
        // Another pooled connection closes while this one opens: the kernel gives the new
        // socket the lowest free number, the one just freed.
        let (client, socket) = Socket::find(
            port,
            Duration::from_secs(10),
            Duration::from_secs(10),
            &generation,
            || {
                drop(old);
                std::net::TcpStream::connect(("127.0.0.1", port))
            },
        );
        let client = client.expect("connect");
        let socket = socket.expect("the new socket is found although its number is not new");
        assert_eq!(socket.fd, std::os::fd::AsRawFd::as_raw_fd(&client));
        drop(server);
    }

    #[test]
    fn an_open_left_unanswered_is_shut_down_at_its_limit() {
        let server = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = server.local_addr().expect("addr").port();
        let generation = Arc::new(Generation::default());
        let started = Instant::now();
        // Like diesel's setup statements after the handshake: a read nobody answers.
        let (read, socket) = Socket::find(
            port,
            Duration::from_millis(50),
            Duration::from_millis(200),
            &generation,
            || {
                let mut client = std::net::TcpStream::connect(("127.0.0.1", port))?;
                std::io::Read::read(&mut client, &mut [0u8; 1])
            },
        );
        assert_eq!(read.expect("the read ends"), 0, "the socket was shut down");
        assert!(socket.is_none(), "a failed open leaves no socket");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(generation.current(), 1);
        drop(server);
    }
}
