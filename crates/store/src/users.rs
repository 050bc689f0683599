//! [`UserRepository`] over the users, tokens, sessions, preferences and outbox tables:
//! accounts and their credentials here; tokens, preferences and account deletion in their
//! own modules, which these transactions call.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use identity::error::RepoError;
use identity::model::*;
use identity::ports::UserRepository;
use kernel::outbox::OutgoingEmail;
use kernel::{Email, UserId};

use crate::db::{AnyConnection, Db};
use crate::outbox::enqueue;
use crate::schema::{sessions, tokens, users};
use crate::tokens::*;
use crate::{deletion, preferences as prefs};

#[derive(Clone)]
pub struct UserStore {
    db: Db,
}

/// Undoing an email change: passkeys added since the change, and two-step verification
/// turned on (or being set up) since, may be whoever changed it keeping a way in (a passkey
/// signs in alone; their authenticator would lock the owner out). They go with the change;
/// the owner adds their own again. Whether anything went.
fn remove_ways_in_since(
    conn: &mut AnyConnection,
    user_id: i64,
    changed_at: NaiveDateTime,
) -> anyhow::Result<bool> {
    use crate::schema::{passkeys, recovery_codes, two_step};
    let passkeys_gone = diesel::delete(
        passkeys::table
            .filter(passkeys::user_id.eq(user_id))
            .filter(passkeys::created_at.ge(changed_at)),
    )
    .execute(conn)?;
    let two_step_gone = diesel::delete(
        two_step::table
            .filter(two_step::user_id.eq(user_id))
            .filter(
                two_step::created_at
                    .ge(changed_at)
                    .or(two_step::enabled_at.ge(changed_at)),
            ),
    )
    .execute(conn)?;
    if two_step_gone > 0 {
        diesel::delete(recovery_codes::table.filter(recovery_codes::user_id.eq(user_id)))
            .execute(conn)?;
    }
    Ok(passkeys_gone + two_step_gone > 0)
}

impl UserStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

#[derive(Queryable)]
struct UserRow {
    id: i64,
    username: String,
    _username_key: String,
    email: String,
    password_hash: String,
    first_name: String,
    last_name: String,
    date_of_birth: Option<NaiveDate>,
    gender: String,
    email_verified: bool,
    created_at: NaiveDateTime,
    _updated_at: NaiveDateTime,
    login_secret: String,
    _password_changed_at: NaiveDateTime,
    _last_sign_in_at: Option<NaiveDateTime>,
}

impl UserRow {
    fn into_user(self) -> anyhow::Result<User> {
        Ok(User {
            id: UserId(self.id),
            username: self.username,
            email: Email::parse(&self.email)
                .map_err(|_| anyhow::anyhow!("stored email of user {} is invalid", self.id))?,
            password_hash: self.password_hash,
            first_name: self.first_name,
            last_name: self.last_name,
            date_of_birth: self.date_of_birth,
            gender: Gender::parse(&self.gender).unwrap_or_default(),
            email_verified: self.email_verified,
            created_at: self.created_at.and_utc(),
            login_secret: self.login_secret,
        })
    }
}

fn user_by_id(conn: &mut AnyConnection, id: i64) -> QueryResult<Option<UserRow>> {
    users::table.find(id).first::<UserRow>(conn).optional()
}

/// Maps a unique-constraint violation to the domain's "taken" errors.
fn map_unique(err: anyhow::Error) -> RepoError {
    if let Some(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info)) =
        err.downcast_ref::<DieselError>()
    {
        let what = format!(
            "{} {}",
            info.message(),
            info.constraint_name().unwrap_or_default()
        );
        if what.contains("username") {
            return RepoError::UsernameTaken;
        }
        if what.contains("email") {
            return RepoError::EmailTaken;
        }
    }
    RepoError::Unexpected(err)
}

fn email_taken_by_other(conn: &mut AnyConnection, email: &str, except: i64) -> QueryResult<bool> {
    let n: i64 = users::table
        .filter(users::email.eq(email))
        .filter(users::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

fn end_sessions(conn: &mut AnyConnection, user_id: i64) -> QueryResult<usize> {
    diesel::delete(sessions::table.filter(sessions::user_id.eq(user_id))).execute(conn)
}

#[derive(AsChangeset)]
#[diesel(table_name = users)]
struct ProfileChangeset {
    first_name: Option<String>,
    last_name: Option<String>,
    date_of_birth: Option<Option<NaiveDate>>,
    gender: Option<String>,
    updated_at: NaiveDateTime,
}

#[async_trait::async_trait]
impl UserRepository for UserStore {
    async fn create(
        &self,
        user: NewUser,
        token: NewToken,
        mut email: OutgoingEmail,
        if_email_taken: OutgoingEmail,
    ) -> Result<UserId, RepoError> {
        let result = self
            .db
            .write(move |conn| -> anyhow::Result<Result<UserId, RepoError>> {
                let key = username_key(&user.username);
                let name_taken: i64 = users::table
                    .filter(users::username_key.eq(&key))
                    .count()
                    .get_result(conn)?;
                if name_taken > 0 {
                    return Ok(Err(RepoError::UsernameTaken));
                }
                if email_taken_by_other(conn, user.email.as_str(), 0)? {
                    enqueue(conn, &if_email_taken, user.created_at)?;
                    return Ok(Err(RepoError::EmailTaken));
                }
                let now = user.created_at.naive_utc();
                let id: i64 = diesel::insert_into(users::table)
                    .values((
                        users::username.eq(&user.username),
                        users::username_key.eq(&key),
                        users::email.eq(user.email.as_str()),
                        users::password_hash.eq(&user.password_hash),
                        users::first_name.eq(&user.first_name),
                        users::last_name.eq(&user.last_name),
                        users::gender.eq(Gender::default().as_str()),
                        users::email_verified.eq(false),
                        users::created_at.eq(now),
                        users::updated_at.eq(now),
                        users::login_secret.eq(&user.login_secret),
                        users::password_changed_at.eq(now),
                    ))
                    .returning(users::id)
                    .get_result(conn)?;
                insert_token(conn, id, &token)?;
                email.user_id = Some(UserId(id));
                enqueue(conn, &email, user.created_at)?;
                Ok(Ok(UserId(id)))
            })
            .await;
        match result {
            Ok(inner) => inner,
            Err(e) => Err(map_unique(e)),
        }
    }

    async fn by_id(&self, id: UserId) -> anyhow::Result<Option<User>> {
        self.db
            .read(move |conn| user_by_id(conn, id.0))
            .await?
            .map(UserRow::into_user)
            .transpose()
    }

    async fn by_login(&self, username_or_email: &str) -> anyhow::Result<Option<User>> {
        let key = username_key(username_or_email);
        self.db
            .read(move |conn| {
                // The address first: a (legacy) username equal to somebody's address must
                // not shadow that account.
                if key.contains('@')
                    && let Some(row) = users::table
                        .filter(users::email.eq(&key))
                        .first::<UserRow>(conn)
                        .optional()?
                {
                    return Ok(Some(row));
                }
                users::table
                    .filter(users::username_key.eq(&key))
                    .first::<UserRow>(conn)
                    .optional()
            })
            .await?
            .map(UserRow::into_user)
            .transpose()
    }

    async fn by_email(&self, email: &Email) -> anyhow::Result<Option<User>> {
        let email = email.as_str().to_owned();
        self.db
            .read(move |conn| {
                users::table
                    .filter(users::email.eq(email))
                    .first::<UserRow>(conn)
                    .optional()
            })
            .await?
            .map(UserRow::into_user)
            .transpose()
    }

    async fn issue_token(&self, token: NewToken, email: OutgoingEmail) -> anyhow::Result<()> {
        let user_id = token
            .user_id
            .ok_or_else(|| anyhow::anyhow!("a token needs its user"))?;
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                drop_older_than_kept(conn, user_id.0, token.purpose)?;
                insert_token(conn, user_id.0, &token)?;
                enqueue(conn, &email, token.created_at)?;
                Ok(())
            })
            .await
    }

    async fn find_token(
        &self,
        purpose: TokenPurpose,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Option<ValidToken>> {
        let hash = token_hash.to_owned();
        let row = self
            .db
            .read(move |conn| usable_token(conn, &hash, &[purpose.as_str()], now.naive_utc()))
            .await?;
        Ok(row.map(|(_, user_id, _, new_email)| ValidToken {
            user_id: UserId(user_id),
            purpose,
            new_email: new_email.and_then(|e| Email::parse(&e).ok()),
        }))
    }

    async fn consume_verification(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Verified>, RepoError> {
        let hash = token_hash.to_owned();
        let now = now.naive_utc();
        self.db
            .write(move |conn| consume_verification(conn, &hash, now))
            .await
            .map_err(RepoError::Unexpected)
    }

    async fn change_email(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
        undo: NewToken,
        notice: OutgoingEmail,
    ) -> Result<Option<UserId>, RepoError> {
        let hash = token_hash.to_owned();
        let result = self
            .db
            .write(
                move |conn| -> anyhow::Result<Result<Option<UserId>, RepoError>> {
                    let naive = now.naive_utc();
                    let purpose = [TokenPurpose::ChangeEmail.as_str()];
                    let Some((id, user_id, _, Some(addr))) =
                        usable_token(conn, &hash, &purpose, naive)?
                    else {
                        return Ok(Ok(None));
                    };
                    if email_taken_by_other(conn, &addr, user_id)? {
                        return Ok(Err(RepoError::EmailTaken));
                    }
                    // The notice and the undo link are for the address being replaced.
                    let old = undo.new_email.as_ref().map(Email::as_str);
                    let current: String = users::table
                        .find(user_id)
                        .select(users::email)
                        .first(conn)?;
                    if old != Some(current.as_str()) || !use_token(conn, id, naive)? {
                        return Ok(Ok(None));
                    }
                    diesel::update(users::table.find(user_id))
                        .set((
                            users::email.eq(addr),
                            users::email_verified.eq(true),
                            users::updated_at.eq(naive),
                        ))
                        .execute(conn)?;
                    // Inserted beside older undo tokens: after A -> B -> C, A's link must
                    // still bring A back.
                    insert_token(conn, user_id, &undo)?;
                    enqueue(conn, &notice, now)?;
                    Ok(Ok(Some(UserId(user_id))))
                },
            )
            .await;
        match result {
            Ok(inner) => inner,
            Err(e) => Err(map_unique(e)),
        }
    }

    async fn undo_email_change(
        &self,
        token_hash: &str,
        at: DateTime<Utc>,
        voided: &NewPassword,
        notice: OutgoingEmail,
    ) -> Result<Option<EmailChangeUndone>, RepoError> {
        let (hash, voided) = (token_hash.to_owned(), voided.clone());
        let now = at.naive_utc();
        let result = self
            .db
            .write(
                move |conn| -> anyhow::Result<Result<Option<EmailChangeUndone>, RepoError>> {
                    let purpose = [TokenPurpose::UndoEmailChange.as_str()];
                    let Some((id, user_id, _, Some(addr))) =
                        usable_token(conn, &hash, &purpose, now)?
                    else {
                        return Ok(Ok(None));
                    };
                    if email_taken_by_other(conn, &addr, user_id)? {
                        return Ok(Err(RepoError::EmailTaken));
                    }
                    if !use_token(conn, id, now)? {
                        return Ok(Ok(None));
                    }
                    diesel::update(users::table.find(user_id))
                        .set((
                            users::email.eq(&addr),
                            users::email_verified.eq(true),
                            users::updated_at.eq(now),
                        ))
                        .execute(conn)?;
                    // Whoever made the change may hold links and sessions: all end here.
                    void_tokens(conn, user_id, ALL_PURPOSES, now)?;
                    end_sessions(conn, user_id)?;
                    // A password set since the change (the undo link is made with it) may
                    // be theirs too: it is replaced by one nobody knows.
                    let changed_at: NaiveDateTime = tokens::table
                        .find(id)
                        .select(tokens::created_at)
                        .first(conn)?;
                    let password_set: NaiveDateTime = users::table
                        .find(user_id)
                        .select(users::password_changed_at)
                        .first(conn)?;
                    let password_voided = password_set >= changed_at;
                    if password_voided {
                        diesel::update(users::table.find(user_id))
                            .set((
                                users::password_hash.eq(voided.hash),
                                users::login_secret.eq(voided.login_secret),
                                users::password_changed_at.eq(now),
                            ))
                            .execute(conn)?;
                        enqueue(conn, &notice, at)?;
                    }
                    let ways_in_removed = remove_ways_in_since(conn, user_id, changed_at)?;
                    let email = Email::parse(&addr)
                        .map_err(|_| anyhow::anyhow!("stored undo address is invalid"))?;
                    Ok(Ok(Some(EmailChangeUndone {
                        user_id: UserId(user_id),
                        email,
                        password_voided,
                        ways_in_removed,
                    })))
                },
            )
            .await;
        match result {
            Ok(inner) => inner,
            Err(e) => Err(map_unique(e)),
        }
    }

    async fn reset_password(
        &self,
        token_hash: &str,
        password: &NewPassword,
        now: DateTime<Utc>,
        notice: OutgoingEmail,
    ) -> anyhow::Result<bool> {
        let (hash, password) = (token_hash.to_owned(), password.clone());
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let naive = now.naive_utc();
                let purpose = [TokenPurpose::ResetPassword.as_str()];
                let Some((id, user_id, _, _)) = usable_token(conn, &hash, &purpose, naive)? else {
                    return Ok(false);
                };
                if !use_token(conn, id, naive)? {
                    return Ok(false);
                }
                // The emailed link proved the address, so the account counts as verified.
                diesel::update(users::table.find(user_id))
                    .set((
                        users::password_hash.eq(password.hash),
                        users::login_secret.eq(password.login_secret),
                        users::password_changed_at.eq(naive),
                        users::email_verified.eq(true),
                        users::updated_at.eq(naive),
                    ))
                    .execute(conn)?;
                // Any other outstanding reset or email-change link dies with this one.
                void_tokens(conn, user_id, PASSWORD_CHANGE_VOIDS, naive)?;
                end_sessions(conn, user_id)?;
                enqueue(conn, &notice, now)?;
                Ok(true)
            })
            .await
    }

    async fn change_password(
        &self,
        id: UserId,
        password: &NewPassword,
        notice: OutgoingEmail,
    ) -> anyhow::Result<()> {
        let password = password.clone();
        let now = self.db.now();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::update(users::table.find(id.0))
                    .set((
                        users::password_hash.eq(password.hash),
                        users::login_secret.eq(password.login_secret),
                        users::password_changed_at.eq(now.naive_utc()),
                        users::updated_at.eq(now.naive_utc()),
                    ))
                    .execute(conn)?;
                void_tokens(conn, id.0, PASSWORD_CHANGE_VOIDS, now.naive_utc())?;
                end_sessions(conn, id.0)?;
                enqueue(conn, &notice, now)?;
                Ok(())
            })
            .await
    }

    async fn delete_account(&self, id: UserId, notice: OutgoingEmail) -> anyhow::Result<()> {
        let stamp = self.db.now();
        self.db
            .write(move |conn| deletion::delete_account(conn, id.0, &notice, stamp))
            .await
    }

    async fn record_sign_in(
        &self,
        id: UserId,
        at: DateTime<Utc>,
        notice: Option<OutgoingEmail>,
    ) -> anyhow::Result<bool> {
        self.db
            .write(move |conn| -> anyhow::Result<bool> {
                let at = at.naive_utc();
                // One statement decides "first": two sign-ins at once cannot both see none.
                let first = diesel::update(
                    users::table
                        .find(id.0)
                        .filter(users::last_sign_in_at.is_null()),
                )
                .set(users::last_sign_in_at.eq(Some(at)))
                .execute(conn)?
                    == 1;
                if first {
                    return Ok(false);
                }
                let found = diesel::update(users::table.find(id.0))
                    .set(users::last_sign_in_at.eq(Some(at)))
                    .execute(conn)?
                    == 1;
                match notice {
                    Some(notice) if found => {
                        enqueue(conn, &notice, at.and_utc())?;
                        Ok(true)
                    }
                    _ => Ok(false),
                }
            })
            .await
    }

    async fn update_profile(&self, id: UserId, changes: ProfileChanges) -> anyhow::Result<()> {
        let stamp = self.db.now();
        let set = ProfileChangeset {
            first_name: changes.first_name,
            last_name: changes.last_name,
            date_of_birth: changes.date_of_birth,
            gender: changes.gender.map(|g| g.as_str().to_owned()),
            updated_at: stamp.naive_utc(),
        };
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                diesel::update(users::table.find(id.0))
                    .set(&set)
                    .execute(conn)?;
                Ok(())
            })
            .await
    }

    async fn preferences(&self, id: UserId) -> anyhow::Result<Preferences> {
        Ok(self.db.read(move |conn| prefs::load(conn, id.0)).await?)
    }

    async fn save_preferences(&self, id: UserId, preferences: Preferences) -> anyhow::Result<()> {
        let stamp = self.db.now();
        self.db
            .write(move |conn| -> anyhow::Result<()> {
                prefs::save(conn, id.0, &preferences, stamp.naive_utc())?;
                Ok(())
            })
            .await
    }
}
