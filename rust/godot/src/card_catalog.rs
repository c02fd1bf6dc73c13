//! The `CardCatalog` Resource: the cards, structures and action kinds a game is played with.

// gdext generates undocumented Rust accessors for the exported fields; their Godot docs come from
// the field comments below.
#![allow(missing_docs)]

use godot::builtin::AnyArray;
use godot::prelude::*;
use horizons_edge_core::{GameConfig, GameError, RulesError};
use serde_json::{Map, Value};

use crate::card_definition::CardDefinition;
use crate::convert;
use crate::refusal::Refusal;
use crate::structure_definition::StructureDefinition;

/// The cards, structures and action kinds of a game, as a Resource: edit it in the inspector,
/// save it as [code].tres[/code], and give it to [member GameRules.catalog] (or to
/// [method GameRules.setup] as [code]{"catalog": catalog}[/code]). It is the same data as the
/// JSON form of [code]starter_set.json[/code]; the addon ships the starter set both ways
/// ([code]starter_set.tres[/code]) and [code]rules_config.schema.json[/code] describes the JSON.
/// ```gdscript
/// var catalog: CardCatalog = load("res://addons/horizons_edge/starter_set.tres")
/// var rules := GameRules.new()
/// rules.catalog = catalog
/// var problem := catalog.validate()  # "" when the catalog can be played
/// ```
#[derive(GodotClass)]
#[class(init, tool, base = Resource)]
pub struct CardCatalog {
    /// The cards, each with its own [member CardDefinition.id]. Setting them emits
    /// [signal Resource.changed], and from then on a change of one of these cards is a change
    /// of the catalog: it emits [signal Resource.changed] too (a card appended to the Array in
    /// place is not watched until the Array is set again).
    #[export]
    #[var(set)]
    cards: Array<Gd<CardDefinition>>,
    /// The structures players can build, each with its own [member StructureDefinition.id];
    /// watched for changes as [member cards] are.
    #[export]
    #[var(set)]
    structures: Array<Gd<StructureDefinition>>,
    /// Game-defined action kinds by name, as in the JSON form: [code]{"scout": {"cost":
    /// {"energy": 1}, "effects": [{"effect": "draw_cards", "count": 1}]}}[/code]. Setting them
    /// emits [signal Resource.changed].
    #[export]
    #[var(set)]
    action_kinds: VarDictionary,
    /// The cards and structures whose `changed` the catalog passes on: those the Arrays held
    /// when they were last set, even if since taken out in place.
    relayed: Vec<Gd<Resource>>,
    base: Base<Resource>,
}

#[godot_api]
impl CardCatalog {
    /// Sets [member cards] and emits [signal Resource.changed]. From then on a change of one of
    /// these cards is a change of the catalog: it emits [signal Resource.changed] too (a card
    /// appended to the Array in place is not watched until the Array is set again).
    #[func]
    fn set_cards(&mut self, cards: Array<Gd<CardDefinition>>) {
        self.relay_entries(false);
        self.cards = cards;
        self.relay_entries(true);
        self.base_mut().emit_changed();
    }

    /// Sets [member structures] and emits [signal Resource.changed]; a change of one of these
    /// structures is a change of the catalog, as for [member cards].
    #[func]
    fn set_structures(&mut self, structures: Array<Gd<StructureDefinition>>) {
        self.relay_entries(false);
        self.structures = structures;
        self.relay_entries(true);
        self.base_mut().emit_changed();
    }

    /// Sets [member action_kinds] and emits [signal Resource.changed].
    #[func]
    fn set_action_kinds(&mut self, action_kinds: VarDictionary) {
        self.action_kinds = action_kinds;
        self.base_mut().emit_changed();
    }

    /// The catalog in the JSON form [method GameRules.setup] takes: [code]{"cards": {"1":
    /// {...}}, "structures": {...}, "action_kinds": {...}}[/code]. An empty slot, two entries with
    /// the same id or a value JSON cannot hold is misuse: it is logged, naming where it is, and
    /// the Dictionary is empty. Whether the rules accept the result is [method validate]'s
    /// question.
    #[func]
    pub fn to_config(&self) -> Result<VarDictionary, Refusal> {
        let config = self
            .to_json()
            .map_err(|reason| invalid("CardCatalog.to_config", reason))?;
        Ok(convert::to_dictionary(&Value::Object(config)))
    }

    /// [code]""[/code] when a game can be set up with this catalog; otherwise why not, naming
    /// the path of the bad field (e.g. [code]cards.2.effects[0].amount: invalid type: string
    /// "x", expected an int[/code]).
    #[func]
    pub fn validate(&self) -> GString {
        let checked = self.to_json().and_then(|config| {
            GameConfig::from_json(&Value::Object(config))
                .and_then(|config| config.validate())
                .map_err(|error| match error {
                    GameError::InvalidConfig(reason) => reason,
                    other => other.to_string(),
                })
        });
        GString::from(checked.err().unwrap_or_default().as_str())
    }

    /// A catalog from the JSON form (a Dictionary such as [code]starter_set.json[/code] parsed
    /// by [method JSON.parse_string]); its [code]cards[/code], [code]structures[/code] and
    /// [code]action_kinds[/code] are read and any other key is left out. A bad field is refused
    /// (logged, naming its path) and gives [code]null[/code].
    /// ```gdscript
    /// var text := FileAccess.get_file_as_string("res://addons/horizons_edge/starter_set.json")
    /// var catalog := CardCatalog.from_config(JSON.parse_string(text))
    /// ResourceSaver.save(catalog, "user://my_set.tres")
    /// ```
    #[func]
    pub fn from_config(config: AnyDictionary) -> Result<Gd<CardCatalog>, Refusal> {
        const METHOD: &str = "CardCatalog.from_config";
        let invalid = |reason: String| invalid(METHOD, reason);
        let Value::Object(mut json) = convert::to_json(&config.to_variant()).map_err(invalid)?
        else {
            return Err(invalid("the config is not a Dictionary".to_owned()));
        };
        json.retain(|key, _| CATALOG_KEYS.contains(&key.as_str()));
        let action_kinds = json.get("action_kinds").cloned().unwrap_or_default();
        let parsed = GameConfig::from_json(&Value::Object(json))
            .map_err(|error| Refusal::from_rules(METHOD, RulesError::from(error)))?;
        let cards = parsed
            .cards
            .iter()
            .map(|(id, card)| CardDefinition::from_core(id.0, card))
            .collect();
        let structures = parsed
            .structures
            .iter()
            .map(|(id, structure)| StructureDefinition::from_core(id, structure))
            .collect();
        let mut catalog = Gd::from_init_fn(|base| CardCatalog {
            cards,
            structures,
            action_kinds: convert::to_dictionary(&action_kinds),
            relayed: Vec::new(),
            base,
        });
        catalog.bind_mut().relay_entries(true);
        Ok(catalog)
    }
}

/// The keys of the JSON form a catalog holds.
const CATALOG_KEYS: [&str; 3] = ["cards", "structures", "action_kinds"];

impl CardCatalog {
    /// Connects the `changed` signal of every card and structure to the catalog's own, each once
    /// however often it is listed (empty slots are skipped); with `connect` false, disconnects
    /// every entry connected so far, including any taken out of the Arrays in place since.
    fn relay_entries(&mut self, connect: bool) {
        let relay = self.to_gd().callable("emit_changed");
        if !connect {
            for mut entry in self.relayed.drain(..) {
                if entry.is_connected("changed", &relay) {
                    entry.disconnect("changed", &relay);
                }
            }
            return;
        }
        // Through `AnyArray`: a slot may be empty, which `Array<Gd<T>>` would not survive.
        let lists = [
            self.cards.clone().upcast_any_array(),
            self.structures.clone().upcast_any_array(),
        ];
        let entries = lists.iter().flat_map(AnyArray::iter_shared);
        for mut entry in entries.filter_map(|entry| entry.try_to::<Gd<Resource>>().ok()) {
            if !entry.is_connected("changed", &relay) {
                entry.connect("changed", &relay);
                self.relayed.push(entry);
            }
        }
    }

    /// The catalog's part of a config, or where it cannot be written as JSON.
    pub fn to_json(&self) -> Result<Map<String, Value>, String> {
        // One budget for the whole catalog: cards sharing one effects Array count it each time.
        let mut budget = convert::Budget::default();
        let cards = entries(
            "cards",
            &self.cards.clone().upcast_any_array(),
            |card: Gd<CardDefinition>, path| card.bind().to_json(path, &mut budget),
        )?;
        let structures = entries(
            "structures",
            &self.structures.clone().upcast_any_array(),
            |structure: Gd<StructureDefinition>, path| structure.bind().to_json(path, &mut budget),
        )?;
        let action_kinds =
            convert::to_json_within(&self.action_kinds.to_variant(), "action_kinds", &mut budget)?;
        let mut config = Map::new();
        config.insert("cards".to_owned(), Value::Object(cards));
        config.insert("structures".to_owned(), Value::Object(structures));
        config.insert("action_kinds".to_owned(), action_kinds);
        Ok(config)
    }
}

/// The resources of `items` (the catalog's `field`) as a JSON object by id: an empty slot or an
/// id used twice is refused, naming the slot.
fn entries<T: GodotClass>(
    field: &str,
    items: &AnyArray,
    mut to_json: impl FnMut(Gd<T>, &str) -> Result<(String, Value), String>,
) -> Result<Map<String, Value>, String> {
    let mut map = Map::new();
    for (index, item) in items.iter_shared().enumerate() {
        let slot = format!("{field}[{index}]");
        let resource = item
            .try_to::<Gd<T>>()
            .map_err(|_| format!("{slot} is empty: every slot needs a {}", T::class_id()))?;
        let (id, json) = to_json(resource, &slot)?;
        if map.insert(id.clone(), json).is_some() {
            return Err(format!(
                "{slot} has id {id}, which an earlier entry of {field} has"
            ));
        }
    }
    Ok(map)
}

/// A refusal of a catalog that cannot be a config: misuse, with the reason.
fn invalid(method: &'static str, reason: String) -> Refusal {
    Refusal::from_rules(method, RulesError::from(GameError::InvalidConfig(reason)))
}

/// The catalog given to [`crate::game_rules::GameRules::setup`] as `config["catalog"]`: a
/// [`CardCatalog`], or `None` for `null`; anything else is refused, naming its type.
pub fn from_variant(value: &Variant) -> Result<Option<Gd<CardCatalog>>, String> {
    if value.is_nil() {
        return Ok(None);
    }
    value.try_to::<Gd<CardCatalog>>().map(Some).map_err(|_| {
        format!(
            "catalog must be a CardCatalog resource, not {:?}",
            value.get_type()
        )
    })
}
