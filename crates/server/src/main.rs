//! `vitalog`: serve (default), migrate, backup, copy-database, reset-two-step.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use server::{Application, Config};
use tracing_subscriber::EnvFilter;

// mimalloc returns freed memory to the system shortly after a burst (a ten-year report
// render takes ~100 MiB); glibc kept it in per-thread arenas, so RSS ratcheted up.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Transparent huge pages off for this process, before anything is allocated. mimalloc
/// asks for them on its arenas (and a kernel set to "always" gives them unasked), so each
/// 4 KiB touched became 2 MiB of memory: a fresh server held 60 MiB instead of 36, and
/// 150 MiB instead of 63 after the ten-year list on 8 connections.
fn small_pages_only() {
    #[cfg(target_os = "linux")]
    if let Err(e) = nix::sys::prctl::set_thp_disable(true) {
        eprintln!(
            "vitalog: could not turn transparent huge pages off ({e}); memory use will be higher"
        );
    }
}

#[derive(Parser)]
#[command(
    name = "vitalog",
    version,
    about = "Vitalog: your personal health monitor"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server and background jobs (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Write a consistent copy of the live SQLite database to PATH.
    Backup {
        /// Destination file; must not exist yet.
        path: PathBuf,
    },
    /// Copy every row of the configured database into another one (e.g. from SQLite to
    /// PostgreSQL), which is migrated first and must hold no users. Stop the server first.
    CopyDatabase {
        /// The target database URL (`postgres://...` or `sqlite://...`).
        #[arg(long)]
        to: String,
    },
    /// Turn off two-step verification for one account (its owner lost both their phone
    /// and their recovery codes): it signs in with its password alone again, and its
    /// owner is emailed. Confirm who is asking before you run it.
    ResetTwoStep {
        /// The account's username or email address.
        account: String,
    },
}

fn init_logging() {
    let filter = EnvFilter::try_from_env("VITALOG_LOG")
        .unwrap_or_else(|_| EnvFilter::new("info,actix_server=warn"));
    tracing_subscriber::fmt().with_env_filter(filter).init();
}

fn main() -> ExitCode {
    small_pages_only();
    init_logging();
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("vitalog: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli.command.unwrap_or(Command::Serve))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("vitalog: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command) -> anyhow::Result<()> {
    let config = Config::load()?;
    match command {
        Command::Serve => {
            let app = Application::build(config.clone()).await?;
            tracing::info!(
                url = %config.public_url,
                bind = %config.bind,
                database = %store::db::redact(&config.database_url()),
                email = %config.smtp_url.as_deref().map_or_else(
                    || format!(".eml files in {}", config.data_dir.join("mail").display()),
                    |_| "SMTP".to_owned()
                ),
                "Vitalog is running"
            );
            app.serve_until_signalled().await
        }
        Command::Migrate => {
            config.check()?;
            // Not under a running server (SQLite): it migrates at start itself.
            let _lock = store::ProcessLock::acquire(&config.database_url())?;
            let db = tokio::task::spawn_blocking(move || server::app::open_database_once(&config))
                .await??;
            drop(db);
            println!("database is up to date");
            Ok(())
        }
        Command::Backup { path } => {
            let db = tokio::task::spawn_blocking(move || server::app::open_database_once(&config))
                .await??;
            db.backup_to(&path).await?;
            println!("backup written to {}", path.display());
            Ok(())
        }
        Command::ResetTwoStep { account } => {
            use identity::two_step::AdminReset;
            match server::app::reset_two_step(&config, &account).await? {
                AdminReset::NoSuchAccount => {
                    anyhow::bail!("no account has the username or email address {account:?}")
                }
                AdminReset::WasOff { username } => {
                    println!("two-step verification was already off for {username}");
                }
                AdminReset::Reset { username } => println!(
                    "two-step verification is off for {username}; they sign in with their password and were emailed"
                ),
            }
            Ok(())
        }
        Command::CopyDatabase { to } => {
            let source = config.database_url();
            anyhow::ensure!(to != source, "the target is the configured database itself");
            // "Stop the server first", enforced for SQLite on both ends; a backup, by
            // contrast, is safe beside a running server.
            let _source_lock = store::ProcessLock::acquire(&source)?;
            let _target_lock = store::ProcessLock::acquire(&to)?;
            let from =
                tokio::task::spawn_blocking(move || server::app::open_database_once(&config))
                    .await??;
            let target = tokio::task::spawn_blocking(move || -> anyhow::Result<store::Db> {
                let db = store::Db::connect(&store::DbOptions::new(&to).one_shot())?;
                db.migrate()?;
                Ok(db)
            })
            .await??;
            let report = from.copy_into(&target).await?;
            for (table, rows) in &report {
                println!("{table:>14}: {rows} rows");
            }
            println!(
                "copied every row; point VITALOG_DATABASE_URL at the target and start vitalog"
            );
            Ok(())
        }
    }
}
