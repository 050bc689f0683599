//! `docs/configuration.md` is generated from the configuration code, so it cannot drift:
//! one row per field of `Config` (`crates/server/src/config.rs`), its meaning the field's doc
//! comment, its default what `config/default.toml` sets (else `Config::default()`), plus
//! what `config/{env}.toml` changes. Variables read outside `Config` are listed in
//! `OTHER_VARIABLES` below. This test fails when the committed document is stale (`make
//! lint` runs it); after changing a setting, refresh it with
//! `VITALOG_WRITE_CONFIG_DOC=1 cargo test -p server --test config_reference`.

// The helpers fail by panicking, as tests do.
#![allow(clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use server::Config;

const WRITE_VARIABLE: &str = "VITALOG_WRITE_CONFIG_DOC";
const REGENERATE: &str = "VITALOG_WRITE_CONFIG_DOC=1 cargo test -p server --test config_reference";
/// The files in `config/` besides `default.toml`, one per `VITALOG_ENV`.
const ENVIRONMENTS: &[&str] = &["development", "test", "production"];

const INTRO: &str = "\
# Configuration

Vitalog reads `config/default.toml`, then `config/{VITALOG_ENV}.toml`, then `VITALOG_*`
environment variables (highest). Every setting below is a key of those files in lower case
(`bind = \"0.0.0.0:8080\"`) and a variable `VITALOG_<KEY>` in upper case
(`VITALOG_BIND=0.0.0.0:8080`). `VITALOG_CONFIG_DIR` chooses the folder of the files
(default `config`). Put secrets (SMTP and PayPal credentials, a PostgreSQL password) in the
environment, not in the files.

The default is what `config/default.toml` sets, or else the server's own; \"(development:
`500`)\" is what `config/development.toml` sets instead, and so on for `test` and
`production`.

Rates (`VITALOG_RATE_*`) are written `N/unit` with unit `s`, `min`, `Nmin` (e.g. `10/15min`),
`h` or `day`; over the limit the API answers `429` with `Retry-After`. On PostgreSQL they are
counted in the database, so every server sharing it counts together; on SQLite (one server)
in the server's memory. Which settings must be the same on every server of a cluster:
[operations.md, \"Several servers\"](operations.md#several-servers).
";

/// Variables read outside `Config`: (name, default, meaning).
const OTHER_VARIABLES: &[(&str, &str, &str)] = &[
    (
        "VITALOG_CONFIG_DIR",
        "`config`",
        "The folder holding `default.toml` and `{VITALOG_ENV}.toml`.",
    ),
    (
        "VITALOG_LOG",
        "`info,actix_server=warn`",
        "Log filter (`tracing` syntax, e.g. `debug,actix_server=warn`).",
    ),
];

/// Variables the tests, benchmarks and development tools read: (name, default, meaning).
const TOOL_VARIABLES: &[(&str, &str, &str)] = &[
    (
        "VITALOG_TEST_POSTGRES_URL",
        "`postgres://postgres@127.0.0.1:5432/test`",
        "The PostgreSQL the Rust tests use (`make test-rust`); `scripts/ensure-postgres.sh` \
         installs and starts one there if needed. Those tests never skip: unreachable, they fail.",
    ),
    (
        "VITALOG_CLUSTER_POSTGRES_ADMIN_URL",
        "`postgres://postgres@127.0.0.1:5432/postgres`",
        "Where `make test-cluster` creates (and afterwards drops) its own database.",
    ),
    (
        "VITALOG_BIN",
        "`target/debug/vitalog`",
        "The server binary the browser tests (`npm run e2e`) and the cluster harness \
         (`make test-cluster`, which builds it when unset) run.",
    ),
    (
        "VITALOG_SHOTS_DIR",
        "unset",
        "Browser tests: where the screenshots a person reviews are saved \
         (unset: `frontend/test-results/screenshots/`).",
    ),
    (
        "VITALOG_API_URL",
        "`http://127.0.0.1:8080`",
        "`make dev` / `npm run dev`: the server the webpack dev server sends `/api` and \
         `/health` to.",
    ),
    (
        "VITALOG_WRITE_OPENAPI",
        "unset",
        "Set: the `openapi_client` test rewrites `frontend/openapi.json` from the server's \
         OpenAPI document.",
    ),
    (
        WRITE_VARIABLE,
        "unset",
        "Set: the `config_reference` test rewrites this document.",
    ),
    (
        "VITALOG_KEEP_PDF",
        "unset",
        "A path: the `pdf` crate's render tests keep the report they drew there (and \
         `VITALOG_KEEP_{CRISIS,HOME,SEVERE,MEDICATIONS,ESH}_PDF` for the others).",
    ),
    (
        "VITALOG_BENCH_POSTGRES_URL",
        "`postgres://postgres@127.0.0.1:5432/vitalog_bench`",
        "`make bench`: the PostgreSQL database it measures.",
    ),
    (
        "VITALOG_BENCH_POSTGRES_ADMIN_URL",
        "`postgres://postgres@127.0.0.1:5432/postgres`",
        "`make bench`: where it (re)creates that database.",
    ),
    (
        "BENCH_BACKENDS",
        "`sqlite postgres`",
        "`make bench`: the backends measured.",
    ),
    (
        "BENCH_SECONDS",
        "`10`",
        "`make bench`: seconds per measurement.",
    ),
    (
        "BENCH_CLIENT",
        "`1`",
        "`make bench`: `0` skips the client's part (route sizes, Lighthouse, Chromium).",
    ),
    (
        "BENCH_CLUSTER",
        "`1`",
        "`make bench`: `0` skips 1 against 3 servers behind HAProxy.",
    ),
];

fn repo() -> PathBuf {
    let server = Path::new(env!("CARGO_MANIFEST_DIR"));
    server.ancestors().nth(2).unwrap_or(server).to_path_buf()
}

/// One field of `Config`: its name and its doc comment, joined into one line.
struct Setting {
    field: String,
    doc: String,
}

fn config_struct(source: &str) -> Result<syn::ItemStruct, String> {
    let file = syn::parse_file(source).map_err(|e| format!("config.rs does not parse: {e}"))?;
    file.items
        .into_iter()
        .find_map(|item| match item {
            syn::Item::Struct(s) if s.ident == "Config" => Some(s),
            _ => None,
        })
        .ok_or_else(|| "config.rs has no `struct Config`".to_owned())
}

/// The settings, in the struct's order. A field without a doc comment is an error: its doc
/// comment is its only documentation.
fn settings(config: &syn::ItemStruct) -> Result<Vec<Setting>, String> {
    let syn::Fields::Named(fields) = &config.fields else {
        return Err("`Config` has no named fields".into());
    };
    let mut settings = Vec::new();
    let mut undocumented = Vec::new();
    for field in &fields.named {
        let name = field
            .ident
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default();
        let doc = doc_comment(&field.attrs);
        if doc.is_empty() {
            undocumented.push(name);
        } else {
            settings.push(Setting { field: name, doc });
        }
    }
    if undocumented.is_empty() {
        Ok(settings)
    } else {
        Err(format!(
            "these fields of `Config` (crates/server/src/config.rs) have no doc comment, which \
             is what docs/configuration.md says of them: {}",
            undocumented.join(", ")
        ))
    }
}

/// `///` lines are `#[doc = "..."]` attributes; one line of text, for a table cell.
fn doc_comment(attrs: &[syn::Attribute]) -> String {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(syn::MetaNameValue {
                value:
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }),
                ..
            }) => Some(s.value().trim().to_owned()),
            _ => None,
        })
        .filter(|line| !line.is_empty())
        .collect();
    lines.join(" ")
}

/// `Config` as the files in `dir` make it (`default.toml`, then `{env}.toml`), without the
/// environment, as `Config::load` reads them; as JSON, field by field.
fn configured(dir: &Path, env: Option<&str>) -> Result<Map<String, Value>, String> {
    let mut builder = config::Config::builder()
        .add_source(config::File::from(dir.join("default.toml")).required(true));
    if let Some(env) = env {
        builder = builder.add_source(config::File::from(dir.join(format!("{env}.toml"))));
    }
    let built = builder
        .build()
        .map_err(|e| format!("config/ does not load: {e}"))?;
    let config: Config = built
        .try_deserialize()
        .map_err(|e| format!("config/ does not load: {e}"))?;
    as_map(&config)
}

fn as_map(config: &Config) -> Result<Map<String, Value>, String> {
    match serde_json::to_value(config) {
        Ok(Value::Object(map)) => Ok(map),
        other => Err(format!("Config serialises as {other:?}, not an object")),
    }
}

/// The keys one file in `config/` sets.
fn keys_of(path: &Path) -> Result<Vec<String>, String> {
    use config::Source;
    let built = config::Config::builder()
        .add_source(config::File::from(path).required(true))
        .build()
        .map_err(|e| format!("{} does not load: {e}", path.display()))?;
    let map = built
        .collect()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(map.into_keys().collect())
}

fn shown(value: &Value) -> String {
    match value {
        Value::Null => "unset".into(),
        Value::String(s) => format!("`{s}`"),
        other => format!("`{other}`"),
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The whole document, from config.rs's source and the files in `config_dir`.
fn document(source: &str, config_dir: &Path) -> Result<String, String> {
    let settings = settings(&config_struct(source)?)?;
    let defaults = configured(config_dir, None)?;

    // The parsed fields are exactly the keys serde reads: none missed, none renamed.
    let fields: Vec<&str> = settings.iter().map(|s| s.field.as_str()).collect();
    let keys: Vec<&str> = defaults.keys().map(String::as_str).collect();
    let (mut sorted_fields, mut sorted_keys) = (fields.clone(), keys.clone());
    sorted_fields.sort_unstable();
    sorted_keys.sort_unstable();
    if sorted_fields != sorted_keys {
        return Err(format!(
            "the fields parsed from config.rs ({sorted_fields:?}) are not the keys `Config` \
             reads ({sorted_keys:?}): a #[serde] rename or skip the generator does not know"
        ));
    }

    // What each environment's file sets instead; a key that is no setting is refused.
    let mut overrides: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in std::iter::once("default").chain(ENVIRONMENTS.iter().copied()) {
        let path = config_dir.join(format!("{file}.toml"));
        for key in keys_of(&path)? {
            if !defaults.contains_key(&key) {
                return Err(format!(
                    "{} sets `{key}`, which is not a field of `Config`",
                    path.display()
                ));
            }
        }
        if file == "default" {
            continue;
        }
        let layered = configured(config_dir, Some(file))?;
        for key in keys_of(&path)? {
            if layered.get(&key) != defaults.get(&key) {
                let value = layered.get(&key).unwrap_or(&Value::Null);
                overrides
                    .entry(key)
                    .or_default()
                    .push(format!("{file}: {}", shown(value)));
            }
        }
    }

    let mut out = format!(
        "<!-- Generated from crates/server/src/config.rs and config/*.toml by \
         crates/server/tests/config_reference.rs; do not edit. To refresh: {REGENERATE} -->\n\n"
    );
    out.push_str(INTRO);
    out.push_str(&format!(
        "\n## Settings ({})\n\n| variable | default | meaning |\n|---|---|---|\n",
        settings.len()
    ));
    for setting in &settings {
        let mut default = shown(defaults.get(&setting.field).unwrap_or(&Value::Null));
        if let Some(changes) = overrides.get(&setting.field) {
            default = format!("{default} ({})", changes.join("; "));
        }
        out.push_str(&format!(
            "| VITALOG_{} | {} | {} |\n",
            setting.field.to_uppercase(),
            cell(&default),
            cell(&setting.doc)
        ));
    }
    out.push_str(
        "\n## Other variables\n\nRead by `vitalog` itself, outside the settings above:\n\n",
    );
    table(&mut out, OTHER_VARIABLES);
    out.push_str("\nRead by the tests, the benchmarks and the development tools:\n\n");
    table(&mut out, TOOL_VARIABLES);
    Ok(out)
}

fn table(out: &mut String, rows: &[(&str, &str, &str)]) {
    out.push_str("| variable | default | meaning |\n|---|---|---|\n");
    for (name, default, meaning) in rows {
        out.push_str(&format!("| {name} | {default} | {} |\n", cell(meaning)));
    }
}

fn config_source() -> String {
    std::fs::read_to_string(repo().join("crates/server/src/config.rs")).expect("read config.rs")
}

#[test]
fn docs_configuration_md_is_generated_from_the_config_code() {
    let generated = document(&config_source(), &repo().join("config")).unwrap_or_else(|e| {
        panic!("docs/configuration.md cannot be generated: {e}");
    });
    let path = repo().join("docs/configuration.md");
    if std::env::var_os(WRITE_VARIABLE).is_some() {
        std::fs::write(&path, &generated).expect("write docs/configuration.md");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let first_difference = committed
        .lines()
        .zip(generated.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()))
        + 1;
    assert!(
        committed == generated,
        "docs/configuration.md is not what crates/server/src/config.rs and config/*.toml \
         give (from line {first_difference}; edit those, never the document); refresh it \
         with: {REGENERATE}"
    );
}

#[test]
fn a_setting_without_a_doc_comment_is_refused() {
    let mut config = config_struct(&config_source()).expect("config.rs");
    let syn::Fields::Named(fields) = &mut config.fields else {
        panic!("named fields");
    };
    let last = fields.named.last_mut().expect("a field");
    last.attrs.retain(|a| !a.path().is_ident("doc"));
    let name = last.ident.as_ref().expect("named").to_string();

    let Err(message) = settings(&config) else {
        panic!("a field without a doc comment was accepted");
    };
    assert!(message.contains(&name), "{message}");
}

#[test]
fn a_key_in_config_files_that_is_no_setting_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    for file in std::iter::once("default").chain(ENVIRONMENTS.iter().copied()) {
        let from = repo().join(format!("config/{file}.toml"));
        std::fs::copy(from, dir.path().join(format!("{file}.toml"))).expect("copy");
    }
    let test = dir.path().join("test.toml");
    let text = std::fs::read_to_string(&test).expect("read");
    std::fs::write(&test, text + "outbox_pol_ms = 100\n").expect("write");

    let Err(message) = document(&config_source(), dir.path()) else {
        panic!("a misspelt key was accepted");
    };
    assert!(message.contains("outbox_pol_ms"), "{message}");
}

#[test]
fn the_shipped_defaults_are_the_codes_defaults() {
    // Without config/ (another working directory) the server falls back to
    // Config::default(); it must mean what the documented defaults say.
    let files = configured(&repo().join("config"), None).expect("config/default.toml");
    let code = as_map(&Config::default()).expect("Config::default");
    let differing: Vec<&String> = code
        .keys()
        .filter(|key| files.get(*key) != code.get(*key))
        .collect();
    assert!(
        differing.is_empty(),
        "config/default.toml and Config::default() disagree on {differing:?}"
    );
}

#[test]
fn every_other_variable_is_read_somewhere() {
    // The hand-kept rows name real variables: each is in the code, scripts or client
    // tooling (this file and the docs aside).
    let mut texts = Vec::new();
    let root = repo();
    for dir in ["crates", "scripts", "frontend/e2e", "frontend/scripts"] {
        collect_sources(&root.join(dir), &mut texts);
    }
    for file in ["Makefile", "frontend/webpack.config.mjs"] {
        texts.push(std::fs::read_to_string(root.join(file)).expect("read"));
    }
    let unread: Vec<&str> = OTHER_VARIABLES
        .iter()
        .chain(TOOL_VARIABLES)
        .map(|(name, _, _)| *name)
        .filter(|name| *name != WRITE_VARIABLE && !texts.iter().any(|t| t.contains(name)))
        .collect();
    assert!(
        unread.is_empty(),
        "listed in docs/configuration.md but read nowhere: {unread:?}"
    );
}

fn collect_sources(dir: &Path, texts: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "node_modules" || name == "config_reference.rs" {
            continue;
        }
        if path.is_dir() {
            collect_sources(&path, texts);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("rs" | "sh" | "ts" | "mjs" | "py")
        ) && let Ok(text) = std::fs::read_to_string(&path)
        {
            texts.push(text);
        }
    }
}
