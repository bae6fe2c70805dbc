//! Lists of names packed into one byte string at compile time.
//!
//! A `&[&str]` table in a binary costs a relocation per name, which the dynamic loader (or a
//! static binary's own start) applies at every start of every hook, whether or not the list is
//! ever read, plus 40 bytes of table and relocation entry per name. A packed list is plain
//! bytes: each name is its length (one byte) then its text.

/// The length of `names` packed by [`pack`].
pub(crate) const fn packed_len(names: &[&str]) -> usize {
    let mut len = 0;
    let mut i = 0;
    while i < names.len() {
        len += 1 + names[i].len();
        i += 1;
    }
    len
}

/// `names` packed, in a constant: `pack::<{ packed_len(NAMES) }>(NAMES)`.
pub(crate) const fn pack<const N: usize>(names: &[&str]) -> [u8; N] {
    let mut packed = [0; N];
    let mut at = 0;
    let mut i = 0;
    while i < names.len() {
        let name = names[i].as_bytes();
        assert!(
            name.len() <= u8::MAX as usize,
            "a name longer than 255 bytes"
        );
        packed[at] = name.len() as u8;
        at += 1;
        let mut j = 0;
        while j < name.len() {
            packed[at] = name[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(at == N, "N is not packed_len(names)");
    packed
}

/// Whether `name` is one of the names in `packed` (as `names.contains(&name)`).
pub(crate) fn contains(packed: &[u8], name: &str) -> bool {
    let mut rest = packed;
    while let [len, tail @ ..] = rest {
        // Checked, though `pack` wrote the lengths: a panic's location is a relocation too.
        let Some((candidate, next)) = tail.split_at_checked(usize::from(*len)) else {
            return false;
        };
        if candidate == name.as_bytes() {
            return true;
        }
        rest = next;
    }
    false
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_packed_list_holds_exactly_its_names() {
        const NAMES: &[&str] = &["Bash", "", "mcp__a__b", "Read"];
        const PACKED: [u8; super::packed_len(NAMES)] = super::pack(NAMES);
        for name in NAMES {
            assert!(super::contains(&PACKED, name), "{name}");
        }
        for other in ["bash", "Bas", "Bash ", "Rea", "mcp__a", "\u{4}Read"] {
            assert!(!super::contains(&PACKED, other), "{other}");
        }
        assert!(!super::contains(&[], ""));
    }
}
