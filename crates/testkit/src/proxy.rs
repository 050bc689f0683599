//! A TCP proxy on loopback that a test can cut and restore, to take a server (PostgreSQL)
//! away from the application and bring it back without touching the real one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

pub struct TcpProxy {
    pub port: u16,
    down: Arc<AtomicBool>,
    links: Arc<Mutex<Vec<JoinHandle<()>>>>,
    accept: JoinHandle<()>,
}

impl TcpProxy {
    /// Forwards 127.0.0.1:`port` to `upstream` (host:port).
    pub async fn start(upstream: &str) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let port = listener.local_addr().expect("addr").port();
        let down = Arc::new(AtomicBool::new(false));
        let links: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let upstream = upstream.to_owned();
        let (d, l) = (down.clone(), links.clone());
        let accept = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if d.load(Ordering::SeqCst) {
                    drop(client); // refused: the connection closes at once
                    continue;
                }
                let upstream = upstream.clone();
                let link = tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(&upstream).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                l.lock().expect("links").push(link);
            }
        });
        Self {
            port,
            down,
            links,
            accept,
        }
    }

    /// Cuts every open connection and refuses new ones, as if the server went away.
    pub fn cut(&self) {
        self.down.store(true, Ordering::SeqCst);
        for link in self.links.lock().expect("links").drain(..) {
            link.abort();
        }
    }

    /// Lets connections through again.
    pub fn restore(&self) {
        self.down.store(false, Ordering::SeqCst);
    }
}

impl Drop for TcpProxy {
    fn drop(&mut self) {
        self.accept.abort();
        for link in self.links.lock().expect("links").drain(..) {
            link.abort();
        }
    }
}
