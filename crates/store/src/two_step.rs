//! [`TwoStepRepository`] over the `two_step` and `recovery_codes` tables. A secret is kept
//! sealed with AES-256-GCM under a key derived from the server's `two_step_key` (in
//! `app_secrets`), bound to its account, so a leaked `two_step` table alone, or a row moved
//! to another account, yields nothing (docs/security.md says what it does not cover).

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use identity::ports::{TwoStepRecord, TwoStepRepository};
use kernel::UserId;
use kernel::outbox::OutgoingEmail;
use sha2::{Digest, Sha256};

use crate::db::{AnyConnection, Db};
use crate::outbox::enqueue;
use crate::schema::{recovery_codes, two_step};

/// The `app_secrets` name of the key two-step secrets are sealed with.
pub const KEY_NAME: &str = "two_step_key";
const NONCE_BYTES: usize = 12;
/// No step accepted yet.
const NO_STEP: i64 = -1;

#[derive(Clone)]
pub struct TwoStepStore {
    db: Db,
    cipher: Aes256Gcm,
}

impl TwoStepStore {
    /// The store, with its key read (or made, on first start) from `app_secrets`.
    pub async fn open(db: Db) -> anyhow::Result<Self> {
        let secret = db.shared_secret(KEY_NAME).await?;
        Ok(Self::with_key(db, &secret))
    }

    fn with_key(db: Db, secret: &str) -> Self {
        let key = Sha256::new()
            .chain_update(b"vitalog two-step secrets v1\n")
            .chain_update(secret.as_bytes())
            .finalize();
        Self {
            db,
            cipher: Aes256Gcm::new(&key),
        }
    }

    fn seal(&self, user: UserId, secret: &[u8]) -> anyhow::Result<String> {
        let mut nonce = [0u8; NONCE_BYTES];
        getrandom::fill(&mut nonce).map_err(|_| kernel::secret::RandomUnavailable)?;
        let aad = user.0.to_be_bytes();
        let sealed = self
            .cipher
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: secret,
                    aad: &aad,
                },
            )
            .map_err(|_| anyhow::anyhow!("sealing a two-step secret failed"))?;
        let mut out = nonce.to_vec();
        out.extend(sealed);
        Ok(STANDARD_NO_PAD.encode(out))
    }

    fn unseal(&self, user: UserId, sealed: &str) -> anyhow::Result<Vec<u8>> {
        let raw = STANDARD_NO_PAD.decode(sealed)?;
        anyhow::ensure!(
            raw.len() > NONCE_BYTES,
            "a sealed two-step secret is too short"
        );
        let (nonce, body) = raw.split_at(NONCE_BYTES);
        let aad = user.0.to_be_bytes();
        self.cipher
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: body,
                    aad: &aad,
                },
            )
            .map_err(|_| {
                anyhow::anyhow!(
                    "the two-step secret of user {} does not open with this server's key",
                    user.0
                )
            })
    }
}

fn insert_codes(
    conn: &mut AnyConnection,
    user: i64,
    hashes: &[String],
    now: NaiveDateTime,
) -> QueryResult<()> {
    for hash in hashes {
        diesel::insert_into(recovery_codes::table)
            .values((
                recovery_codes::user_id.eq(user),
                recovery_codes::code_hash.eq(hash),
                recovery_codes::created_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}

fn is_on(conn: &mut AnyConnection, user: i64) -> QueryResult<bool> {
    two_step::table
        .find(user)
        .select(two_step::enabled_at.is_not_null())
        .first::<bool>(conn)
        .optional()
        .map(|on| on.unwrap_or(false))
}

#[async_trait::async_trait]
impl TwoStepRepository for TwoStepStore {
    async fn get(&self, user: UserId) -> anyhow::Result<Option<TwoStepRecord>> {
        let row = self
            .db
            .read(move |conn| {
                two_step::table
                    .find(user.0)
                    .select((
                        two_step::secret,
                        two_step::last_step,
                        two_step::created_at,
                        two_step::enabled_at,
                    ))
                    .first::<(String, i64, NaiveDateTime, Option<NaiveDateTime>)>(conn)
                    .optional()
            })
            .await?;
        row.map(|(sealed, last_step, created_at, enabled_at)| {
            Ok(TwoStepRecord {
                secret: self.unseal(user, &sealed)?,
                last_step,
                created_at: created_at.and_utc(),
                enabled: enabled_at.is_some(),
                stamp: sealed,
            })
        })
        .transpose()
    }

    async fn begin(&self, user: UserId, secret: &[u8], now: DateTime<Utc>) -> anyhow::Result<bool> {
        let sealed = self.seal(user, secret)?;
        let now = now.naive_utc();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                if is_on(conn, user.0)? {
                    return Ok(false);
                }
                diesel::delete(two_step::table.find(user.0)).execute(conn)?;
                diesel::insert_into(two_step::table)
                    .values((
                        two_step::user_id.eq(user.0),
                        two_step::secret.eq(&sealed),
                        two_step::last_step.eq(NO_STEP),
                        two_step::created_at.eq(now),
                    ))
                    .execute(conn)?;
                Ok(true)
            })
            .await
    }

    async fn enable(
        &self,
        user: UserId,
        stamp: &str,
        step: i64,
        recovery_hashes: &[String],
        now: DateTime<Utc>,
        notice: OutgoingEmail,
    ) -> anyhow::Result<bool> {
        let (stamp, hashes) = (stamp.to_owned(), recovery_hashes.to_vec());
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let turned_on = diesel::update(
                    two_step::table
                        .find(user.0)
                        .filter(two_step::secret.eq(&stamp))
                        .filter(two_step::enabled_at.is_null())
                        .filter(two_step::last_step.lt(step)),
                )
                .set((
                    two_step::enabled_at.eq(Some(now.naive_utc())),
                    two_step::last_step.eq(step),
                ))
                .execute(conn)?
                    == 1;
                if turned_on {
                    diesel::delete(
                        recovery_codes::table.filter(recovery_codes::user_id.eq(user.0)),
                    )
                    .execute(conn)?;
                    insert_codes(conn, user.0, &hashes, now.naive_utc())?;
                    enqueue(conn, &notice, now)?;
                }
                Ok(turned_on)
            })
            .await
    }

    async fn accept_step(&self, user: UserId, step: i64) -> anyhow::Result<bool> {
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                Ok(diesel::update(
                    two_step::table
                        .find(user.0)
                        .filter(two_step::enabled_at.is_not_null())
                        .filter(two_step::last_step.lt(step)),
                )
                .set(two_step::last_step.eq(step))
                .execute(conn)?
                    == 1)
            })
            .await
    }

    async fn use_recovery_code(
        &self,
        user: UserId,
        hash: &str,
        now: DateTime<Utc>,
    ) -> anyhow::Result<bool> {
        let hash = hash.to_owned();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                if !is_on(conn, user.0)? {
                    return Ok(false);
                }
                Ok(diesel::update(
                    recovery_codes::table
                        .find((user.0, &hash))
                        .filter(recovery_codes::used_at.is_null()),
                )
                .set(recovery_codes::used_at.eq(Some(now.naive_utc())))
                .execute(conn)?
                    == 1)
            })
            .await
    }

    async fn recovery_codes_left(&self, user: UserId) -> anyhow::Result<i64> {
        self.db
            .read(move |conn| {
                recovery_codes::table
                    .filter(recovery_codes::user_id.eq(user.0))
                    .filter(recovery_codes::used_at.is_null())
                    .count()
                    .get_result(conn)
            })
            .await
    }

    async fn replace_recovery_codes(
        &self,
        user: UserId,
        recovery_hashes: &[String],
        now: DateTime<Utc>,
        notice: OutgoingEmail,
    ) -> anyhow::Result<bool> {
        let hashes = recovery_hashes.to_vec();
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                if !is_on(conn, user.0)? {
                    return Ok(false);
                }
                diesel::delete(recovery_codes::table.filter(recovery_codes::user_id.eq(user.0)))
                    .execute(conn)?;
                insert_codes(conn, user.0, &hashes, now.naive_utc())?;
                enqueue(conn, &notice, now)?;
                Ok(true)
            })
            .await
    }

    async fn disable(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        notice: OutgoingEmail,
    ) -> anyhow::Result<bool> {
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let was_on = is_on(conn, user.0)?;
                diesel::delete(two_step::table.find(user.0)).execute(conn)?;
                diesel::delete(recovery_codes::table.filter(recovery_codes::user_id.eq(user.0)))
                    .execute(conn)?;
                if was_on {
                    enqueue(conn, &notice, now)?;
                }
                Ok(was_on)
            })
            .await
    }
}
