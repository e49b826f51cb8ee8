//! What the Debian package installs: the table terminal's configuration parses and validates,
//! the udev rules name both devices, the systemd unit starts the terminal with that
//! configuration, and the binary answers --version and --help with every command.

use std::process::Command;

fn file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_packaged_configuration_is_valid_and_production_ready() {
    let text = file("packaging/deckhand.toml");
    let c = deckhand::config::Config::parse(&text, "packaging/deckhand.toml").unwrap();
    assert_eq!(
        c.database_path().unwrap().to_str(),
        Some("/var/lib/deckhand/deckhand.sqlite")
    );
    assert!(!c.demo.seed_people, "no demo people on a real table");
    assert!(c.display.fullscreen, "the dealer's seat is a kiosk");
    assert_eq!(
        c.shuffler_port(),
        Some(deckhand::config::DevicePort::Path(
            "/dev/deckhand-shuffler".into()
        ))
    );
    // Every section of the demo configuration is present in the packaged one too.
    let demo = file("assets/deckhand.default.toml");
    for line in demo
        .lines()
        .filter(|l| l.starts_with('[') && !l.starts_with("[house.") && !l.starts_with("[games."))
    {
        assert!(text.contains(line), "packaging/deckhand.toml lacks {line}");
    }
}

#[test]
fn udev_rules_give_both_devices_stable_names() {
    let rules = file("hw/99-deckhand.rules");
    let active: Vec<&str> = rules
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    for name in ["deckhand-shuffler", "deckhand-progressive"] {
        let line = active
            .iter()
            .find(|l| l.contains(&format!("SYMLINK+=\"{name}\"")))
            .unwrap_or_else(|| panic!("no rule for {name}"));
        assert!(line.starts_with("SUBSYSTEM==\"tty\""), "{line}");
        assert!(
            line.contains("GROUP=\"dialout\"") && line.contains("MODE=\"0660\""),
            "{line}"
        );
    }
    for l in &active {
        // Every key is KEY=="v", KEY="v" or KEY+="v": a stray quote would silently skip a rule.
        assert_eq!(l.matches('"').count() % 2, 0, "{l}");
    }
}

#[test]
fn the_unit_runs_the_terminal_with_the_packaged_configuration() {
    let unit = file("packaging/deckhand.service");
    let exec = unit.lines().find(|l| l.starts_with("ExecStart=")).unwrap();
    assert!(
        exec.contains("/usr/bin/deckhand --config /etc/deckhand/deckhand.toml"),
        "{exec}"
    );
    assert!(unit.contains("User=deckhand"));
    assert!(unit.contains("Restart=always"));
    let cargo = file("Cargo.toml");
    for asset in [
        "packaging/deckhand.toml",
        "hw/99-deckhand.rules",
        "assets/paytables/*.toml",
        "db/*.sql",
    ] {
        assert!(
            cargo.contains(asset),
            "Cargo.toml [package.metadata.deb] lacks {asset}"
        );
    }
}

#[test]
fn version_and_help_list_every_command() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_deckhand"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        run(&["--version"]).trim(),
        format!("deckhand {}", env!("CARGO_PKG_VERSION"))
    );
    let help = run(&["--help"]);
    for cmd in [
        "run",
        "sim",
        "eval",
        "settle",
        "people",
        "backup",
        "verify-log",
    ] {
        assert!(
            help.lines().any(|l| l.trim_start().starts_with(cmd)),
            "--help lacks {cmd}:\n{help}"
        );
    }
    assert!(
        !help.contains("journal-stress"),
        "the crash-test helper stays hidden"
    );
    for (cmd, sub) in [
        ("sim", "progressive"),
        ("sim", "shuffler"),
        ("people", "reset-pin"),
    ] {
        let h = run(&[cmd, "--help"]);
        assert!(h.contains(sub), "{cmd} --help lacks {sub}");
    }
}

/// Every key of the configuration, given a value of the wrong type, is refused with the key
/// named; and every key is documented in docs/configuration.md.
#[test]
fn every_configuration_key_is_checked_and_documented() {
    let base: toml::Table = toml::from_str(deckhand::config::DEFAULT_TOML).unwrap();
    let doc = file("docs/configuration.md");
    let mut leaves = Vec::new();
    fn walk(t: &toml::Table, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        for (k, v) in t {
            path.push(k.clone());
            match v {
                toml::Value::Table(inner) => walk(inner, path, out),
                _ => out.push(path.clone()),
            }
            path.pop();
        }
    }
    walk(&base, &mut vec![], &mut leaves);
    assert!(leaves.len() >= 40, "{} keys", leaves.len());
    for path in &leaves {
        let key = path.last().unwrap();
        let documented = doc.contains(&format!("`{key}`")) || doc.contains(&format!(".{key}`"));
        assert!(
            documented,
            "docs/configuration.md does not document `{}`",
            path.join(".")
        );
        let mut bad = base.clone();
        let mut t = &mut bad;
        for p in &path[..path.len() - 1] {
            t = t.get_mut(p).unwrap().as_table_mut().unwrap();
        }
        let wrong = match t[key.as_str()] {
            toml::Value::String(_) => toml::Value::Integer(7),
            _ => toml::Value::String("12a".into()),
        };
        t.insert(key.clone(), wrong);
        let text = toml::to_string(&bad).unwrap();
        let err = deckhand::config::Config::parse(&text, "t.toml").unwrap_err();
        assert!(err.contains(key.as_str()), "{}: {err}", path.join("."));
    }
}
