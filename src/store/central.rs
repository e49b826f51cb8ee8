//! The floor-wide copy of every terminal's journal in PostgreSQL: store and forward.
//!
//! The terminal's SQLite journal stays the source of truth; the sender reads it (its own
//! read-only connection, never the writer's) and pushes the rows the server does not have yet,
//! in serial order, in one transaction per batch. The server is asked what it holds (its
//! highest serial for this terminal) on every connection, so a row counts as sent only once the
//! server has committed it, and a crash or a restart of either side resumes where the server
//! stands. `(terminal_id, serial)` is the key: a row sent twice is not stored twice, and a row
//! that comes back different is reported, never overwritten.

use super::{ChainStatus, ChainWalk, JournalRow, Store};
use rusqlite::OpenFlags;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The central schema, applied by `deckhand central init` (each file is idempotent, so `init`
/// on an older central database adds what it lacks).
pub const SCHEMA: &str = concat!(
    include_str!("../../db/central/0001_journal.sql"),
    "\n",
    include_str!("../../db/central/0002_signed_heads.sql"),
    "\n",
    include_str!("../../db/central/0003_notify.sql"),
    "\n",
    include_str!("../../db/central/0004_floor.sql")
);

/// `[central]` in the configuration.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct CentralConfig {
    /// Push this terminal's journal to the central database.
    pub enabled: bool,
    pub host: String,
    pub port: u16,
    pub dbname: String,
    pub user: String,
    /// A file holding the password (the password itself is never in the configuration, never
    /// logged, never shown).
    pub password_file: String,
    /// TLS to the server: "disable" or "verify-full" (the server's certificate checked against
    /// `ca_file` and its host name).
    pub tls: String,
    /// PEM file of the certificate authority that signed the server's certificate.
    pub ca_file: String,
    /// How often the sender looks for new rows.
    pub push_every_seconds: u64,
    /// Rows per transaction.
    pub batch_rows: u32,
    /// The read-only role the supervisor review signs in with (a member of deckhand_review).
    pub review_user: String,
    /// A file holding the review role's password.
    pub review_password_file: String,
    /// The floor board's role (a member of deckhand_floor: reads like the review, and adds
    /// acknowledgements of calls, nothing else).
    pub floor_user: String,
    /// A file holding the floor board role's password.
    pub floor_password_file: String,
}

impl Default for CentralConfig {
    fn default() -> Self {
        CentralConfig {
            enabled: false,
            host: "127.0.0.1".into(),
            port: 5432,
            dbname: "deckhand".into(),
            user: "deckhand_terminal".into(),
            password_file: String::new(),
            tls: "disable".into(),
            ca_file: String::new(),
            push_every_seconds: 5,
            batch_rows: 1000,
            review_user: "deckhand_review".into(),
            review_password_file: String::new(),
            floor_user: "deckhand_floor".into(),
            floor_password_file: String::new(),
        }
    }
}

impl CentralConfig {
    pub fn validate(&self) -> Result<(), String> {
        if self.host.trim().is_empty() {
            return Err("central.host: the server's host name or address".into());
        }
        if !matches!(self.tls.as_str(), "disable" | "verify-full") {
            return Err(format!(
                "central.tls: \"disable\" or \"verify-full\", not \"{}\"",
                self.tls
            ));
        }
        if self.tls == "verify-full" && self.ca_file.trim().is_empty() {
            return Err("central.ca_file: verify-full needs the CA certificate (PEM)".into());
        }
        if self.push_every_seconds == 0 || self.batch_rows == 0 {
            return Err("central.push_every_seconds and central.batch_rows: at least 1".into());
        }
        Ok(())
    }

    /// The same server, as the supervisor review's read-only role.
    pub fn for_review(&self) -> CentralConfig {
        CentralConfig {
            user: self.review_user.clone(),
            password_file: self.review_password_file.clone(),
            ..self.clone()
        }
    }

    /// The same server, as the floor board's role.
    pub fn for_floor(&self) -> CentralConfig {
        CentralConfig {
            user: self.floor_user.clone(),
            password_file: self.floor_password_file.clone(),
            ..self.clone()
        }
    }

    /// Connects. Errors name the server, never the password.
    pub fn connect(&self) -> Result<postgres::Client, String> {
        let mut pg = postgres::Config::new();
        pg.host(&self.host)
            .port(self.port)
            .dbname(&self.dbname)
            .user(&self.user)
            .connect_timeout(Duration::from_secs(5))
            .application_name("deckhand");
        if !self.password_file.trim().is_empty() {
            let pw = std::fs::read_to_string(self.password_file.trim())
                .map_err(|e| format!("central.password_file {}: {e}", self.password_file))?;
            pg.password(pw.trim_end_matches(['\n', '\r']));
        }
        let place = format!("{}@{}:{}/{}", self.user, self.host, self.port, self.dbname);
        let client = if self.tls == "verify-full" {
            let tls = tls_connector(Path::new(self.ca_file.trim()))?;
            pg.ssl_mode(postgres::config::SslMode::Require);
            pg.connect(tls)
        } else {
            pg.connect(postgres::NoTls)
        };
        client.map_err(|e| format!("central database {place}: {}", describe(&e)))
    }
}

/// A PostgreSQL error in a line, without anything the connection was given.
pub(super) fn describe(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => {
            let s = e.to_string();
            match std::error::Error::source(e) {
                Some(src) => format!("{s}: {src}"),
                None => s,
            }
        }
    }
}

fn tls_connector(ca: &Path) -> Result<tokio_postgres_rustls::MakeRustlsConnect, String> {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    let certs = CertificateDer::pem_file_iter(ca)
        .map_err(|e| format!("central.ca_file {}: {e}", ca.display()))?;
    for c in certs {
        let c = c.map_err(|e| format!("central.ca_file {}: {e}", ca.display()))?;
        roots
            .add(c)
            .map_err(|e| format!("central.ca_file {}: {e}", ca.display()))?;
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(tokio_postgres_rustls::MakeRustlsConnect::new(config))
}

/// Creates the central schema and roles (run once by the database's owner).
pub fn init(client: &mut postgres::Client) -> Result<(), String> {
    client.batch_execute(SCHEMA).map_err(|e| describe(&e))
}

/// The highest serial the server holds for a terminal (0 for none).
pub fn server_head(client: &mut postgres::Client, terminal_id: &str) -> Result<i64, String> {
    let row = client
        .query_one(
            "SELECT COALESCE(MAX(serial), 0) FROM journal WHERE terminal_id = $1",
            &[&terminal_id],
        )
        .map_err(|e| describe(&e))?;
    Ok(row.get(0))
}

/// Opens a terminal's journal for reading only (the writer keeps its own connection).
pub fn open_local(path: &Path) -> Result<rusqlite::Connection, String> {
    let c = rusqlite::Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    c.busy_timeout(Duration::from_secs(5))
        .map_err(|e| e.to_string())?;
    Ok(c)
}

fn local_terminal_id(local: &rusqlite::Connection) -> Result<Option<String>, String> {
    use rusqlite::OptionalExtension;
    local
        .query_row(
            "SELECT terminal_id FROM journal ORDER BY serial LIMIT 1",
            [],
            |r| r.get(0),
        )
        .optional()
        .map_err(|e| e.to_string())
}

/// At the start, before the journal is opened for writing: the refusal when this journal is
/// behind the highest head the central copy holds for it signed (restored from an older copy),
/// or not the history signed there (issue 40, item 3). `None` when it is not, when the journal
/// has no rows yet, or when the server cannot be reached (the start goes on; the copy catches
/// up later, and the supervisor's central check compares the heads).
pub fn rollback_refusal(cfg: &CentralConfig, path: &Path) -> Option<String> {
    use rusqlite::OptionalExtension;
    if !path.exists() {
        return None;
    }
    let local = open_local(path).ok()?;
    let terminal = local_terminal_id(&local).ok()??;
    let last: i64 = local
        .query_row("SELECT COALESCE(MAX(serial), 0) FROM journal", [], |r| {
            r.get(0)
        })
        .ok()?;
    let mut client = match cfg.connect() {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!("the central copy was not asked for this journal's head: {e}");
            return None;
        }
    };
    let row = client
        .query_opt(
            "SELECT serial, hash FROM signed_heads WHERE terminal_id = $1 ORDER BY serial DESC LIMIT 1",
            &[&terminal],
        )
        .map_err(|e| tracing::warn!("the central copy's signed head: {}", describe(&e)))
        .ok()??;
    let (serial, hash): (i64, String) = (row.get(0), row.get(1));
    if serial > last {
        return Some(format!(
            "The central copy holds signed head {serial} for this terminal; this journal ends at {last}: it was restored from an older copy. Nothing was written"
        ));
    }
    let here: Option<String> = local
        .query_row(
            "SELECT hash FROM journal WHERE serial = ?1",
            [serial],
            |r| r.get(0),
        )
        .optional()
        .ok()?;
    (here.as_deref() != Some(hash.as_str())).then(|| {
        format!(
            "The central copy holds signed head {serial} for this terminal with another hash: this journal is not the one that was signed there. Nothing was written"
        )
    })
}

/// Pushes one batch after `after`: returns the rows the server now holds beyond it (0: nothing
/// new). The batch is one transaction; the server's answer is the only proof of sending.
pub fn push_batch(
    client: &mut postgres::Client,
    local: &rusqlite::Connection,
    after: i64,
    batch: u32,
) -> Result<Vec<i64>, String> {
    let sql = format!(
        "SELECT {} FROM journal WHERE serial > ?1 ORDER BY serial LIMIT ?2",
        Store::COLUMNS
    );
    let mut stmt = local.prepare_cached(&sql).map_err(|e| e.to_string())?;
    let rows: Vec<JournalRow> = stmt
        .query_map(rusqlite::params![after, batch], Store::read_row)
        .map_err(|e| e.to_string())?
        .collect::<rusqlite::Result<_>>()
        .map_err(|e| e.to_string())?;
    if rows.is_empty() {
        return Ok(vec![]);
    }
    let col = |f: fn(&JournalRow) -> String| rows.iter().map(f).collect::<Vec<String>>();
    let terminal = col(|r| r.terminal_id.clone());
    let serial: Vec<i64> = rows.iter().map(|r| r.serial).collect();
    let ts = col(|r| r.ts_utc.clone());
    let mono: Vec<i64> = rows.iter().map(|r| r.mono_ns).collect();
    let session: Vec<i64> = rows.iter().map(|r| r.session).collect();
    let stream = col(|r| r.stream.clone());
    let table: Vec<Option<i64>> = rows.iter().map(|r| r.table_no).collect();
    let dealer: Vec<Option<String>> = rows.iter().map(|r| r.dealer_credential.clone()).collect();
    let actor: Vec<Option<String>> = rows.iter().map(|r| r.actor_credential.clone()).collect();
    let kind = col(|r| r.kind.clone());
    let payload = col(|r| r.payload.clone());
    let prev = col(|r| r.prev_hash.clone());
    let hash = col(|r| r.hash.clone());
    let mut tx = client.transaction().map_err(|e| describe(&e))?;
    let inserted = tx
        .query(
            "INSERT INTO journal (terminal_id, serial, ts_utc, mono_ns, session, stream, table_no,
                 dealer_credential, actor_credential, kind, payload, prev_hash, hash)
             SELECT * FROM UNNEST($1::text[], $2::bigint[], $3::text[], $4::bigint[],
                 $5::bigint[], $6::text[], $7::bigint[], $8::text[], $9::text[], $10::text[],
                 $11::text[], $12::text[], $13::text[])
             ON CONFLICT (terminal_id, serial) DO NOTHING
             RETURNING serial",
            &[
                &terminal, &serial, &ts, &mono, &session, &stream, &table, &dealer, &actor, &kind,
                &payload, &prev, &hash,
            ],
        )
        .map_err(|e| describe(&e))?;
    if inserted.len() != rows.len() {
        // Some were there already (another sender for the same terminal): they must be the
        // very same rows.
        let got: Vec<i64> = inserted.iter().map(|r| r.get(0)).collect();
        for r in rows.iter().filter(|r| !got.contains(&r.serial)) {
            let there = tx
                .query_one(
                    "SELECT hash, prev_hash, payload, kind, ts_utc FROM journal
                     WHERE terminal_id = $1 AND serial = $2",
                    &[&r.terminal_id, &r.serial],
                )
                .map_err(|e| describe(&e))?;
            let same = there.get::<_, String>(0) == r.hash
                && there.get::<_, String>(1) == r.prev_hash
                && there.get::<_, String>(2) == r.payload
                && there.get::<_, String>(3) == r.kind
                && there.get::<_, String>(4) == r.ts_utc;
            if !same {
                return Err(format!(
                    "terminal {} row {}: the central copy differs from the terminal's; nothing overwritten",
                    r.terminal_id, r.serial
                ));
            }
        }
    }
    tx.commit().map_err(|e| describe(&e))?;
    Ok(serial)
}

/// What one connection has learned of the server for this terminal: its head (after the rows
/// this connection pushed) and the key it registered. A new connection starts knowing
/// nothing; a row pushed twice by two senders is harmless (`ON CONFLICT`, compared).
#[derive(Debug, Clone, Default)]
pub struct Pushed {
    head: Option<i64>,
    registered: Option<String>,
    /// The key the last head stored on this connection was verified under (the registered
    /// one, or the one a rotation moved to).
    verified: Option<String>,
}

/// Pushes everything the server lacks. Returns the rows pushed.
pub fn catch_up(
    client: &mut postgres::Client,
    local: &rusqlite::Connection,
    batch: u32,
) -> Result<u64, String> {
    catch_up_with(client, local, batch, &mut Pushed::default())
}

/// [`catch_up`] on a connection that remembers what it pushed: a push of one commit is then
/// four statements (the rows' transaction and the signed head), not ten.
pub fn catch_up_with(
    client: &mut postgres::Client,
    local: &rusqlite::Connection,
    batch: u32,
    known: &mut Pushed,
) -> Result<u64, String> {
    let Some(terminal) = local_terminal_id(local)? else {
        return Ok(0);
    };
    // The signed head is read before the rows: every row it covers is then pushed below, and
    // it goes after them.
    let signed = super::signing::read_head(local).map_err(|e| e.to_string())?;
    let mut head = match known.head {
        Some(h) => h,
        None => server_head(client, &terminal)?,
    };
    let mut pushed = 0;
    loop {
        let sent = push_batch(client, local, head, batch)?;
        let Some(last) = sent.last() else {
            known.head = Some(head);
            if let Some(h) = signed {
                push_signed_head_with(client, &terminal, &h, known)?;
            }
            return Ok(pushed);
        };
        pushed += sent.len() as u64;
        head = *last;
    }
}

/// Whether `key` signs the terminal's head at `serial`: the key registered at its first push,
/// or a key its central rows rotate to from it (each rotation endorsed by the key before it,
/// `key_history`), the one in force at that serial.
fn signs_at(
    client: &mut impl postgres::GenericClient,
    terminal: &str,
    registered: &str,
    key: &str,
    serial: i64,
) -> Result<bool, String> {
    if key == registered {
        return Ok(true);
    }
    let kinds: Vec<&str> = super::key_history::KINDS.to_vec();
    let rows = client
        .query(
            "SELECT serial, kind, payload FROM journal
             WHERE terminal_id = $1 AND kind = ANY($2) ORDER BY serial",
            &[&terminal, &kinds],
        )
        .map_err(|e| describe(&e))?
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    Ok(match super::key_history::from_rows(terminal, rows) {
        Ok(Some(k)) => k.names(registered) && k.key_at(serial) == key,
        _ => false,
    })
}

/// Registers the terminal's public key (the first one the server sees for this terminal) and
/// stores a signed head once the server holds the rows it covers. A head signed by another
/// key, or one that comes back different for the same serial, is refused and reported.
pub fn push_signed_head(
    client: &mut postgres::Client,
    terminal: &str,
    h: &super::signing::SignedHead,
) -> Result<(), String> {
    push_signed_head_with(client, terminal, h, &mut Pushed::default())
}

fn push_signed_head_with(
    client: &mut postgres::Client,
    terminal: &str,
    h: &super::signing::SignedHead,
    known: &mut Pushed,
) -> Result<(), String> {
    let head = match known.head {
        Some(head) => head,
        None => server_head(client, terminal)?,
    };
    if head < h.serial {
        return Ok(());
    }
    // Signed by the key this connection last verified: the head alone, one statement.
    if known.verified.as_deref() == Some(h.public_key.as_str()) {
        return store_head(client, terminal, h);
    }
    let mut tx = client.transaction().map_err(|e| describe(&e))?;
    let registered = match &known.registered {
        Some(k) => k.clone(),
        None => {
            tx.execute(
                "INSERT INTO terminal_keys (terminal_id, public_key) VALUES ($1, $2)
                 ON CONFLICT (terminal_id) DO NOTHING",
                &[&terminal, &h.public_key],
            )
            .map_err(|e| describe(&e))?;
            tx.query_one(
                "SELECT public_key FROM terminal_keys WHERE terminal_id = $1",
                &[&terminal],
            )
            .map_err(|e| describe(&e))?
            .get(0)
        }
    };
    if !signs_at(&mut tx, terminal, &registered, &h.public_key, h.serial)? {
        return Err(format!(
            "terminal {terminal}: the head at serial {} is signed by key {}…, the central copy registered {}…; not stored",
            h.serial,
            short(&h.public_key),
            short(&registered)
        ));
    }
    store_head(&mut tx, terminal, h)?;
    tx.commit().map_err(|e| describe(&e))?;
    known.registered = Some(registered);
    known.verified = Some(h.public_key.clone());
    Ok(())
}

/// Stores a signed head; one already there for the serial must be the same.
fn store_head(
    client: &mut impl postgres::GenericClient,
    terminal: &str,
    h: &super::signing::SignedHead,
) -> Result<(), String> {
    let stored = client
        .execute(
            "INSERT INTO signed_heads (terminal_id, serial, hash, signature, public_key, ts_utc)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (terminal_id, serial) DO NOTHING",
            &[
                &terminal,
                &h.serial,
                &h.hash,
                &h.signature,
                &h.public_key,
                &h.ts_utc,
            ],
        )
        .map_err(|e| describe(&e))?;
    if stored == 0 {
        let there = client
            .query_one(
                "SELECT hash, signature FROM signed_heads WHERE terminal_id = $1 AND serial = $2",
                &[&terminal, &h.serial],
            )
            .map_err(|e| describe(&e))?;
        if there.get::<_, String>(0) != h.hash || there.get::<_, String>(1) != h.signature {
            return Err(format!(
                "terminal {terminal}: the signed head at serial {} differs from the central copy's; nothing overwritten",
                h.serial
            ));
        }
    }
    Ok(())
}

fn short(key: &str) -> &str {
    key.get(..12).unwrap_or(key)
}

/// What the sender thread reports to the screen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SyncStatus {
    pub connected: bool,
    /// Rows pushed since the terminal started.
    pub pushed: u64,
    /// The last failure, without any secret.
    pub error: Option<String>,
}

/// Starts the sender: one thread that pushes the journal at `db` to the server and reconnects
/// with a doubling wait (1 s to 60 s) when the server is away. With the writer's `commits` it
/// pushes as soon as a commit is made (within a second of it when the server is up), else every
/// `push_every_seconds`. `wake` is called after each change of status (the UI's
/// `request_repaint`).
pub fn spawn_sender(
    cfg: CentralConfig,
    db: PathBuf,
    commits: Option<super::commit_signal::CommitSignal>,
    status: Arc<Mutex<SyncStatus>>,
    wake: Box<dyn Fn() + Send>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<()> {
    std::thread::Builder::new()
        .name("central-sender".into())
        .spawn(move || {
            use std::sync::atomic::Ordering;
            let mut wait = Duration::from_secs(1);
            let mut seen = 0u64;
            let set = |f: &dyn Fn(&mut SyncStatus)| {
                if let Ok(mut s) = status.lock() {
                    f(&mut s);
                }
                wake();
            };
            while !stop.load(Ordering::Relaxed) {
                let result = open_local(&db).and_then(|local| {
                    let mut client = cfg.connect()?;
                    let mut known = Pushed::default();
                    // Connected: a later outage backs off from 1 s again.
                    wait = Duration::from_secs(1);
                    set(&|s| {
                        s.connected = true;
                        s.error = None;
                    });
                    loop {
                        seen = commits.as_ref().map_or(0, |c| c.count());
                        let n = catch_up_with(&mut client, &local, cfg.batch_rows, &mut known)?;
                        if n > 0 {
                            set(&|s| s.pushed += n);
                        }
                        if stop.load(Ordering::Relaxed) {
                            return Ok(());
                        }
                        let every = Duration::from_secs(cfg.push_every_seconds);
                        match &commits {
                            // Counted before the push above: a commit during it is not missed.
                            Some(c) => seen = c.wait_past(seen, every),
                            None => std::thread::sleep(every),
                        }
                        if client.is_closed() {
                            return Err("the server closed the connection".to_string());
                        }
                    }
                });
                match result {
                    Ok(()) => return,
                    Err(e) => {
                        tracing::warn!("central sync: {e}");
                        set(&|s| {
                            s.connected = false;
                            s.error = Some(e.clone());
                        });
                        std::thread::sleep(wait);
                        wait = (wait * 2).min(Duration::from_secs(60));
                    }
                }
            }
        })
        .expect("spawning the central sender")
}

/// One terminal as the central verifier found it.
#[derive(Debug, Clone, PartialEq)]
pub struct CentralCheck {
    pub terminal: String,
    pub status: ChainStatus,
    /// The last signed head the server holds for it, if any.
    pub signed_head: Option<i64>,
}

/// The central verifier: every terminal's chain walked in serial order, then every signed head
/// it sent held to its registered key and to the central rows. Returns each terminal with its
/// status.
pub fn verify(client: &mut postgres::Client) -> Result<Vec<CentralCheck>, String> {
    let terminals: Vec<String> = client
        .query(
            "SELECT DISTINCT terminal_id FROM journal ORDER BY terminal_id",
            &[],
        )
        .map_err(|e| describe(&e))?
        .iter()
        .map(|r| r.get(0))
        .collect();
    let mut out = Vec::new();
    for t in terminals {
        let mut walk = ChainWalk::default();
        let mut broken = None;
        let mut after = 0i64;
        'pages: loop {
            let rows = client
                .query(
                    &format!(
                        "SELECT {PG_COLUMNS} FROM journal WHERE terminal_id = $1 AND serial > $2
                         ORDER BY serial LIMIT 10000"
                    ),
                    &[&t, &after],
                )
                .map_err(|e| describe(&e))?;
            if rows.is_empty() {
                break;
            }
            for r in &rows {
                let row = read_pg_row(r);
                after = row.serial;
                if let Some(b) = walk.push(&row) {
                    broken = Some(b);
                    break 'pages;
                }
            }
        }
        let status = broken.unwrap_or_else(|| walk.finish());
        let (status, signed_head) = match status {
            ChainStatus::Intact { rows, .. } => match check_heads(client, &t, rows)? {
                Ok(last) => (status, last),
                Err(broken) => (broken, None),
            },
            broken => (broken, None),
        };
        out.push(CentralCheck {
            terminal: t,
            status,
            signed_head,
        });
    }
    Ok(out)
}

/// Every signed head of a terminal whose central chain walked intact through `rows` rows: signed
/// by the registered key, and naming a central row with the same hash. Answers the last head's
/// serial, or the first problem.
fn check_heads(
    client: &mut postgres::Client,
    terminal: &str,
    rows: i64,
) -> Result<Result<Option<i64>, ChainStatus>, String> {
    let key: Option<String> = client
        .query_opt(
            "SELECT public_key FROM terminal_keys WHERE terminal_id = $1",
            &[&terminal],
        )
        .map_err(|e| describe(&e))?
        .map(|r| r.get(0));
    let heads = client
        .query(
            "SELECT h.serial, h.hash, h.signature, h.public_key, j.hash
             FROM signed_heads h
             LEFT JOIN journal j ON j.terminal_id = h.terminal_id AND j.serial = h.serial
             WHERE h.terminal_id = $1 ORDER BY h.serial",
            &[&terminal],
        )
        .map_err(|e| describe(&e))?;
    let broken = |serial: i64, problem: String| Ok(Err(ChainStatus::Broken { serial, problem }));
    let mut last = None;
    for r in &heads {
        let serial: i64 = r.get(0);
        let hash: String = r.get(1);
        let signature: String = r.get(2);
        let public_key: String = r.get(3);
        let row_hash: Option<String> = r.get(4);
        let Some(key) = key.as_deref() else {
            return broken(serial, "a signed head with no registered key".into());
        };
        let key_ok = signs_at(client, terminal, key, &public_key, serial)?;
        if !key_ok || !super::signing::verify(&public_key, terminal, serial, &hash, &signature) {
            return broken(
                serial,
                format!(
                    "the signed head at serial {serial} does not verify with the registered key {}…",
                    short(key)
                ),
            );
        }
        match row_hash {
            None => {
                return broken(
                    rows,
                    format!("signed head at serial {serial}, central copy ends at {rows}"),
                );
            }
            Some(h) if h != hash => {
                return broken(
                    serial,
                    format!(
                        "the row differs from the one the terminal signed (signed head at serial {serial})"
                    ),
                );
            }
            Some(_) => last = Some(serial),
        }
    }
    Ok(Ok(last))
}

pub use super::central_reader::{CentralAnswer, CentralQuery, CentralReader, rows_matching};
use super::central_reader::{PG_COLUMNS, read_pg_row};
