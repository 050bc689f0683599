//! Passkeys and the WebAuthn ceremonies under way (issue 38).

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use identity::passkeys::ports::PasskeyRepository;
use identity::passkeys::{Ceremony, CeremonyPurpose, NewPasskey, PasskeySummary, StoredPasskey};
use kernel::UserId;
use kernel::outbox::OutgoingEmail;

use crate::db::{AnyConnection, Db};
use crate::outbox::enqueue;
use crate::schema::{passkeys, webauthn_ceremonies};

#[derive(Clone)]
pub struct PasskeyStore {
    db: Db,
}

impl PasskeyStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

type SummaryRow = (i64, String, NaiveDateTime, Option<NaiveDateTime>);

const SUMMARY: (
    passkeys::id,
    passkeys::name,
    passkeys::created_at,
    passkeys::last_used_at,
) = (
    passkeys::id,
    passkeys::name,
    passkeys::created_at,
    passkeys::last_used_at,
);

fn summary((id, name, created_at, last_used_at): SummaryRow) -> PasskeySummary {
    PasskeySummary {
        id,
        name,
        created_at: created_at.and_utc(),
        last_used_at: last_used_at.map(|t| t.and_utc()),
    }
}

fn one_of_user(
    conn: &mut AnyConnection,
    user: UserId,
    id: i64,
) -> QueryResult<Option<PasskeySummary>> {
    passkeys::table
        .filter(passkeys::id.eq(id))
        .filter(passkeys::user_id.eq(user.0))
        .select(SUMMARY)
        .first::<SummaryRow>(conn)
        .optional()
        .map(|r| r.map(summary))
}

fn purpose_of(raw: &str) -> Option<CeremonyPurpose> {
    [CeremonyPurpose::Register, CeremonyPurpose::SignIn]
        .into_iter()
        .find(|p| p.as_str() == raw)
}

#[async_trait::async_trait]
impl PasskeyRepository for PasskeyStore {
    async fn user_handle(&self, user: UserId) -> anyhow::Result<Option<String>> {
        self.db
            .read(move |conn| {
                passkeys::table
                    .filter(passkeys::user_id.eq(user.0))
                    .order(passkeys::id.asc())
                    .select(passkeys::user_handle)
                    .first::<String>(conn)
                    .optional()
            })
            .await
    }

    async fn credential_ids(&self, user: UserId) -> anyhow::Result<Vec<String>> {
        self.db
            .read(move |conn| {
                passkeys::table
                    .filter(passkeys::user_id.eq(user.0))
                    .select(passkeys::credential_id)
                    .load::<String>(conn)
            })
            .await
    }

    async fn insert(
        &self,
        passkey: NewPasskey,
        notice: OutgoingEmail,
    ) -> anyhow::Result<Option<PasskeySummary>> {
        let stamp = self.db.now();
        self.db
            .write(move |conn| -> anyhow::Result<Option<PasskeySummary>> {
                let taken = passkeys::table
                    .filter(passkeys::credential_id.eq(&passkey.credential_id))
                    .count()
                    .get_result::<i64>(conn)?;
                if taken > 0 {
                    return Ok(None);
                }
                let id = diesel::insert_into(passkeys::table)
                    .values((
                        passkeys::user_id.eq(passkey.user_id.0),
                        passkeys::credential_id.eq(&passkey.credential_id),
                        passkeys::user_handle.eq(&passkey.user_handle),
                        passkeys::name.eq(&passkey.name),
                        passkeys::credential.eq(&passkey.credential),
                        passkeys::created_at.eq(passkey.created_at.naive_utc()),
                    ))
                    .returning(passkeys::id)
                    .get_result::<i64>(conn)?;
                enqueue(conn, &notice, stamp)?;
                Ok(one_of_user(conn, passkey.user_id, id)?)
            })
            .await
    }

    async fn of_user(&self, user: UserId) -> anyhow::Result<Vec<PasskeySummary>> {
        let rows: Vec<SummaryRow> = self
            .db
            .read(move |conn| {
                passkeys::table
                    .filter(passkeys::user_id.eq(user.0))
                    .order((passkeys::created_at.asc(), passkeys::id.asc()))
                    .select(SUMMARY)
                    .load(conn)
            })
            .await?;
        Ok(rows.into_iter().map(summary).collect())
    }

    async fn by_credential_id(&self, credential_id: &str) -> anyhow::Result<Option<StoredPasskey>> {
        let credential_id = credential_id.to_owned();
        let row: Option<(i64, i64, String, String)> = self
            .db
            .read(move |conn| {
                passkeys::table
                    .filter(passkeys::credential_id.eq(credential_id))
                    .select((
                        passkeys::id,
                        passkeys::user_id,
                        passkeys::user_handle,
                        passkeys::credential,
                    ))
                    .first(conn)
                    .optional()
            })
            .await?;
        Ok(
            row.map(|(id, user_id, user_handle, credential)| StoredPasskey {
                id,
                user_id: UserId(user_id),
                user_handle,
                credential,
            }),
        )
    }

    async fn used(&self, id: i64, credential: &str, at: DateTime<Utc>) -> anyhow::Result<()> {
        let credential = credential.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::update(passkeys::table.find(id))
                    .set((
                        passkeys::credential.eq(credential),
                        passkeys::last_used_at.eq(Some(at.naive_utc())),
                    ))
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn rename(
        &self,
        user: UserId,
        id: i64,
        name: &str,
    ) -> anyhow::Result<Option<PasskeySummary>> {
        let name = name.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<Option<PasskeySummary>> {
                diesel::update(
                    passkeys::table
                        .filter(passkeys::id.eq(id))
                        .filter(passkeys::user_id.eq(user.0)),
                )
                .set(passkeys::name.eq(name))
                .execute(conn)?;
                Ok(one_of_user(conn, user, id)?)
            })
            .await
    }

    async fn delete(&self, user: UserId, id: i64, notice: OutgoingEmail) -> anyhow::Result<bool> {
        let stamp = self.db.now();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let n = diesel::delete(
                    passkeys::table
                        .filter(passkeys::id.eq(id))
                        .filter(passkeys::user_id.eq(user.0)),
                )
                .execute(conn)?;
                if n == 1 {
                    enqueue(conn, &notice, stamp)?;
                }
                Ok(n == 1)
            })
            .await
    }

    async fn begin_ceremony(&self, id_hash: &str, ceremony: Ceremony) -> anyhow::Result<()> {
        let id_hash = id_hash.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::insert_into(webauthn_ceremonies::table)
                    .values((
                        webauthn_ceremonies::id_hash.eq(id_hash),
                        webauthn_ceremonies::purpose.eq(ceremony.purpose.as_str()),
                        webauthn_ceremonies::user_id.eq(ceremony.user_id.map(|u| u.0)),
                        webauthn_ceremonies::state.eq(ceremony.state),
                        webauthn_ceremonies::expires_at.eq(ceremony.expires_at.naive_utc()),
                    ))
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn take_ceremony(
        &self,
        id_hash: &str,
        purpose: CeremonyPurpose,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Option<Ceremony>> {
        let id_hash = id_hash.to_owned();
        // One DELETE … RETURNING: of two finishes racing, one deletes the row and gets it,
        // the other deletes nothing. An expired row is deleted too, and refused.
        let row: Option<(String, Option<i64>, String, NaiveDateTime)> = self
            .db
            .write(move |conn| -> anyhow::Result<_> {
                Ok(diesel::delete(
                    webauthn_ceremonies::table
                        .filter(webauthn_ceremonies::id_hash.eq(id_hash))
                        .filter(webauthn_ceremonies::purpose.eq(purpose.as_str())),
                )
                .returning((
                    webauthn_ceremonies::purpose,
                    webauthn_ceremonies::user_id,
                    webauthn_ceremonies::state,
                    webauthn_ceremonies::expires_at,
                ))
                .get_result(conn)
                .optional()?)
            })
            .await?;
        Ok(row.and_then(|(raw, user_id, state, expires_at)| {
            let expires_at = expires_at.and_utc();
            (expires_at > now).then_some(Ceremony {
                purpose: purpose_of(&raw)?,
                user_id: user_id.map(UserId),
                state,
                expires_at,
            })
        }))
    }

    async fn purge_expired_ceremonies(&self, now: DateTime<Utc>) -> anyhow::Result<u64> {
        self.db
            .write(move |conn| -> anyhow::Result<u64> {
                let n = diesel::delete(
                    webauthn_ceremonies::table
                        .filter(webauthn_ceremonies::expires_at.le(now.naive_utc())),
                )
                .execute(conn)?;
                Ok(u64::try_from(n)?)
            })
            .await
    }
}
