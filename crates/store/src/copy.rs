//! Copying every row from one database to another (SQLite to PostgreSQL when a deployment
//! grows, or back), ids included, in one transaction on the target.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;

use crate::db::{AnyConnection, Backend, Db};

/// Rows copied per table, in copy order (parents before children).
pub type CopyReport = Vec<(&'static str, usize)>;

macro_rules! copy_table {
    ($from:expr, $to:expr, $report:expr, $table:ident, [$($col:ident: $ty:ty),+ $(,)?]) => {{
        use crate::schema::$table as t;
        let rows: Vec<($($ty,)+)> = t::table.select(($(t::$col,)+)).load($from)?;
        let n = rows.len();
        for ($($col,)+) in rows {
            diesel::insert_into(t::table)
                .values(($(t::$col.eq($col),)+))
                .execute($to)?;
        }
        $report.push((stringify!($table), n));
    }};
}

fn count(conn: &mut AnyConnection, table: &str) -> anyhow::Result<i64> {
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    Ok(
        diesel::sql_query(format!("SELECT COUNT(*) AS n FROM {table}"))
            .get_result::<N>(conn)?
            .n,
    )
}

impl Db {
    /// Copies every row of this database into `target`, which must be migrated and hold
    /// no users. All or nothing: one transaction on the target. Afterwards every table
    /// has the same number of rows on both sides, or the copy fails.
    pub async fn copy_into(&self, target: &Db) -> anyhow::Result<CopyReport> {
        let (source, target) = (self.clone(), target.clone());
        tokio::task::spawn_blocking(move || -> anyhow::Result<CopyReport> {
            source.with_target(&target, |from, to| {
            if count(to, "users")? > 0 {
                anyhow::bail!("the target database already has users; copy into an empty, migrated database");
            }
            // A consistent snapshot of the source while it may still be serving.
            let report = from.transaction(|from| {
                to.transaction(|to| -> anyhow::Result<CopyReport> {
                    let mut report = CopyReport::new();
                    copy_table!(from, to, report, app_secrets, [name: String, value: String, created_at: NaiveDateTime]);
                    copy_table!(from, to, report, users, [
                        id: i64, username: String, username_key: String, email: String,
                        password_hash: String, first_name: String, last_name: String,
                        date_of_birth: Option<NaiveDate>, gender: String, email_verified: bool,
                        created_at: NaiveDateTime, updated_at: NaiveDateTime,
                        login_secret: String, password_changed_at: NaiveDateTime,
                        last_sign_in_at: Option<NaiveDateTime>,
                    ]);
                    copy_table!(from, to, report, tokens, [
                        id: i64, user_id: i64, purpose: String, token_hash: String,
                        new_email: Option<String>, expires_at: NaiveDateTime,
                        used_at: Option<NaiveDateTime>, created_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, sessions, [
                        key_hash: String, user_id: Option<i64>, state: String,
                        expires_at: NaiveDateTime, created_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, two_step, [
                        user_id: i64, secret: String, last_step: i64,
                        created_at: NaiveDateTime, enabled_at: Option<NaiveDateTime>,
                    ]);
                    copy_table!(from, to, report, recovery_codes, [
                        user_id: i64, code_hash: String, created_at: NaiveDateTime,
                        used_at: Option<NaiveDateTime>,
                    ]);
                    // Passkeys move; ceremonies under way (5 minutes at most) do not.
                    copy_table!(from, to, report, passkeys, [
                        id: i64, user_id: i64, credential_id: String, user_handle: String,
                        name: String, credential: String, created_at: NaiveDateTime,
                        last_used_at: Option<NaiveDateTime>,
                    ]);
                    copy_table!(from, to, report, preferences, [
                        user_id: i64, weight_unit: String, blood_sugar_unit: String,
                        email_reminders: bool, weekly_reports: bool, updated_at: NaiveDateTime,
                        reminder_time: String, time_zone: String, guideline: String,
                    ]);
                    copy_table!(from, to, report, outbox, [
                        id: i64, user_id: Option<i64>, to_address: String, subject: String,
                        text_body: String, html_body: String, headers: String,
                        attachment_name: Option<String>, attachment_type: Option<String>,
                        attachment: Option<Vec<u8>>, status: String, attempts: i32,
                        next_attempt_at: NaiveDateTime, locked_until: Option<NaiveDateTime>,
                        last_error: Option<String>, created_at: NaiveDateTime,
                        sent_at: Option<NaiveDateTime>,
                    ]);
                    copy_table!(from, to, report, subscriptions, [
                        user_id: i64, expires_at: NaiveDateTime,
                        cancelled_at: Option<NaiveDateTime>, updated_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, payments, [
                        id: i64, user_id: Option<i64>, order_id: String, capture_id: Option<String>,
                        method: String, amount: String, currency: String, client_claim: String,
                        period_end: NaiveDateTime, created_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, pending_captures, [
                        order_id: String, user_id: i64, method: String, client_claim: String,
                        created_at: NaiveDateTime,
                    ]);
                    // The readings' columns, as `readings::Row` reads them: a copy must
                    // name every column, so the two lists are alike by design.
                    // jscpd:ignore-start
                    copy_table!(from, to, report, readings, [
                        id: i64, user_id: i64, date: String, time: String,
                        systolic: Option<i32>, diastolic: Option<i32>, heart_rate: Option<i32>,
                        weight: Option<f64>, blood_sugar: Option<f64>, notes: Option<String>,
                        created_at: NaiveDateTime, updated_at: NaiveDateTime, setting: String,
                        source: String, device: Option<String>, flags: i32,
                        original_date: Option<String>, original_time: Option<String>,
                        original_systolic: Option<i32>, original_diastolic: Option<i32>,
                        original_heart_rate: Option<i32>,
                    ]);
                    // jscpd:ignore-end
                    copy_table!(from, to, report, cuffs, [
                        user_id: i64, device_id: String, name: String, maker: Option<String>,
                        model: Option<String>, user_slot: Option<i32>,
                        last_sync_at: Option<NaiveDateTime>, created_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, bp_sessions, [
                        reading_id: i64, period: String, rest_skipped: bool,
                    ]);
                    copy_table!(from, to, report, bp_session_readings, [
                        reading_id: i64, position: i32, time: String, systolic: i32,
                        diastolic: i32, heart_rate: Option<i32>,
                    ]);
                    copy_table!(from, to, report, home_weeks, [
                        id: i64, user_id: i64, start_date: String, stopped_on: Option<String>,
                        created_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, medications, [
                        id: i64, user_id: i64, name: String, form: String,
                        reason: Option<String>, reminders: bool, created_at: NaiveDateTime,
                        for_blood_pressure: bool,
                    ]);
                    copy_table!(from, to, report, medication_periods, [
                        id: i64, medication_id: i64, strength: f64, unit: String,
                        frequency: String, times: String, start_date: String,
                        end_date: Option<String>,
                    ]);
                    copy_table!(from, to, report, medication_intakes, [
                        id: i64, medication_id: i64, user_id: i64, date: String, time: String,
                        status: String, reason: Option<String>, created_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, reports, [
                        id: i64, user_id: i64, name: String, report_type: String,
                        date_start: String, date_end: String, include_charts: bool,
                        include_table: bool, include_analysis: bool, generated_at: NaiveDateTime,
                        size_bytes: i64, pdf: Vec<u8>, reading_count: i64,
                    ]);
                    copy_table!(from, to, report, report_emails, [
                        id: i64, user_id: i64, report_id: i64, recipient: String, sent_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, shares, [
                        id: i64, user_id: i64, token_hash: String, label: String,
                        shown_name: String, period_kind: String, period_from: Option<String>,
                        period_to: Option<String>, period_days: Option<i32>,
                        include_heart_rate: bool, include_weight: bool,
                        include_blood_sugar: bool, include_notes: bool,
                        include_medications: bool, code_hash: Option<String>,
                        created_at: NaiveDateTime, expires_at: NaiveDateTime,
                        revoked_at: Option<NaiveDateTime>, opened: i64,
                        last_opened_at: Option<NaiveDateTime>, emailed_to: Option<String>,
                    ]);
                    copy_table!(from, to, report, share_accesses, [
                        id: i64, share_id: i64, at: NaiveDateTime, kind: String, browser: String,
                    ]);
                    copy_table!(from, to, report, share_emails, [
                        id: i64, user_id: Option<i64>, recipient: String, sent_at: NaiveDateTime,
                    ]);
                    // Drafts are previews waiting an hour at most, import turns leases of
                    // imports under way: not worth moving.
                    copy_table!(from, to, report, reading_keys, [
                        user_id: i64, key: String, fingerprint: String, reading_id: Option<i64>,
                        created_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, import_mappings, [
                        user_id: i64, header_key: String, mapping: String, used_at: NaiveDateTime,
                    ]);
                    copy_table!(from, to, report, security_events, [
                        id: i64, user_id: i64, at: NaiveDateTime, kind: String,
                        detail: Option<String>, device: Option<String>, network: Option<String>,
                    ]);
                    copy_table!(from, to, report, job_claims, [
                        job: String, claim_key: String, user_id: Option<i64>, claimed_at: NaiveDateTime,
                    ]);
                    if target.backend() == Backend::Postgres {
                        // Ids were copied as they are: move each identity past them.
                        for table in [
                            "users", "tokens", "passkeys", "outbox", "payments", "readings", "home_weeks",
                            "medications", "medication_periods", "medication_intakes", "reports",
                            "report_emails", "shares", "share_accesses", "share_emails", "security_events",
                        ] {
                            to.batch_execute(&format!(
                                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                                 COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                            ))?;
                        }
                    }
                    for (table, n) in &report {
                        let copied = usize::try_from(count(to, table)?)?;
                        anyhow::ensure!(copied == *n, "{table}: {n} rows read but {copied} in the target");
                    }
                    Ok(report)
                })
            })?;
            Ok(report)
            })
        })
        .await?
    }
}
