//! A TCP proxy on loopback that a test can cut, black-hole and restore, to take a server
//! (PostgreSQL) away from the application and bring it back without touching the real one.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

const FORWARD: u8 = 0;
const REFUSE: u8 = 1;
const BLACK_HOLE: u8 = 2;

struct Link {
    task: JoinHandle<()>,
    /// Bytes in either direction are read and dropped; the sockets stay open.
    swallowed: Arc<AtomicBool>,
}

pub struct TcpProxy {
    pub port: u16,
    mode: Arc<AtomicU8>,
    links: Arc<Mutex<Vec<Link>>>,
    accept: JoinHandle<()>,
}

/// Copies `from` to `to` until either side closes, dropping the bytes once swallowed.
async fn pump(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, swallowed: Arc<AtomicBool>) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) if !swallowed.load(Ordering::SeqCst) => {
                if to.write_all(&buf[..n]).await.is_err() {
                    return;
                }
            }
            Ok(_) => {}
        }
    }
}

impl TcpProxy {
    /// Forwards 127.0.0.1:`port` to `upstream` (host:port).
    pub async fn start(upstream: &str) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let port = listener.local_addr().expect("addr").port();
        let mode = Arc::new(AtomicU8::new(FORWARD));
        let links: Arc<Mutex<Vec<Link>>> = Arc::default();
        let upstream = upstream.to_owned();
        let (m, l) = (mode.clone(), links.clone());
        let accept = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let swallowed = Arc::new(AtomicBool::new(false));
                let task = match m.load(Ordering::SeqCst) {
                    REFUSE => {
                        drop(client); // refused: the connection closes at once
                        continue;
                    }
                    // Accepted and held open; whatever is sent vanishes.
                    BLACK_HOLE => tokio::spawn(async move {
                        let (mut rx, _tx) = client.into_split();
                        let mut buf = vec![0u8; 16 * 1024];
                        while matches!(rx.read(&mut buf).await, Ok(n) if n > 0) {}
                    }),
                    _ => {
                        let upstream = upstream.clone();
                        let s = swallowed.clone();
                        tokio::spawn(async move {
                            if let Ok(server) = TcpStream::connect(&upstream).await {
                                let (crx, ctx) = client.into_split();
                                let (srx, stx) = server.into_split();
                                let up = tokio::spawn(pump(crx, stx, s.clone()));
                                pump(srx, ctx, s).await;
                                up.abort();
                            }
                        })
                    }
                };
                l.lock().expect("links").push(Link { task, swallowed });
            }
        });
        Self {
            port,
            mode,
            links,
            accept,
        }
    }

    /// Cuts every open connection and refuses new ones, as if the server went away.
    pub fn cut(&self) {
        self.mode.store(REFUSE, Ordering::SeqCst);
        for link in self.links.lock().expect("links").drain(..) {
            link.task.abort();
        }
    }

    /// Stops forwarding without closing anything, as a network that drops packets does:
    /// open connections stay open and swallow every byte, new ones are accepted and do
    /// the same. No RST or FIN ever reaches the client. Connections black-holed here stay
    /// black-holed after [`TcpProxy::restore`] (their network state is lost, as when a
    /// firewall or NAT forgets its flows); only new connections get through again.
    pub fn black_hole(&self) {
        self.mode.store(BLACK_HOLE, Ordering::SeqCst);
        for link in self.links.lock().expect("links").iter() {
            link.swallowed.store(true, Ordering::SeqCst);
        }
    }

    /// Lets new connections through again.
    pub fn restore(&self) {
        self.mode.store(FORWARD, Ordering::SeqCst);
    }
}

impl Drop for TcpProxy {
    fn drop(&mut self) {
        self.accept.abort();
        for link in self.links.lock().expect("links").drain(..) {
            link.task.abort();
        }
    }
}
