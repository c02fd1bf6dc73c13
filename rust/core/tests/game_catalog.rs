//! The card catalog's JSON form: the shipped starter set, the JSON Schema in the addon, every
//! effect kind, and refusals that name the path of the bad field.

use std::collections::BTreeSet;

use horizons_edge_core::GameConfig;
use horizons_edge_core::game::effect_defs::TokenOwner;
use horizons_edge_core::game::effect_defs::{Counter, Effect, ObjectDef, Target};
use horizons_edge_core::game::objects::{Cda, ObjectKind};
use serde_json::{Value, json};

const ADDON: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../godot-project/addons/horizons_edge"
);

fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn schema() -> jsonschema::Validator {
    let schema = read_json(&format!("{ADDON}/rules_config.schema.json"));
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("the schema is invalid: {e}"))
}

fn schema_errors(validator: &jsonschema::Validator, config: &Value) -> Vec<String> {
    validator
        .iter_errors(config)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// One example of every effect kind; the match makes a new kind fail to compile until it has one.
fn examples() -> Vec<Effect> {
    let object = ObjectDef {
        name: "Soldier".into(),
        kind: ObjectKind::Unit,
        power: 2,
        toughness: 2,
        cda: Some(Cda::HandSize),
    };
    let all = vec![
        Effect::GainEnergy { amount: 2 },
        Effect::GainResources { amount: -5 },
        Effect::GainVictoryPoints { amount: 1 },
        Effect::GainEnergyPerRound { amount: 2 },
        Effect::DrawCards { count: 2 },
        Effect::CreateObject { object },
        Effect::SetPowerToughness {
            target: Target::Context,
            power: 0,
            toughness: 1,
            until_end_of_round: true,
        },
        Effect::ModifyPowerToughness {
            target: Target::Own,
            power: 1,
            toughness: 1,
            until_end_of_round: false,
        },
        Effect::SwitchPowerToughness {
            target: Target::Created,
            until_end_of_round: true,
        },
        Effect::AddCounters {
            target: Target::Opponents,
            counter: Counter::MinusOne,
            count: 3,
        },
        Effect::AddTokens {
            whose: TokenOwner::Own,
            count: 1,
        },
        Effect::Foresight { count: 3 },
        Effect::GrantDoubleAction { this_round: false },
        Effect::RemoveTokens {
            whose: TokenOwner::Opponents,
            count: 2,
        },
    ];
    for effect in &all {
        match effect {
            Effect::GainEnergy { .. }
            | Effect::GainResources { .. }
            | Effect::GainVictoryPoints { .. }
            | Effect::GainEnergyPerRound { .. }
            | Effect::DrawCards { .. }
            | Effect::CreateObject { .. }
            | Effect::SetPowerToughness { .. }
            | Effect::ModifyPowerToughness { .. }
            | Effect::SwitchPowerToughness { .. }
            | Effect::AddCounters { .. }
            | Effect::AddTokens { .. }
            | Effect::Foresight { .. }
            | Effect::GrantDoubleAction { .. }
            | Effect::RemoveTokens { .. } => {}
        }
    }
    all
}

/// The effect kinds the core reads, as its own refusal of an unknown kind lists them.
fn kinds_the_core_reads() -> BTreeSet<String> {
    let Err(error) = serde_json::from_value::<Effect>(json!({"effect": "no_such_effect"})) else {
        panic!("an unknown effect kind was read");
    };
    let message = error.to_string();
    message
        .split('`')
        .skip(3)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

#[test]
fn starter_set_follows_the_schema_and_makes_a_valid_config() {
    let starter = read_json(&format!("{ADDON}/starter_set.json"));
    assert_eq!(schema_errors(&schema(), &starter), Vec::<String>::new());
    let config = GameConfig::from_json(&starter).expect("the starter set reads");
    config.validate().expect("the starter set is valid");
    assert_eq!(config.cards.len(), 5);
    assert_eq!(config.structures.len(), 2);
    assert_eq!(config.action_kinds.len(), 2);
}

#[test]
fn schema_lists_exactly_the_effect_kinds_the_core_reads() {
    let schema = read_json(&format!("{ADDON}/rules_config.schema.json"));
    let listed: BTreeSet<String> = schema["$defs"]["effect"]["properties"]["effect"]["enum"]
        .as_array()
        .expect("the schema lists effect kinds")
        .iter()
        .filter_map(|kind| kind.as_str().map(str::to_owned))
        .collect();
    let read = kinds_the_core_reads();
    assert_eq!(read.len(), 14, "{read:?}");
    assert_eq!(listed, read);
    let examples: BTreeSet<String> = examples()
        .iter()
        .map(|e| {
            serde_json::to_value(e).expect("serializes")["effect"]
                .as_str()
                .unwrap_or("")
                .to_owned()
        })
        .collect();
    assert_eq!(examples, read);
}

#[test]
fn every_effect_kind_is_valid_in_the_schema_and_the_core() {
    let validator = schema();
    for effect in examples() {
        let config = json!({"cards": {"7": {"name": "Test", "energy": 1, "effects": [effect]}}});
        assert_eq!(
            schema_errors(&validator, &config),
            Vec::<String>::new(),
            "{config}"
        );
        let read = GameConfig::from_json(&config).expect("the core reads it");
        assert_eq!(
            read.cards.values().next().map(|c| &c.effects[0]),
            Some(&effect)
        );
    }
}

#[test]
fn readme_documents_every_effect_kind() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).expect("README.md");
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with("Cards, structures and effects"))
        .expect("README has a 'Cards, structures and effects' section");
    for kind in kinds_the_core_reads() {
        assert!(
            section.contains(&format!("`{kind}`")),
            "README does not document `{kind}`"
        );
    }
}

/// Bad catalogs: the path and reason the core gives, each also refused by the schema.
const BAD: &[(&str, &str)] = &[
    (
        r#"{"cards": {"1": {"name": "S", "effects": [{"effect": "gain_victory_points", "amount": "x"}]}}}"#,
        r#"cards.1.effects[0].amount: invalid type: string "x", expected an int"#,
    ),
    (
        r#"{"cards": {"1": {"name": "S", "effects": [{"effect": "gain_victory_pointz", "amount": 1}]}}}"#,
        "cards.1.effects[0].effect: unknown variant `gain_victory_pointz`",
    ),
    (
        r#"{"cards": {"2": {"name": "R", "effects": [{"effect": "create_object", "object": {"name": "a", "kind": "unit", "power": "x"}}]}}}"#,
        r#"cards.2.effects[0].object.power: invalid type: string "x", expected an int"#,
    ),
    (
        r#"{"cards": {"2": {"name": "R", "effects": [{"effect": "create_object", "object": {"name": "a", "kind": "giant"}}]}}}"#,
        "cards.2.effects[0].object.kind: unknown variant `giant`",
    ),
    (
        r#"{"cards": {"3": {"name": "G", "effects": [{"effect": "add_counters", "target": "own", "count": 1}]}}}"#,
        "cards.3.effects[0]: missing field `counter`",
    ),
    (
        r#"{"cards": {"3": {"name": "G", "effects": [{"effect": "draw_cards", "count": 1, "extra": 2}]}}}"#,
        "cards.3.effects[0].extra: unknown field `extra`",
    ),
    (
        r#"{"cards": {"4": {"name": "S", "energy": -1}}}"#,
        "cards.4.energy: invalid value: integer `-1`, expected an int from 0 to 4294967295",
    ),
    (
        r#"{"cards": {"-1": {"name": "S"}}}"#,
        "cards.-1: invalid value: integer `-1`, expected an int from 0 to 4294967295",
    ),
    (
        r#"{"cards": {"4": {"name": 1}}}"#,
        "cards.4.name: invalid type: integer `1`, expected a string",
    ),
    (
        r#"{"structures": {"g": {"cost": {"resources": 1, "bogus": 2}, "building": {"name": "G", "kind": "building"}}}}"#,
        "structures.g.cost.bogus: unknown field `bogus`",
    ),
    (
        r#"{"action_kinds": {"trade": {"effects": [{"effect": "gain_resources", "amount": 1.5}]}}}"#,
        "action_kinds.trade.effects[0].amount: invalid type: floating point `1.5`, expected an int",
    ),
    (
        r#"{"reactions": [{"name": "r", "trigger": "build", "response": "x", "by": "everyone"}]}"#,
        "reactions[0].by: unknown variant `everyone`",
    ),
];

#[test]
fn a_bad_field_is_refused_with_its_path_by_the_core_and_the_schema() {
    let validator = schema();
    for (config, expected) in BAD {
        let config: Value = serde_json::from_str(config).expect("test JSON");
        let error = GameConfig::from_json(&config).expect_err(config.to_string().as_str());
        let message = error.to_string();
        assert!(
            message.contains(expected),
            "{message}\n  does not contain\n{expected}"
        );
        // No position in JSON text nobody wrote (a card id is a map key, read from text).
        assert!(!message.contains(" at line "), "{message}");
        assert!(
            !schema_errors(&validator, &config).is_empty(),
            "the schema accepts {config}"
        );
    }
}

/// Configs that `validate` (or reading) refuses for one field's value alone, each with a piece
/// of its refusal: the schema must refuse them too (it let through tokens 0 and 65 and blank
/// names, which an editor then showed as valid).
const INVALID: [(&str, &str); 18] = [
    // Godot drops a leading byte-order mark: the name would come back as another.
    ("{\"action_kinds\": {\"\u{feff}ping\": {}}}", "holds U+FEFF"),
    (
        "{\"structures\": {\"hall\": {\"building\": {\"name\": \"\u{feff}Hall\", \"kind\": \"building\"}}}}",
        "holds U+FEFF",
    ),
    (
        "{\"cards\": {\"1\": {\"name\": \"\u{85}\"}}}",
        "card 1 has no name",
    ),
    (
        r#"{"cards": {"4294967296": {"name": "c"}}}"#,
        "expected an int from 0 to 4294967295",
    ),
    (
        r#"{"action_kinds": {"ping": {}}, "reactions": [{"name": "r", "trigger": "pass",
            "response": "ping", "by": "owner"}]}"#,
        "has \"by\" but no \"owner\"",
    ),
    (r#"{"command_tiers": []}"#, "command_tiers is empty"),
    (r#"{"command_tiers": [{"tokens": 0}]}"#, "at least 1 token"),
    (
        r#"{"command_tiers": [{"tokens": 65}]}"#,
        "the bag allows 64",
    ),
    (
        r#"{"command_tiers": [{"tokens": 4}, {"tokens": 0}]}"#,
        "fewer tokens",
    ),
    (r#"{"cards": {"1": {"name": ""}}}"#, "card 1 has no name"),
    (r#"{"cards": {"1": {"name": " \t"}}}"#, "card 1 has no name"),
    (
        r#"{"structures": {" ": {"building": {"name": "Hall", "kind": "building"}}}}"#,
        "a structure has no name",
    ),
    (
        r#"{"structures": {"hall": {"building": {"name": "  ", "kind": "building"}}}}"#,
        "building has no name",
    ),
    (
        r#"{"action_kinds": {"": {}}}"#,
        "an action kind has no name",
    ),
    (r#"{"action_kinds": {"pass": {}}}"#, "is built in"),
    (
        r#"{"factions": {"f": {"upgrade_discount": 101}}}"#,
        "discount over 100",
    ),
    (
        r#"{"cards": {"1": {"name": "c", "effects": [{"effect": "create_object",
            "object": {"name": "two\nlines", "kind": "token"}}]}}}"#,
        "control characters",
    ),
    (
        r#"{"structures": {"hall": {"building": {"name": "0123456789012345678901234567890123456789012345678901234567890123456789", "kind": "building"}}}}"#,
        "at most 64 characters",
    ),
];

#[test]
fn a_value_validate_refuses_is_refused_by_the_schema_too() {
    let validator = schema();
    for (config, expected) in INVALID {
        let config: Value = serde_json::from_str(config).expect("test JSON");
        let message = match GameConfig::from_json(&config).map(|read| read.validate()) {
            Ok(Ok(())) => panic!("validate accepts {config}"),
            Ok(Err(refusal)) | Err(refusal) => refusal.to_string(),
        };
        assert!(
            message.contains(expected),
            "{message}\n  does not contain\n{expected}"
        );
        assert!(
            !schema_errors(&validator, &config).is_empty(),
            "the schema accepts {config}, which validate refuses: {message}"
        );
    }
}

/// Configs `validate` accepts at the edges of its rules: the schema must accept them too (names
/// are blank by Unicode's White_Space, as Rust's `trim` has it, not by a regex engine's `\s`).
const VALID: [&str; 3] = [
    r#"{"cards": {"1": {"name": "\u001c"}}}"#,
    r#"{"cards": {"4294967295": {"name": "c"}}}"#,
    r#"{"action_kinds": {"ping": {}}, "reactions": [{"name": "r", "trigger": "pass",
        "response": "ping", "by": "owner", "owner": 0}]}"#,
];

#[test]
fn a_config_validate_accepts_is_accepted_by_the_schema_too() {
    let validator = schema();
    for config in VALID {
        let config: Value = serde_json::from_str(config).expect("test JSON");
        GameConfig::from_json(&config)
            .and_then(|read| read.validate())
            .unwrap_or_else(|e| panic!("{config}: {e}"));
        assert_eq!(
            schema_errors(&validator, &config),
            Vec::<String>::new(),
            "{config}"
        );
    }
}
