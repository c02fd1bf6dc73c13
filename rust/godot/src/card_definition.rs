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
/// "amount": 1}]}[/code]; README's "Cards, structures and effects" lists every effect. Setting
/// any of its properties emits [signal Resource.changed] (a [CardCatalog] holding it passes
/// that on).
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
    #[var(set)]
    id: i64,
    /// The name players see.
    #[export]
    #[var(get = get_card_name, set = set_card_name)]
    name: GString,
    /// Energy to play it.
    #[export(range = (0.0, 20.0, or_greater))]
    #[var(set)]
    energy: i64,
    /// What it does, in order: each a Dictionary such as [code]{"effect": "draw_cards",
    /// "count": 2}[/code] (README, "Cards, structures and effects").
    #[export]
    #[var(set)]
    effects: Array<VarDictionary>,
    base: Base<Resource>,
}

#[godot_api]
impl CardDefinition {
    /// Sets [member id] and emits [signal Resource.changed].
    #[func]
    fn set_id(&mut self, id: i64) {
        self.id = id;
        self.base_mut().emit_changed();
    }

    /// [member name]. Its accessors are not [code]get_name()[/code] and
    /// [code]set_name()[/code], which stay [Resource]'s, for [member Resource.resource_name].
    #[func]
    fn get_card_name(&self) -> GString {
        self.name.clone()
    }

    /// Sets [member name] and emits [signal Resource.changed].
    #[func]
    fn set_card_name(&mut self, name: GString) {
        self.name = name;
        self.base_mut().emit_changed();
    }

    /// Sets [member energy] and emits [signal Resource.changed].
    #[func]
    fn set_energy(&mut self, energy: i64) {
        self.energy = energy;
        self.base_mut().emit_changed();
    }

    /// Sets [member effects] and emits [signal Resource.changed].
    #[func]
    fn set_effects(&mut self, effects: Array<VarDictionary>) {
        self.effects = effects;
        self.base_mut().emit_changed();
    }
}

impl CardDefinition {
    /// The card's catalog key and its JSON form; `path` names it in messages, and its effects
    /// draw on `budget` (see [`convert::Budget`]).
    pub fn to_json(
        &self,
        path: &str,
        budget: &mut convert::Budget,
    ) -> Result<(String, Value), String> {
        let effects = convert::to_json_within(
            &self.effects.to_variant(),
            &format!("{path}.effects"),
            budget,
        )?;
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
