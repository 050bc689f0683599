// The tables of migrations/{sqlite,postgres}; both backends share this one schema.

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        username_key -> Text,
        email -> Text,
        password_hash -> Text,
        first_name -> Text,
        last_name -> Text,
        date_of_birth -> Nullable<Date>,
        gender -> Text,
        email_verified -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        login_secret -> Text,
        password_changed_at -> Timestamp,
        last_sign_in_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    tokens (id) {
        id -> BigInt,
        user_id -> BigInt,
        purpose -> Text,
        token_hash -> Text,
        new_email -> Nullable<Text>,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sessions (key_hash) {
        key_hash -> Text,
        user_id -> Nullable<BigInt>,
        state -> Text,
        expires_at -> Timestamp,
        created_at -> Timestamp,
    }
}

diesel::table! {
    preferences (user_id) {
        user_id -> BigInt,
        weight_unit -> Text,
        blood_sugar_unit -> Text,
        email_reminders -> Bool,
        weekly_reports -> Bool,
        updated_at -> Timestamp,
        reminder_time -> Text,
        time_zone -> Text,
        guideline -> Text,
    }
}

diesel::table! {
    job_claims (job, claim_key) {
        job -> Text,
        claim_key -> Text,
        user_id -> Nullable<BigInt>,
        claimed_at -> Timestamp,
    }
}

diesel::table! {
    outbox (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        to_address -> Text,
        subject -> Text,
        text_body -> Text,
        html_body -> Text,
        headers -> Text,
        attachment_name -> Nullable<Text>,
        attachment_type -> Nullable<Text>,
        attachment -> Nullable<Binary>,
        status -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        locked_until -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    two_step (user_id) {
        user_id -> BigInt,
        secret -> Text,
        last_step -> BigInt,
        created_at -> Timestamp,
        enabled_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    recovery_codes (user_id, code_hash) {
        user_id -> BigInt,
        code_hash -> Text,
        created_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(tokens -> users (user_id));
diesel::joinable!(preferences -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(users, tokens, sessions, preferences, outbox);
diesel::joinable!(bp_sessions -> readings (reading_id));
diesel::joinable!(bp_session_readings -> bp_sessions (reading_id));
diesel::allow_tables_to_appear_in_same_query!(readings, bp_sessions, bp_session_readings);

diesel::table! {
    app_secrets (name) {
        name -> Text,
        value -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    subscriptions (user_id) {
        user_id -> BigInt,
        expires_at -> Timestamp,
        cancelled_at -> Nullable<Timestamp>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    payments (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        order_id -> Text,
        capture_id -> Nullable<Text>,
        method -> Text,
        amount -> Text,
        currency -> Text,
        client_claim -> Text,
        period_end -> Timestamp,
        created_at -> Timestamp,
    }
}

diesel::table! {
    pending_captures (order_id, user_id) {
        order_id -> Text,
        user_id -> BigInt,
        method -> Text,
        client_claim -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    readings (id) {
        id -> BigInt,
        user_id -> BigInt,
        date -> Text,
        time -> Text,
        systolic -> Nullable<Integer>,
        diastolic -> Nullable<Integer>,
        heart_rate -> Nullable<Integer>,
        weight -> Nullable<Double>,
        blood_sugar -> Nullable<Double>,
        notes -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        setting -> Text,
        source -> Text,
        device -> Nullable<Text>,
        flags -> Integer,
        original_date -> Nullable<Text>,
        original_time -> Nullable<Text>,
        original_systolic -> Nullable<Integer>,
        original_diastolic -> Nullable<Integer>,
        original_heart_rate -> Nullable<Integer>,
    }
}

diesel::table! {
    /// The blood pressure cuffs a person paired (issue 39), keyed per person by the
    /// browser's device id.
    cuffs (user_id, device_id) {
        user_id -> BigInt,
        device_id -> Text,
        name -> Text,
        maker -> Nullable<Text>,
        model -> Nullable<Text>,
        user_slot -> Nullable<Integer>,
        last_sync_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Changes with every write to a user's readings (kept by triggers: see its migration).
    reading_revisions (user_id) {
        user_id -> BigInt,
        revision -> BigInt,
        readings -> BigInt,
        notes_bytes -> BigInt,
    }
}

diesel::table! {
    bp_sessions (reading_id) {
        reading_id -> BigInt,
        period -> Text,
        rest_skipped -> Bool,
    }
}

diesel::table! {
    bp_session_readings (reading_id, position) {
        reading_id -> BigInt,
        position -> Integer,
        time -> Text,
        systolic -> Integer,
        diastolic -> Integer,
        heart_rate -> Nullable<Integer>,
    }
}

diesel::table! {
    home_weeks (id) {
        id -> BigInt,
        user_id -> BigInt,
        start_date -> Text,
        stopped_on -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    reports (id) {
        id -> BigInt,
        user_id -> BigInt,
        name -> Text,
        report_type -> Text,
        date_start -> Text,
        date_end -> Text,
        include_charts -> Bool,
        include_table -> Bool,
        include_analysis -> Bool,
        generated_at -> Timestamp,
        size_bytes -> BigInt,
        pdf -> Binary,
        reading_count -> BigInt,
    }
}

diesel::table! {
    report_emails (id) {
        id -> BigInt,
        user_id -> BigInt,
        report_id -> BigInt,
        recipient -> Text,
        sent_at -> Timestamp,
    }
}

diesel::table! {
    medications (id) {
        id -> BigInt,
        user_id -> BigInt,
        name -> Text,
        form -> Text,
        reason -> Nullable<Text>,
        reminders -> Bool,
        created_at -> Timestamp,
        for_blood_pressure -> Bool,
    }
}

diesel::table! {
    medication_periods (id) {
        id -> BigInt,
        medication_id -> BigInt,
        strength -> Double,
        unit -> Text,
        frequency -> Text,
        times -> Text,
        start_date -> Text,
        end_date -> Nullable<Text>,
    }
}

diesel::table! {
    medication_intakes (id) {
        id -> BigInt,
        medication_id -> BigInt,
        user_id -> BigInt,
        date -> Text,
        time -> Text,
        status -> Text,
        reason -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(medication_periods -> medications (medication_id));
diesel::joinable!(medication_intakes -> medications (medication_id));
diesel::allow_tables_to_appear_in_same_query!(medications, medication_periods, medication_intakes);
// Dose reminders' subscribers: users with a medication whose reminders are on.
diesel::allow_tables_to_appear_in_same_query!(medications, users);
diesel::allow_tables_to_appear_in_same_query!(medications, preferences);

diesel::table! {
    shares (id) {
        id -> BigInt,
        user_id -> BigInt,
        token_hash -> Text,
        label -> Text,
        shown_name -> Text,
        period_kind -> Text,
        period_from -> Nullable<Text>,
        period_to -> Nullable<Text>,
        period_days -> Nullable<Integer>,
        include_heart_rate -> Bool,
        include_weight -> Bool,
        include_blood_sugar -> Bool,
        include_notes -> Bool,
        include_medications -> Bool,
        code_hash -> Nullable<Text>,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        opened -> BigInt,
        last_opened_at -> Nullable<Timestamp>,
        emailed_to -> Nullable<Text>,
    }
}

diesel::table! {
    share_accesses (id) {
        id -> BigInt,
        share_id -> BigInt,
        at -> Timestamp,
        kind -> Text,
        browser -> Text,
    }
}

diesel::table! {
    share_emails (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        recipient -> Text,
        sent_at -> Timestamp,
    }
}

diesel::table! {
    import_drafts (id) {
        id -> Text,
        user_id -> BigInt,
        payload -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    import_mappings (user_id, header_key) {
        user_id -> BigInt,
        header_key -> Text,
        mapping -> Text,
        used_at -> Timestamp,
    }
}

diesel::table! {
    reading_keys (user_id, key) {
        user_id -> BigInt,
        key -> Text,
        fingerprint -> Text,
        reading_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    rate_limits (key) {
        key -> Text,
        tat_us -> BigInt,
        seen_us -> BigInt,
    }
}

diesel::table! {
    passkeys (id) {
        id -> BigInt,
        user_id -> BigInt,
        credential_id -> Text,
        user_handle -> Text,
        name -> Text,
        credential -> Text,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    webauthn_ceremonies (id_hash) {
        id_hash -> Text,
        purpose -> Text,
        user_id -> Nullable<BigInt>,
        state -> Text,
        expires_at -> Timestamp,
    }
}

diesel::joinable!(share_accesses -> shares (share_id));
diesel::allow_tables_to_appear_in_same_query!(shares, share_accesses);

diesel::table! {
    security_events (id) {
        id -> BigInt,
        user_id -> BigInt,
        at -> Timestamp,
        kind -> Text,
        detail -> Nullable<Text>,
        device -> Nullable<Text>,
        network -> Nullable<Text>,
    }
}

// SQL `lower()`, for comparisons that ignore case (search, email addresses).
diesel::define_sql_function!(fn lower(x: diesel::sql_types::Nullable<diesel::sql_types::Text>) -> diesel::sql_types::Nullable<diesel::sql_types::Text>);
