//! The `StructureDefinition` Resource: one structure of a [`crate::card_catalog::CardCatalog`].

// gdext generates undocumented Rust accessors for the exported fields; their Godot docs come from
// the field comments below.
#![allow(missing_docs)]

use godot::prelude::*;
use horizons_edge_core::game::config::StructureDef;
use horizons_edge_core::game::objects::{Cda, ObjectKind};
use serde_json::{Value, json};

use crate::card_definition::effect_dictionaries;
use crate::convert;

/// A structure players can [method GameRules.build]: its price, the building it puts into play
/// and any further effects, editable in the inspector and saved inside a [CardCatalog]. The JSON
/// form is [code]"generator": {"cost": {"resources": 60}, "building": {"name": "Generator",
/// "kind": "building", "toughness": 3}, "effects": [{"effect": "gain_energy_per_round",
/// "amount": 2}]}[/code]. Setting any of its properties emits [signal Resource.changed] (a
/// [CardCatalog] holding it passes that on).
#[derive(GodotClass)]
#[class(init, tool, base = Resource)]
pub struct StructureDefinition {
    /// The name [method GameRules.build] takes (e.g. [code]"generator"[/code]). Unique in its
    /// catalog.
    #[export]
    #[var(set)]
    id: GString,
    /// Further effects, in order, as for [member CardDefinition.effects] (e.g. more energy per
    /// round).
    #[export]
    #[var(set)]
    effects: Array<VarDictionary>,
    /// Energy to build it.
    #[export_group(name = "Cost", prefix = "cost_")]
    #[export(range = (0.0, 50.0, or_greater))]
    #[var(set)]
    cost_energy: i64,
    /// Resources to build it.
    #[export(range = (0.0, 500.0, or_greater))]
    #[var(set)]
    cost_resources: i64,
    /// The building's name.
    #[export_group(name = "Building", prefix = "building_")]
    #[export]
    #[var(set)]
    building_name: GString,
    /// What the building is: [constant KIND_UNIT], [constant KIND_BUILDING] (the default) or
    /// [constant KIND_TOKEN].
    #[export(enum = (Unit = 0, Building = 1, Token = 2))]
    #[init(val = 1)]
    #[var(set)]
    building_kind: i64,
    /// The building's printed power.
    #[export]
    #[var(set)]
    building_power: i64,
    /// The building's printed toughness.
    #[export]
    #[var(set)]
    building_toughness: i64,
    /// A characteristic-defining ability: [constant CDA_NONE], or power and toughness both equal
    /// the controller's hand size ([constant CDA_HAND_SIZE]) or the objects they control
    /// ([constant CDA_OBJECT_COUNT]).
    #[export(enum = (None = 0, HandSize = 1, ObjectCount = 2))]
    #[var(set)]
    building_cda: i64,
    base: Base<Resource>,
}

#[godot_api]
impl StructureDefinition {
    /// [member building_kind]: the building is a unit.
    #[constant]
    pub const KIND_UNIT: i64 = 0;
    /// [member building_kind]: a building (the default).
    #[constant]
    pub const KIND_BUILDING: i64 = 1;
    /// [member building_kind]: a token.
    #[constant]
    pub const KIND_TOKEN: i64 = 2;
    /// [member building_cda]: printed power and toughness.
    #[constant]
    pub const CDA_NONE: i64 = 0;
    /// [member building_cda]: power and toughness equal the controller's hand size.
    #[constant]
    pub const CDA_HAND_SIZE: i64 = 1;
    /// [member building_cda]: power and toughness equal the objects the controller controls.
    #[constant]
    pub const CDA_OBJECT_COUNT: i64 = 2;

    /// Sets [member id] and emits [signal Resource.changed].
    #[func]
    fn set_id(&mut self, id: GString) {
        self.id = id;
        self.base_mut().emit_changed();
    }

    /// Sets [member effects] and emits [signal Resource.changed].
    #[func]
    fn set_effects(&mut self, effects: Array<VarDictionary>) {
        self.effects = effects;
        self.base_mut().emit_changed();
    }

    /// Sets [member cost_energy] and emits [signal Resource.changed].
    #[func]
    fn set_cost_energy(&mut self, cost_energy: i64) {
        self.cost_energy = cost_energy;
        self.base_mut().emit_changed();
    }

    /// Sets [member cost_resources] and emits [signal Resource.changed].
    #[func]
    fn set_cost_resources(&mut self, cost_resources: i64) {
        self.cost_resources = cost_resources;
        self.base_mut().emit_changed();
    }

    /// Sets [member building_name] and emits [signal Resource.changed].
    #[func]
    fn set_building_name(&mut self, building_name: GString) {
        self.building_name = building_name;
        self.base_mut().emit_changed();
    }

    /// Sets [member building_kind] and emits [signal Resource.changed].
    #[func]
    fn set_building_kind(&mut self, building_kind: i64) {
        self.building_kind = building_kind;
        self.base_mut().emit_changed();
    }

    /// Sets [member building_power] and emits [signal Resource.changed].
    #[func]
    fn set_building_power(&mut self, building_power: i64) {
        self.building_power = building_power;
        self.base_mut().emit_changed();
    }

    /// Sets [member building_toughness] and emits [signal Resource.changed].
    #[func]
    fn set_building_toughness(&mut self, building_toughness: i64) {
        self.building_toughness = building_toughness;
        self.base_mut().emit_changed();
    }

    /// Sets [member building_cda] and emits [signal Resource.changed].
    #[func]
    fn set_building_cda(&mut self, building_cda: i64) {
        self.building_cda = building_cda;
        self.base_mut().emit_changed();
    }
}

/// The core's names of the kinds, by [`StructureDefinition::KIND_UNIT`] and on.
const KINDS: [&str; 3] = ["unit", "building", "token"];
/// The core's names of the abilities, by [`StructureDefinition::CDA_NONE`] and on.
const CDAS: [Option<&str>; 3] = [None, Some("hand_size"), Some("object_count")];

impl StructureDefinition {
    /// The structure's catalog key and its JSON form; `path` names it in messages, and its
    /// effects draw on `budget` (see [`convert::Budget`]).
    pub fn to_json(
        &self,
        path: &str,
        budget: &mut convert::Budget,
    ) -> Result<(String, Value), String> {
        let pick = |what: &str, raw: i64, len: usize| {
            usize::try_from(raw)
                .ok()
                .filter(|&i| i < len)
                .ok_or_else(|| {
                    format!("{path}.building.{what}: {raw} is not one of 0..{}", len - 1)
                })
        };
        let kind = KINDS[pick("kind", self.building_kind, KINDS.len())?];
        let cda = CDAS[pick("cda", self.building_cda, CDAS.len())?];
        let effects = convert::to_json_within(
            &self.effects.to_variant(),
            &format!("{path}.effects"),
            budget,
        )?;
        let structure = json!({
            "cost": {"energy": self.cost_energy, "resources": self.cost_resources},
            "building": {
                "name": self.building_name.to_string(),
                "kind": kind,
                "power": self.building_power,
                "toughness": self.building_toughness,
                "cda": cda,
            },
            "effects": effects,
        });
        Ok((self.id.to_string(), structure))
    }

    /// A resource for the core's structure `id`.
    pub fn from_core(id: &str, structure: &StructureDef) -> Gd<Self> {
        let building = &structure.building;
        let kind = match building.kind {
            ObjectKind::Unit => Self::KIND_UNIT,
            ObjectKind::Building => Self::KIND_BUILDING,
            ObjectKind::Token => Self::KIND_TOKEN,
        };
        let cda = match building.cda {
            None => Self::CDA_NONE,
            Some(Cda::HandSize) => Self::CDA_HAND_SIZE,
            Some(Cda::ObjectCount) => Self::CDA_OBJECT_COUNT,
        };
        Gd::from_init_fn(|base| StructureDefinition {
            id: GString::from(id),
            cost_energy: structure.cost.energy.into(),
            cost_resources: structure.cost.resources.into(),
            building_name: GString::from(building.name.as_str()),
            building_kind: kind,
            building_power: building.power,
            building_toughness: building.toughness,
            building_cda: cda,
            effects: effect_dictionaries(&structure.effects),
            base,
        })
    }
}
