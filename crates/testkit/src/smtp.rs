//! A real SMTP server on loopback that keeps what it receives, for tests that read the
//! emails the app sends and follow their links. It can be stopped and started again on the
//! same port to simulate an outage.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

#[derive(Debug, Clone)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// The raw message (headers and body) as sent.
    pub data: String,
}

impl Received {
    /// The message with quoted-printable soft line breaks and escapes undone, good enough to
    /// search for text and links.
    pub fn decoded(&self) -> String {
        decode_qp(&self.data)
    }

    pub fn subject(&self) -> String {
        // A long subject is folded over several lines (RFC 5322 2.2.3): unfold it.
        let mut lines = self
            .data
            .lines()
            .skip_while(|l| !l.starts_with("Subject: "));
        let Some(first) = lines.next().and_then(|l| l.strip_prefix("Subject: ")) else {
            return String::new();
        };
        let mut subject = first.to_owned();
        for more in lines.take_while(|l| l.starts_with([' ', '\t'])) {
            subject.push_str(more);
        }
        subject
    }

    /// The first link that starts with `prefix`.
    pub fn link(&self, prefix: &str) -> Option<String> {
        let text = self.decoded();
        let start = text.find(prefix)?;
        let rest = &text[start..];
        let end = rest
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '<' | '>'))
            .unwrap_or(rest.len());
        Some(rest[..end].to_owned())
    }
}

fn decode_qp(s: &str) -> String {
    let joined = s.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Ok(v) = u8::from_str_radix(&joined[i + 1..i + 3], 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub struct SmtpSink {
    pub port: u16,
    inbox: Arc<Mutex<Vec<Received>>>,
    task: Option<JoinHandle<()>>,
}

impl SmtpSink {
    pub async fn start() -> Self {
        Self::start_on(0).await
    }

    pub async fn start_on(port: u16) -> Self {
        Self::start_with_inbox(port, Arc::new(Mutex::new(Vec::new()))).await
    }

    async fn start_with_inbox(port: u16, inbox: Arc<Mutex<Vec<Received>>>) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("bind SMTP sink");
        let port = listener.local_addr().expect("addr").port();
        let inbox2 = inbox.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let inbox = inbox2.clone();
                tokio::spawn(async move {
                    let _ = session(stream, inbox).await;
                });
            }
        });
        Self {
            port,
            inbox,
            task: Some(task),
        }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Stops listening (connections are refused) until [`SmtpSink::restart`].
    pub fn stop(&mut self) {
        if let Some(t) = self.task.take() {
            t.abort();
        }
    }

    pub async fn restart(&mut self) {
        self.stop();
        // The aborted listener closes asynchronously; retry the bind briefly.
        for _ in 0..50 {
            if let Ok(l) = std::net::TcpListener::bind(("127.0.0.1", self.port)) {
                drop(l);
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let fresh = Self::start_with_inbox(self.port, self.inbox.clone()).await;
        self.task = fresh.into_task();
    }

    fn into_task(mut self) -> Option<JoinHandle<()>> {
        self.task.take()
    }

    pub fn messages(&self) -> Vec<Received> {
        self.inbox.lock().expect("inbox").clone()
    }

    /// Waits up to `timeout` for a message to `to` matching `pred`.
    pub async fn wait_for(
        &self,
        to: &str,
        pred: impl Fn(&Received) -> bool,
        timeout: Duration,
    ) -> Received {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(m) = self
                .messages()
                .into_iter()
                .rev()
                .find(|m| m.to.iter().any(|t| t.eq_ignore_ascii_case(to)) && pred(m))
            {
                return m;
            }
            if tokio::time::Instant::now() > deadline {
                let subjects: Vec<_> = self
                    .messages()
                    .iter()
                    .map(|m| (m.to.clone(), m.subject()))
                    .collect();
                panic!("no matching email to {to} within {timeout:?}; received: {subjects:?}");
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    pub fn count_to(&self, to: &str) -> usize {
        self.messages()
            .iter()
            .filter(|m| m.to.iter().any(|t| t.eq_ignore_ascii_case(to)))
            .count()
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
    }
}

fn addr(arg: &str) -> String {
    let s = arg.split_once(':').map_or(arg, |(_, v)| v).trim();
    let s = s.split_whitespace().next().unwrap_or(s);
    s.trim_start_matches('<').trim_end_matches('>').to_owned()
}

async fn session(stream: TcpStream, inbox: Arc<Mutex<Vec<Received>>>) -> std::io::Result<()> {
    let (r, mut w) = stream.into_split();
    let mut r = BufReader::new(r);
    w.write_all(b"220 testkit ESMTP ready\r\n").await?;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        if r.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let upper = line.to_ascii_uppercase();
        if upper.starts_with("EHLO") {
            w.write_all(b"250-testkit\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")
                .await?;
        } else if upper.starts_with("HELO") {
            w.write_all(b"250 testkit\r\n").await?;
        } else if upper.starts_with("MAIL FROM") {
            from = addr(&line);
            to.clear();
            w.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("RCPT TO") {
            to.push(addr(&line));
            w.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("DATA") {
            w.write_all(b"354 end with .\r\n").await?;
            let mut data = String::new();
            loop {
                let mut l = String::new();
                if r.read_line(&mut l).await? == 0 {
                    return Ok(());
                }
                if l == ".\r\n" || l == ".\n" {
                    break;
                }
                data.push_str(
                    l.strip_prefix('.')
                        .filter(|_| l.starts_with(".."))
                        .unwrap_or(&l),
                );
            }
            inbox.lock().expect("inbox").push(Received {
                from: from.clone(),
                to: to.clone(),
                data,
            });
            w.write_all(b"250 OK queued\r\n").await?;
        } else if upper.starts_with("RSET") || upper.starts_with("NOOP") {
            w.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("QUIT") {
            w.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            w.write_all(b"502 not implemented\r\n").await?;
        }
    }
}
