//! A configuration file the TOML reader refuses, in words for the person who edits it: the
//! file, the line, the table and key (`[table] number`), and what the key wants, rather than
//! the reader's own terms ("invalid type: string \"twelve\", expected u32"). The reader's
//! message is kept at the end, in brackets, for whoever knows it.

/// `err` of reading `text` (from `origin`) as the configuration, in words.
pub(super) fn toml_words(origin: &str, text: &str, err: &toml::de::Error) -> String {
    let message = err.message().trim();
    let Some(span) = err.span() else {
        return format!("{origin}: {}", crate::rules::banked::upper_first(message));
    };
    let at = span.start.min(text.len());
    let line_no = text[..at].matches('\n').count() + 1;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or("").trim();
    let key = line
        .split_once('=')
        .map(|(k, _)| k.trim())
        .filter(|k| !k.is_empty() && !k.starts_with('['));
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map(|l| l.to_string());
    let place = match (table, key) {
        (Some(t), Some(k)) => format!("{t} {k}"),
        (None, Some(k)) => k.to_string(),
        (Some(t), None) => t,
        (None, None) => line.to_string(),
    };
    match wanted(message) {
        Some(w) => format!("{origin}, line {line_no}, {place}: {w} ({message})"),
        // A message of Deckhand's own names what is wanted already.
        None => format!("{origin}, line {line_no}, {place}: {message}"),
    }
}

/// What the reader's message says the key wants, in words; `None` for a message that is not
/// the reader's own (a check of Deckhand's, which words it already).
fn wanted(message: &str) -> Option<String> {
    let named = |after: &str| {
        let rest = &message[message.find(after)? + after.len()..];
        rest.split('`').next().map(str::to_string)
    };
    if let Some(name) = named("unknown field `") {
        return Some(format!(
            "\"{name}\" is not a setting of this table; check its spelling"
        ));
    }
    if let Some(name) = named("missing field `") {
        return Some(format!("The setting {name} is missing"));
    }
    let expected = message.rsplit("expected ").next().unwrap_or("");
    let what = match expected.trim() {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more, without quotes",
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number, without quotes",
        "f32" | "f64" => "a number, without quotes",
        "a boolean" => "true or false, without quotes",
        "a string" => "text in double quotes",
        e if e.starts_with("a sequence") => "a list in square brackets: [ … ]",
        e if e.starts_with("struct") || e.starts_with("a map") => "a table of settings",
        e if e.starts_with("one of") => return Some(format!("The value must be {e}")),
        _ => return None,
    };
    Some(format!(
        "{} is wanted here",
        crate::rules::banked::upper_first(what)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> String {
        let err = toml::from_str::<crate::config::Config>(text).unwrap_err();
        toml_words("deckhand.toml", text, &err)
    }

    #[test]
    fn a_wrong_value_names_its_line_table_key_and_what_is_wanted() {
        let default = crate::config::DEFAULT_TOML;
        let w = words(&default.replacen("number = 12", "number = \"twelve\"", 1));
        let line = default
            .lines()
            .position(|l| l.starts_with("number = 12"))
            .unwrap()
            + 1;
        assert!(
            w.starts_with(&format!(
                "deckhand.toml, line {line}, [table] number: A whole number, 0 or more, without quotes is wanted here"
            )),
            "{w}"
        );
        let w = words(&default.replacen("number = 12", "numbr = 12", 1));
        assert!(
            w.contains("[table] numbr: \"numbr\" is not a setting of this table"),
            "{w}"
        );
        let w = words(&default.replacen("resplits = ", "resplitz = ", 1));
        assert!(
            w.contains("[house.spanish-21] resplitz: \"resplitz\" is not a setting"),
            "{w}"
        );
        let w = words(&default.replacen("number = 12", "number = -3", 1));
        assert!(
            w.contains("[table] number: A whole number, 0 or more"),
            "{w}"
        );
    }
}
