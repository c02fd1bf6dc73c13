//! The `CardDefinition` Resource: one card of a [`crate::card_catalog::CardCatalog`].

// gdext generates undocumented Rust accessors for the exported fields; their Godot docs come from
// the field comments below.
#![allow(missing_docs)]

use godot::prelude::*;
use horizons_edge_core::game::config::CardDef;
use serde_json::{Value, json};

use crate::convert;

/// One card: its id, name, energy cost and effects, editable in the inspector and saved as
/// [code].tres[/code] inside a [CardCatalog]. The same card in the JSON form is
/// [code]"1": {"name": "Spark", "energy": 1, "effects": [{"effect": "gain_victory_points",
/// "amount": 1}]}[/code]; README's "Cards, structures and effects" lists every effect.
/// ```gdscript
/// var spark := CardDefinition.new()
/// spark.id = 1
/// spark.name = "Spark"
/// spark.energy = 1
/// spark.effects = [{"effect": "gain_victory_points", "amount": 1}]
/// ```
#[derive(GodotClass)]
#[class(init, tool, base = Resource)]
pub struct CardDefinition {
    /// The card's id: what decks hold and [method GameRules.play_card_from_hand] plays. Unique in
    /// its catalog.
    #[export(range = (0.0, 1000.0, or_greater))]
    id: i64,
    /// The name players see.
    #[export]
    name: GString,
    /// Energy to play it.
    #[export(range = (0.0, 20.0, or_greater))]
    energy: i64,
    /// What it does, in order: each a Dictionary such as [code]{"effect": "draw_cards",
    /// "count": 2}[/code] (README, "Cards, structures and effects").
    #[export]
    effects: Array<VarDictionary>,
    base: Base<Resource>,
}

impl CardDefinition {
    /// The card's catalog key and its JSON form; `path` names it in messages.
    pub fn to_json(&self, path: &str) -> Result<(String, Value), String> {
        let effects = convert::to_json_at(&self.effects.to_variant(), &format!("{path}.effects"))?;
        let card =
            json!({"name": self.name.to_string(), "energy": self.energy, "effects": effects});
        Ok((self.id.to_string(), card))
    }

    /// A resource for the core's card `id`.
    pub fn from_core(id: u32, card: &CardDef) -> Gd<Self> {
        Gd::from_init_fn(|base| CardDefinition {
            id: id.into(),
            name: GString::from(card.name.as_str()),
            energy: card.energy.into(),
            effects: effect_dictionaries(&card.effects),
            base,
        })
    }
}

/// Effects as the Dictionaries the inspector edits.
pub fn effect_dictionaries<T: serde::Serialize>(effects: &[T]) -> Array<VarDictionary> {
    effects.iter().map(convert::dictionary_of).collect()
}
