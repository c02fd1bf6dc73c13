//! The class documentation the extension registers, as the editor receives it: every type in
//! Godot's words. The editor shows the registered words themselves on a help page it has not
//! documented from ClassDB yet (the first start of a project the addon was dropped into); gdext
//! writes the Rust source's, which the vendored `godot-core` (`src/docs.rs`) translates.

/// How gdext's macros spell types; none may reach a `type="…"` of the documentation.
const RUST_SPELLINGS: [&str; 10] = [
    "&lt;",
    "Result",
    "Gd",
    "GString",
    "VarDictionary",
    "AnyDictionary",
    "AnyArray",
    "PhantomVar",
    "i64",
    "()",
];

/// Every `type="…"` value of `xml`.
fn types_in(xml: &str) -> Vec<&str> {
    xml.split(" type=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

#[test]
fn every_documented_type_is_in_godot_s_words() {
    let documents: Vec<String> = godot::docs::__gather_xml_docs().collect();
    assert!(
        documents.len() >= 8,
        "{} classes documented",
        documents.len()
    );
    for xml in &documents {
        let class = xml
            .split("<class name=\"")
            .nth(1)
            .and_then(|r| r.split('"').next());
        for written in types_in(xml) {
            assert!(
                !RUST_SPELLINGS.iter().any(|rust| written.contains(rust)),
                "{class:?}: type=\"{written}\""
            );
        }
    }
    let catalog = documents
        .iter()
        .find(|xml| xml.contains("<class name=\"CardCatalog\""))
        .expect("CardCatalog is documented");
    for expected in [
        "<member name=\"cards\" type=\"CardDefinition[]\"",
        "<member name=\"action_kinds\" type=\"Dictionary\"",
    ] {
        assert!(catalog.contains(expected), "{expected} in {catalog}");
    }
    let rules = documents
        .iter()
        .find(|xml| xml.contains("<class name=\"GameRules\""))
        .expect("GameRules is documented");
    assert!(
        rules.contains("type=\"int\" enum=\"Error\""),
        "Error returns in {rules}"
    );
}
