use std::path::PathBuf;
use std::time::Duration;

use kernel::outbox::OutgoingEmail;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

#[derive(Debug)]
pub enum SendError {
    /// Worth retrying later (server down, time-out, 4xx).
    Transient(String),
    /// Retrying cannot help (malformed address, 5xx refusal).
    Permanent(String),
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SendError::Transient(m) => write!(f, "temporary failure: {m}"),
            SendError::Permanent(m) => write!(f, "permanent failure: {m}"),
        }
    }
}

impl std::error::Error for SendError {}

/// Something that delivers one email now.
#[async_trait::async_trait]
pub trait EmailSender: Send + Sync {
    async fn send(&self, email: &OutgoingEmail) -> Result<(), SendError>;
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

/// The configured delivery: SMTP when a URL is given, `.eml` files otherwise.
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
}

impl Mailer {
    /// `smtp_url` as lettre reads it: `smtp://host:port` (STARTTLS when offered is not
    /// forced; add `?tls=required`), `smtps://user:pass@host` (implicit TLS).
    pub fn smtp(smtp_url: &str, from: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|e| anyhow::anyhow!("invalid VITALOG_SMTP_URL: {e}"))?
            .timeout(Some(Duration::from_secs(15)))
            .build();
        Ok(Self {
            transport: Transport::Smtp(transport),
            from: parse_from(from)?,
        })
    }

    /// Writes each email to `dir` as an `.eml` file and logs its path.
    pub fn files(dir: PathBuf, from: &str) -> anyhow::Result<Self> {
        std::fs::create_dir_all(&dir)
            .map_err(|e| anyhow::anyhow!("cannot create mail directory {}: {e}", dir.display()))?;
        Ok(Self {
            transport: Transport::Files(dir),
            from: parse_from(from)?,
        })
    }

    pub fn describe(&self) -> String {
        match &self.transport {
            Transport::Smtp(_) => "SMTP".to_owned(),
            Transport::Files(dir) => format!(".eml files in {}", dir.display()),
        }
    }
}

fn parse_from(from: &str) -> anyhow::Result<Mailbox> {
    from.parse()
        .map_err(|e| anyhow::anyhow!("invalid VITALOG_MAIL_FROM {from:?}: {e}"))
}

/// Builds the MIME message: text and HTML alternatives, plus the attachment if any.
pub fn build_message(from: &Mailbox, email: &OutgoingEmail) -> Result<Message, SendError> {
    let to: Mailbox = email
        .to
        .parse()
        .map_err(|e| SendError::Permanent(format!("bad recipient: {e}")))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(kernel::outbox::strip_line_breaks(&email.subject));
    for (name, value) in &email.headers {
        let name = HeaderName::new_from_ascii(name.clone())
            .map_err(|e| SendError::Permanent(format!("bad header name: {e}")))?;
        builder = builder.raw_header(HeaderValue::new(
            name,
            kernel::outbox::strip_line_breaks(value),
        ));
    }
    let body = MultiPart::alternative_plain_html(email.text.clone(), email.html.clone());
    let message = match &email.attachment {
        None => builder.multipart(body),
        Some(a) => {
            let ctype = ContentType::parse(&a.content_type)
                .map_err(|e| SendError::Permanent(format!("bad attachment type: {e}")))?;
            let file = Attachment::new(a.filename.clone()).body(a.data.clone(), ctype);
            builder.multipart(MultiPart::mixed().multipart(body).singlepart(file))
        }
    };
    message.map_err(|e| SendError::Permanent(format!("cannot build message: {e}")))
}

#[async_trait::async_trait]
impl EmailSender for Mailer {
    async fn send(&self, email: &OutgoingEmail) -> Result<(), SendError> {
        let message = build_message(&self.from, email)?;
        match &self.transport {
            Transport::Smtp(smtp) => match smtp.send(message).await {
                Ok(_) => Ok(()),
                Err(e) if e.is_permanent() => Err(SendError::Permanent(e.to_string())),
                Err(e) => Err(SendError::Transient(e.to_string())),
            },
            Transport::Files(dir) => {
                let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ");
                let path = dir.join(format!("{stamp}.eml"));
                tokio::fs::write(&path, message.formatted())
                    .await
                    .map_err(|e| SendError::Transient(format!("{}: {e}", path.display())))?;
                // The path, never the content: emails carry one-time links.
                tracing::info!(path = %path.display(), "email written to file (no SMTP server configured)");
                Ok(())
            }
        }
    }
}
