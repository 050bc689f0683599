//! Real delivery: lettre over SMTP to a server on loopback, and the .eml file fallback.

#![allow(clippy::expect_used)]

use std::time::Duration;

use kernel::Email;
use kernel::outbox::{Attachment, OutgoingEmail};
use mail::{EmailSender, Mailer, SendError};
use testkit::smtp::SmtpSink;

fn email() -> OutgoingEmail {
    let to = Email::parse("ann@example.com").expect("email");
    let mut m = OutgoingEmail::new(
        None,
        &to,
        "Your Vitalog report\r\nBcc: evil@example.com",
        "Plain text with a link https://vitalog.example/x".into(),
        "<p>HTML part</p>".into(),
    );
    m.headers = vec![(
        "List-Unsubscribe".into(),
        "<https://vitalog.example/u>".into(),
    )];
    m
}

#[tokio::test]
async fn smtp_delivery_has_both_parts_headers_and_attachment() {
    let sink = SmtpSink::start().await;
    let mailer = Mailer::smtp(&sink.url(), "Vitalog <no-reply@vitalog.example>").expect("mailer");
    let mut m = email();
    m.attachment = Some(Attachment {
        filename: "report.pdf".into(),
        content_type: "application/pdf".into(),
        data: b"%PDF-1.7 test".to_vec(),
    });
    mailer.send(&m).await.expect("sent");
    let got = sink
        .wait_for("ann@example.com", |_| true, Duration::from_secs(5))
        .await;
    assert_eq!(got.from, "no-reply@vitalog.example");
    let raw = got.decoded();
    assert!(raw.contains("text/plain"), "{raw}");
    assert!(raw.contains("text/html"));
    assert!(raw.contains("List-Unsubscribe: <https://vitalog.example/u>"));
    assert!(raw.contains("filename=\"report.pdf\""));
    assert!(raw.contains("application/pdf"));
    // The CR/LF in the subject did not become a header of its own.
    assert!(!raw.lines().any(|l| l.starts_with("Bcc:")), "{raw}");
    assert_eq!(
        got.link("https://vitalog.example/x").as_deref(),
        Some("https://vitalog.example/x")
    );
}

#[tokio::test]
async fn smtp_down_is_a_transient_error() {
    let mut sink = SmtpSink::start().await;
    sink.stop();
    let mailer = Mailer::smtp(&sink.url(), "Vitalog <no-reply@localhost>").expect("mailer");
    match mailer.send(&email()).await {
        Err(SendError::Transient(_)) => {}
        other => panic!("expected a transient error, got {other:?}"),
    }
}

#[tokio::test]
async fn without_smtp_emails_become_eml_files() {
    let dir = tempfile::tempdir().expect("dir");
    let mailer =
        Mailer::files(dir.path().join("mail"), "Vitalog <no-reply@localhost>").expect("mailer");
    mailer.send(&email()).await.expect("written");
    let files: Vec<_> = std::fs::read_dir(dir.path().join("mail"))
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].extension().and_then(|e| e.to_str()), Some("eml"));
    let content = std::fs::read_to_string(&files[0]).expect("read");
    assert!(content.contains("To: ann@example.com"));
    assert!(content.contains("Plain text with a link"));
}
