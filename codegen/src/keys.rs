//! `runtime/src/gen/keys.rs`: one type per key an answer of any host can carry, named as its
//! setter or constructor is, so that rustc's list of the keys a response takes reads
//! `Takes<additional_context, String>`.

use crate::write::{doc, ident};

/// The file's text: each key once, in the order first given.
pub(crate) fn file(names: Vec<String>) -> String {
    let mut out = String::from(
        "// Named as the setters are, so that an error lists `Takes<additional_context, String>`.\n#![allow(non_camel_case_types)]\n\n",
    );
    // What every response has and what one without a setter has, so that rustc's list under
    // an error is never another response's keys.
    doc(
        &mut out,
        "Every response's first constructor, `default()`: the answer that changes nothing.",
    );
    out.push_str("pub enum default {}\n");
    doc(
        &mut out,
        "The one key of a response that has no setter: its answer is built by a constructor alone.",
    );
    out.push_str("pub enum nothing {}\n");
    let mut seen: Vec<String> = vec!["default".to_owned(), "nothing".to_owned()];
    for name in names {
        let id = ident(name.trim_start_matches("r#"));
        if seen.contains(&id) {
            continue;
        }
        let shown = id.trim_start_matches("r#");
        doc(
            &mut out,
            &format!("The key `{shown}`, named as its setter or constructor is."),
        );
        // An uninhabited enum: a type only, never a value beside the setter of its name.
        out.push_str(&format!("pub enum {id} {{}}\n"));
        seen.push(id);
    }
    out
}
