//! A private PostgreSQL cluster on loopback for the central-copy tests: `initdb` and `pg_ctl`
//! from the machine's PostgreSQL (`.ci/run` installs Debian's `postgresql`), run as the
//! `postgres` user when the tests run as root. It fails, never skips, when the binaries are
//! missing.

use deckhand::store::central::{self, CentralConfig};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A private PostgreSQL cluster in a temporary folder.
pub struct Cluster {
    pub dir: tempfile::TempDir,
    pub bin: PathBuf,
    pub port: u16,
    /// More server settings, as `-c name=value` options ("" for none).
    pub settings: String,
}

fn pg_bin() -> PathBuf {
    if let Ok(p) = std::env::var("DECKHAND_PG_BIN") {
        return PathBuf::from(p);
    }
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path().join("bin"))
                .collect()
        })
        .unwrap_or_default();
    versions.retain(|p| p.join("initdb").exists());
    versions.sort();
    if let Some(p) = versions.pop() {
        return p;
    }
    for dir in ["/usr/local/bin", "/usr/bin"] {
        if Path::new(dir).join("initdb").exists() {
            return PathBuf::from(dir);
        }
    }
    panic!("PostgreSQL's initdb was not found: install Debian's postgresql (.ci/run does)");
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// PostgreSQL refuses to run as root: run its programs as the `postgres` user then.
fn pg(bin: &Path, program: &str) -> Command {
    let path = bin.join(program);
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(path);
        c
    } else {
        Command::new(path)
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn run(mut c: Command, what: &str) {
    let out = c.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

impl Cluster {
    pub fn start() -> Cluster {
        Cluster::start_with("")
    }

    /// A cluster started with more server settings (`-c max_connections=300`).
    pub fn start_with(settings: &str) -> Cluster {
        let bin = pg_bin();
        let dir = tempfile::tempdir().unwrap();
        if is_root() {
            run(
                {
                    let mut c = Command::new("chown");
                    c.arg("postgres:postgres").arg(dir.path());
                    c
                },
                "chown",
            );
        }
        let data = dir.path().join("data");
        let mut init = pg(&bin, "initdb");
        init.arg("-D").arg(&data).args([
            "-A",
            "trust",
            "-U",
            "deckhand_owner",
            "-E",
            "UTF8",
            "--no-sync",
        ]);
        run(init, "initdb");
        let c = Cluster {
            dir,
            bin,
            port: free_port(),
            settings: settings.to_string(),
        };
        c.up();
        let mut admin = c.config("deckhand_owner");
        admin.dbname = "postgres".into();
        let mut client = admin.connect().unwrap();
        client.batch_execute("CREATE DATABASE deckhand").unwrap();
        let mut owner = c.config("deckhand_owner").connect().unwrap();
        central::init(&mut owner).unwrap();
        // Terminals log in as a member of deckhand_terminal, the review as one of
        // deckhand_review, the floor board as one of deckhand_floor.
        owner
            .batch_execute(
                "CREATE ROLE table_terminal LOGIN IN ROLE deckhand_terminal;
                 CREATE ROLE floor_review LOGIN IN ROLE deckhand_review;
                 CREATE ROLE floor_board LOGIN IN ROLE deckhand_floor;",
            )
            .unwrap();
        c
    }

    pub fn up(&self) {
        let mut start = pg(&self.bin, "pg_ctl");
        start
            .arg("-D")
            .arg(self.dir.path().join("data"))
            .arg("-l")
            .arg(self.dir.path().join("log"))
            .arg("-o")
            .arg(format!(
                "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off {}",
                self.port,
                self.dir.path().display(),
                self.settings
            ))
            .args(["-w", "start"]);
        run(start, "pg_ctl start");
    }

    pub fn down(&self) {
        let mut stop = pg(&self.bin, "pg_ctl");
        stop.arg("-D")
            .arg(self.dir.path().join("data"))
            .args(["-m", "immediate", "-w", "stop"]);
        run(stop, "pg_ctl stop");
    }

    pub fn config(&self, user: &str) -> CentralConfig {
        CentralConfig {
            enabled: true,
            host: "127.0.0.1".into(),
            port: self.port,
            dbname: "deckhand".into(),
            user: user.into(),
            password_file: String::new(),
            tls: "disable".into(),
            ca_file: String::new(),
            push_every_seconds: 1,
            batch_rows: 250,
            ..CentralConfig::default()
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let mut stop = pg(&self.bin, "pg_ctl");
        stop.arg("-D")
            .arg(self.dir.path().join("data"))
            .args(["-m", "immediate", "stop"]);
        let _ = stop.output();
    }
}
