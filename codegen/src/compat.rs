//! `runtime/src/gen/cursor/compat.rs`: the rendering rules' event lists and version boundary.

use crate::model::Compat;
use crate::write::{doc, str_list};

pub(crate) fn file(compat: &Compat) -> Result<String, String> {
    let downgrade = compat.rule("ask-downgrade")?;
    let always = compat.rule("ask-pretooluse")?;
    let legacy = compat.rule("legacy-1.7-format")?;
    let boundary: Vec<u64> = downgrade
        .boundary
        .as_deref()
        .unwrap_or_default()
        .split('.')
        .map(|p| p.parse().unwrap_or(0))
        .collect();
    let [major, minor, patch] = boundary[..] else {
        return Err("rule `ask-downgrade` needs a boundary like 2.4.21".to_owned());
    };
    let mut out = String::new();
    doc(
        &mut out,
        "Rule `ask-downgrade`: events where `ask` reaches Cursor only on IDE builds before the boundary
(or payloads without `cursor_version`).",
    );
    out.push_str(&format!(
        "pub(crate) const ASK_DOWNGRADE_EVENTS: &[&str] = &{};\n",
        str_list(&downgrade.applies_to)
    ));
    doc(
        &mut out,
        "Rule `ask-downgrade`: the first IDE build where `ask` is unreliable.",
    );
    out.push_str(&format!(
        "pub(crate) const ASK_DOWNGRADE_BOUNDARY: (u64, u64, u64) = ({major}, {minor}, {patch});\n"
    ));
    doc(
        &mut out,
        "Rule `ask-pretooluse`: events where `ask` is always sent as `deny`.",
    );
    out.push_str(&format!(
        "pub(crate) const ASK_ALWAYS_DENY_EVENTS: &[&str] = &{};\n",
        str_list(&always.applies_to)
    ));
    doc(
        &mut out,
        "Rule `legacy-1.7-format`: events answered in the 1.7 format when the payload has neither
`cursor_version` nor `model`.",
    );
    out.push_str(&format!(
        "pub(crate) const LEGACY_FORMAT_EVENTS: &[&str] = &{};\n",
        str_list(&legacy.applies_to)
    ));
    Ok(out)
}
