//! One-time tokens (verification, reset, email change, undo): storing, finding, spending
//! and voiding them. The user repository's transactions call these.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use identity::model::*;
use kernel::{Email, UserId};

use crate::db::AnyConnection;
use crate::schema::{tokens, users};

pub(crate) fn insert_token(
    conn: &mut AnyConnection,
    user_id: i64,
    t: &NewToken,
) -> QueryResult<()> {
    diesel::insert_into(tokens::table)
        .values((
            tokens::user_id.eq(user_id),
            tokens::purpose.eq(t.purpose.as_str()),
            tokens::token_hash.eq(&t.token_hash),
            tokens::new_email.eq(t.new_email.as_ref().map(Email::as_str)),
            tokens::expires_at.eq(t.expires_at.naive_utc()),
            tokens::created_at.eq(t.created_at.naive_utc()),
        ))
        .execute(conn)?;
    Ok(())
}

/// A token row: (id, user id, purpose, new email).
pub(crate) type TokenRow = (i64, i64, String, Option<String>);

/// The usable token with this hash among `purposes`.
pub(crate) fn usable_token(
    conn: &mut AnyConnection,
    hash: &str,
    purposes: &[&str],
    now: NaiveDateTime,
) -> QueryResult<Option<TokenRow>> {
    tokens::table
        .filter(tokens::token_hash.eq(hash))
        .filter(tokens::purpose.eq_any(purposes))
        .filter(tokens::used_at.is_null())
        .filter(tokens::expires_at.gt(now))
        .select((
            tokens::id,
            tokens::user_id,
            tokens::purpose,
            tokens::new_email,
        ))
        .first(conn)
        .optional()
}

/// Marks a token used; `false` if another request used it first.
pub(crate) fn use_token(
    conn: &mut AnyConnection,
    id: i64,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let n = diesel::update(
        tokens::table
            .filter(tokens::id.eq(id))
            .filter(tokens::used_at.is_null()),
    )
    .set(tokens::used_at.eq(Some(now)))
    .execute(conn)?;
    Ok(n == 1)
}

/// What a new password voids: links asked for before it, which a thief may hold. Undo
/// links are the owner's way back and survive.
pub(crate) const PASSWORD_CHANGE_VOIDS: &[&str] = &[
    TokenPurpose::ResetPassword.as_str(),
    TokenPurpose::ChangeEmail.as_str(),
];
pub(crate) const ALL_PURPOSES: &[&str] = &[
    TokenPurpose::VerifyEmail.as_str(),
    TokenPurpose::ChangeEmail.as_str(),
    TokenPurpose::ResetPassword.as_str(),
    TokenPurpose::UndoEmailChange.as_str(),
];

/// Marks the user's unused tokens of these purposes used.
pub(crate) fn void_tokens(
    conn: &mut AnyConnection,
    user_id: i64,
    purposes: &[&str],
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        tokens::table
            .filter(tokens::user_id.eq(user_id))
            .filter(tokens::purpose.eq_any(purposes))
            .filter(tokens::used_at.is_null()),
    )
    .set(tokens::used_at.eq(Some(now)))
    .execute(conn)
}

/// Deletes the user's unused tokens of `purpose` beyond the newest
/// `links_kept - 1`, making room for the one about to be stored.
pub(crate) fn drop_older_than_kept(
    conn: &mut AnyConnection,
    user_id: i64,
    purpose: TokenPurpose,
) -> QueryResult<()> {
    let ids: Vec<i64> = tokens::table
        .filter(tokens::user_id.eq(user_id))
        .filter(tokens::purpose.eq(purpose.as_str()))
        .filter(tokens::used_at.is_null())
        .select(tokens::id)
        .order(tokens::id.desc())
        .load(conn)?;
    let older: Vec<i64> = ids
        .into_iter()
        .skip(purpose.links_kept().saturating_sub(1))
        .collect();
    if !older.is_empty() {
        diesel::delete(tokens::table.filter(tokens::id.eq_any(older))).execute(conn)?;
    }
    Ok(())
}

/// The body of [`identity::ports::UserRepository::consume_verification`], in the caller's
/// transaction.
pub(crate) fn consume_verification(
    conn: &mut AnyConnection,
    hash: &str,
    now: NaiveDateTime,
) -> anyhow::Result<Option<Verified>> {
    // Any verification token with this hash, whatever its state: a spent or
    // expired link of a verified account still deserves "already verified".
    let Some((id, user_id, expires_at, used_at)) = tokens::table
        .filter(tokens::token_hash.eq(&hash))
        .filter(tokens::purpose.eq(TokenPurpose::VerifyEmail.as_str()))
        .select((
            tokens::id,
            tokens::user_id,
            tokens::expires_at,
            tokens::used_at,
        ))
        .first::<(i64, i64, NaiveDateTime, Option<NaiveDateTime>)>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let verified: bool = users::table
        .find(user_id)
        .select(users::email_verified)
        .first(conn)?;
    if verified {
        use_token(conn, id, now)?;
        return Ok(Some(Verified::AlreadyVerified(UserId(user_id))));
    }
    if used_at.is_some() || expires_at <= now {
        return Ok(None);
    }
    if !use_token(conn, id, now)? {
        // Another request spent this link a moment ago, verifying the account.
        return Ok(Some(Verified::AlreadyVerified(UserId(user_id))));
    }
    // Guarded on the flag so two links used at once verify the account once.
    let n = diesel::update(
        users::table
            .find(user_id)
            .filter(users::email_verified.eq(false)),
    )
    .set((users::email_verified.eq(true), users::updated_at.eq(now)))
    .execute(conn)?;
    Ok(Some(if n == 1 {
        Verified::Account(UserId(user_id))
    } else {
        Verified::AlreadyVerified(UserId(user_id))
    }))
}
