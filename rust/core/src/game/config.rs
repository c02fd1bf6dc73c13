//! The rules' tunable data: economy, command tiers, card and structure catalogs, reaction rules
//! and limits. Every field has the documented default, so a config can name only what it changes.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use serde_path_to_error::{Path, Segment};

use crate::error::GameError;
use crate::game::activation::ActivationOrder;
use crate::game::command::check_name;
use crate::game::effect_defs::{Effect, ObjectDef, Target};
use crate::ids::{CardId, PlayerId};

/// What a cost or a purse holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Cost {
    /// Energy: refilled every round.
    pub energy: u32,
    /// Resources: kept from round to round.
    pub resources: u32,
}

/// One command tier: how many tokens a player puts into the bag, and what reaching it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandTier {
    /// Tokens per round at this tier.
    pub tokens: u32,
    /// The price of upgrading to this tier (ignored for tier 0).
    #[serde(default)]
    pub cost: Cost,
}

/// A card in the catalog: what playing it costs and does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Display name.
    pub name: String,
    /// Energy to play it.
    #[serde(default)]
    pub energy: u32,
    /// What it does, in order.
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// A structure that can be built: its price, the building it creates and any further effects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StructureDef {
    /// The price.
    #[serde(default)]
    pub cost: Cost,
    /// The building object placed on the builder's side.
    pub building: ObjectDef,
    /// Further effects, in order (e.g. more energy per round).
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// A game-defined action kind (scout, trade, ...): its price and effects.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ActionKindDef {
    /// The price when a player takes it as their action. Reactions do not pay.
    pub cost: Cost,
    /// What it does, in order.
    pub effects: Vec<Effect>,
}

/// A faction (asymmetric tokens, seed 000): what its players get beyond the common rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FactionDef {
    /// Reserve tokens each of its players starts the game with: held back, and put into a
    /// round's bag when the player chooses ([`crate::Command::CommitReserve`]), once each.
    pub reserve_tokens: u32,
    /// Percent off the price of every command upgrade (0 to 100), rounded in the player's favour.
    pub upgrade_discount: u32,
}

/// Whose actions trigger a reaction rule, seen from the rule's owner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggeredBy {
    /// Anyone's action.
    #[default]
    Anyone,
    /// The owner's own actions.
    Owner,
    /// Any other player's actions.
    Opponents,
}

/// A reaction rule: when an action of kind `trigger` resolves, `owner` performs `response`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReactionRule {
    /// For the log.
    pub name: String,
    /// The player who reacts; `None` means whoever performed the triggering action.
    #[serde(default)]
    pub owner: Option<PlayerId>,
    /// The action kind that triggers it: `play_card`, `build`, `upgrade_command`, `pass`,
    /// `create_token` or a custom kind.
    pub trigger: String,
    /// Whose actions count, relative to the owner; only `anyone` without an `owner` (a new
    /// game's config is refused otherwise).
    #[serde(default)]
    pub by: TriggeredBy,
    /// The custom action kind performed in response (free of cost).
    pub response: String,
}

/// Everything configurable about a game. See each field for its default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameConfig {
    /// Cards drawn for an opening hand (London mulligan). Default 7.
    pub opening_hand_size: u32,
    /// Hand size players draw up to at the start of each round. Default 7.
    pub hand_limit: u32,
    /// Whether round 1 also draws to the hand limit. Default false: the kept opening hand is
    /// round 1's hand, so the cards a mulligan puts on the bottom stay a real cost.
    pub first_round_draws: bool,
    /// Energy each player has after the round's reset, before generation. Default 0.
    pub base_energy: u32,
    /// Energy generated per round, unless a player's setup says otherwise. Default 10.
    pub energy_per_round: u32,
    /// Resources gained per round, unless a player's setup says otherwise. Default 50.
    pub resources_per_round: u32,
    /// Resources each player starts with. Default 0.
    pub starting_resources: u32,
    /// Where each next activation comes from: `bag` (default), `seats` or `initiative` (see
    /// [`crate::game::activation`]).
    pub activation_order: ActivationOrder,
    /// Command tiers from 0 up. Default 4 tokens, then 5 for 100 resources and 10 energy, then 6
    /// for 200 resources and 20 energy.
    pub command_tiers: Vec<CommandTier>,
    /// The card catalog, by card id.
    pub cards: BTreeMap<CardId, CardDef>,
    /// Structures players can build, by name.
    pub structures: BTreeMap<String, StructureDef>,
    /// Game-defined action kinds, by name.
    pub action_kinds: BTreeMap<String, ActionKindDef>,
    /// Reaction rules, in the order they are checked.
    pub reactions: Vec<ReactionRule>,
    /// Factions by name, which players' setups may name (asymmetric tokens). Default none.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub factions: BTreeMap<String, FactionDef>,
    /// Deepest allowed reaction chain (a reaction to a reaction ... has depth > 1). Default 8.
    pub max_reaction_depth: u32,
    /// Most reactions one action may set off, its whole chain (each action of a double-action
    /// activation has its own). Default 64, at most [`MAX_REACTIONS_PER_ACTIVATION`].
    pub max_reactions_per_activation: u32,
    /// The game ends when this many players (or fewer) remain. Default 1.
    pub players_remaining_to_end: u32,
    /// The game ends after this round, if set; the most victory points wins. Default none; 0 in
    /// JSON is none too, as the inspector's 0 is.
    #[serde(deserialize_with = "zero_is_off")]
    pub round_limit: Option<u32>,
    /// A player reaching this many victory points wins at once, if set. Default none; 0 in JSON
    /// is none too.
    #[serde(deserialize_with = "zero_is_off")]
    pub victory_points_to_win: Option<u32>,
    /// Whether every living player adds a random nonce to each round's shuffle after the round's
    /// commitment is published and before its first draw, so that neither the server nor a
    /// player alone, not even whoever chose the game's seed, can steer a shuffle (see
    /// [`crate::fairness`] for what a server and a player in league can do). Default false (and then left
    /// out of saves, which stay as they were).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub player_entropy: bool,
    /// The mercy rule, for bag order: at most this many draws in a row within a round for one
    /// player while anyone else has a token left; the capped draw is one of the others' tokens,
    /// each equally likely, picked by the bag's own keyed stream (see
    /// [`crate::game::activation::Sequencer::CappedBag`]). Default none
    /// (and then left out of saves); 0 in JSON is off too, as the inspector's 0 is.
    #[serde(
        skip_serializing_if = "Option::is_none",
        deserialize_with = "zero_is_off"
    )]
    pub max_streak: Option<u32>,
    /// With three players or more, whether a player's first mulligan is free: it puts no card on
    /// the bottom, as Magic's multiplayer rule 103.5c has it. Default false: seed 001's London
    /// mulligan puts exactly as many cards on the bottom as mulligans taken. A game set up
    /// holds it (false when the config left it out); a save or replay from before the choice,
    /// which lacks it, keeps the free first mulligan it was played with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_first_mulligan: Option<bool>,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            opening_hand_size: 7,
            hand_limit: 7,
            first_round_draws: false,
            base_energy: 0,
            energy_per_round: 10,
            resources_per_round: 50,
            starting_resources: 0,
            activation_order: ActivationOrder::Bag,
            command_tiers: vec![
                CommandTier {
                    tokens: 4,
                    cost: Cost::default(),
                },
                CommandTier {
                    tokens: 5,
                    cost: Cost {
                        energy: 10,
                        resources: 100,
                    },
                },
                CommandTier {
                    tokens: 6,
                    cost: Cost {
                        energy: 20,
                        resources: 200,
                    },
                },
            ],
            cards: BTreeMap::new(),
            structures: BTreeMap::new(),
            action_kinds: BTreeMap::new(),
            reactions: Vec::new(),
            factions: BTreeMap::new(),
            max_reaction_depth: 8,
            max_reactions_per_activation: 64,
            players_remaining_to_end: 1,
            round_limit: None,
            victory_points_to_win: None,
            player_entropy: false,
            max_streak: None,
            free_first_mulligan: None,
        }
    }
}

/// The most reactions one activation may be configured to resolve (each is logged; a rule that
/// triggers itself runs to this limit before the activation is rolled back).
pub const MAX_REACTIONS_PER_ACTIVATION: u32 = 10_000;

/// Built-in action kind names, which custom kinds may not reuse.
pub const BUILT_IN_KINDS: [&str; 5] = [
    "play_card",
    "build",
    "upgrade_command",
    "pass",
    "create_token",
];

/// An optional limit as JSON gives it: 0 turns the rule off, as leaving it out does.
fn zero_is_off<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
    Ok(Option::<u32>::deserialize(deserializer)?.filter(|&limit| limit > 0))
}

impl GameConfig {
    /// Reads a config from its JSON form (defaults for what `json` leaves out). A field of the
    /// wrong type or name is refused with its path, e.g. `cards.2.effects[0].amount: invalid
    /// type: string "x", expected an int`. The result is not yet [validated](Self::validate).
    pub fn from_json(json: &Value) -> Result<GameConfig, GameError> {
        serde_path_to_error::deserialize(json).map_err(|error| {
            let (path, reason) = located(json, error.path(), error.inner().to_string());
            GameError::InvalidConfig(format!("{path}: {}", in_godot_words(&reason)))
        })
    }

    /// Checks the config for contradictions a game could not run with, and for objects it puts
    /// into play whose names no player could be given (see [`check_name`]).
    pub fn validate(&self) -> Result<(), GameError> {
        self.validate_loaded()?;
        // Without an owner the player who acted reacts, so "owner" and "opponents" would say
        // nothing or never fire: the rule does not mean what it says (a save keeps its rules).
        if let Some(rule) = self
            .reactions
            .iter()
            .find(|rule| rule.owner.is_none() && rule.by != TriggeredBy::Anyone)
        {
            return Err(GameError::InvalidConfig(format!(
                "reaction \"{}\" has \"by\" but no \"owner\": without an owner the player who \
                 acted reacts, so \"by\" needs an owner to be seen from",
                rule.name
            )));
        }
        self.check_reaction_rules()?;
        match self.misnamed_object() {
            Some((path, error)) => Err(GameError::InvalidConfig(format!("{path}.name: {error}"))),
            None => Ok(()),
        }
    }

    /// Reaction rules that could never work, refused in a new game (a save keeps its rules): a
    /// `trigger` that names no action kind never fires (a typo), and a response whose effects
    /// target the action's context refuses every trigger, since a rule's reaction has none
    /// (a `reaction_provider`'s may).
    fn check_reaction_rules(&self) -> Result<(), GameError> {
        let invalid = |reason: String| Err(GameError::InvalidConfig(reason));
        for rule in &self.reactions {
            let trigger = rule.trigger.as_str();
            if !BUILT_IN_KINDS.contains(&trigger) && !self.action_kinds.contains_key(trigger) {
                return invalid(format!(
                    "reaction \"{}\" triggers on \"{trigger}\", which is no action kind \
                     (play_card, build, upgrade_command, pass, create_token or a custom kind)",
                    rule.name
                ));
            }
            let targets_context = self.action_kinds.get(&rule.response).is_some_and(|kind| {
                kind.effects
                    .iter()
                    .any(|effect| effect.target() == Some(Target::Context))
            });
            if targets_context {
                return invalid(format!(
                    "reaction \"{}\" responds with \"{}\", whose effects target the action's \
                     context, which a rule's reaction does not have",
                    rule.name, rule.response
                ));
            }
        }
        Ok(())
    }

    /// Where a name of the config holds U+FEFF, if one does: a card's, a structure's or its
    /// building's, an action kind's.
    fn byte_order_mark(&self) -> Option<String> {
        let mark = |name: &str| name.contains('\u{feff}');
        let cards = self
            .cards
            .iter()
            .filter(|(_, card)| mark(&card.name))
            .map(|(id, _)| format!("card {id}'s name"));
        let structures = self
            .structures
            .iter()
            .filter(|(name, structure)| mark(name) || mark(&structure.building.name))
            .map(|(name, _)| format!("structure {name:?}'s name or its building's"));
        let kinds = self
            .action_kinds
            .keys()
            .filter(|kind| mark(kind))
            .map(|kind| format!("action kind {kind:?}"));
        cards.chain(structures).chain(kinds).next()
    }

    /// [`GameConfig::validate`] but for the names of the objects the config puts into play and a
    /// reaction rule's `by` without an `owner`, which builds before this one did not check: what
    /// the config of a saved or replayed game must pass to load.
    pub fn validate_loaded(&self) -> Result<(), GameError> {
        let invalid = |reason: String| Err(GameError::InvalidConfig(reason));
        match self.command_tiers.first() {
            None => return invalid("command_tiers is empty".to_owned()),
            Some(tier) if tier.tokens == 0 => {
                return invalid("command tier 0 must give at least 1 token".to_owned());
            }
            Some(_) => {}
        }
        if let Some(max) = self.command_tiers.iter().map(|t| t.tokens).max()
            && max > crate::bag::MAX_TOKENS_PER_PLAYER
        {
            return invalid(format!(
                "a command tier gives {max} tokens; the bag allows {}",
                crate::bag::MAX_TOKENS_PER_PLAYER
            ));
        }
        if let Some(at) = self
            .command_tiers
            .windows(2)
            .position(|pair| pair[1].tokens < pair[0].tokens)
        {
            return invalid(format!(
                "command tier {} gives fewer tokens than tier {at}: an upgrade never takes tokens \
                 away",
                at + 1
            ));
        }
        // Names a player reads and a request names: none blank.
        let blank = |name: &str| name.trim().is_empty();
        if let Some((id, _)) = self.cards.iter().find(|(_, card)| blank(&card.name)) {
            return invalid(format!("card {id} has no name"));
        }
        if self.structures.keys().any(|name| blank(name)) {
            return invalid("a structure has no name (its id)".to_owned());
        }
        if let Some((name, _)) = self
            .structures
            .iter()
            .find(|(_, structure)| blank(&structure.building.name))
        {
            return invalid(format!("structure \"{name}\"'s building has no name"));
        }
        if self.action_kinds.keys().any(|name| blank(name)) {
            return invalid("an action kind has no name".to_owned());
        }
        if let Some(place) = self.byte_order_mark() {
            return invalid(format!(
                "{place} holds U+FEFF (a byte-order mark, which Godot drops from the start of a \
                 String: the name would come back as another)"
            ));
        }
        if let Some(kind) = self
            .action_kinds
            .keys()
            .find(|k| BUILT_IN_KINDS.contains(&k.as_str()))
        {
            return invalid(format!("action kind \"{kind}\" is built in"));
        }
        for rule in &self.reactions {
            if !self.action_kinds.contains_key(&rule.response) {
                return invalid(format!(
                    "reaction \"{}\" responds with unknown action kind \"{}\"",
                    rule.name, rule.response
                ));
            }
        }
        if self.activation_order != ActivationOrder::Bag
            && let Some(path) = self.bag_changing_effect()
        {
            return invalid(format!(
                "{path} adds or removes tokens, a rule of bag order: seat and initiative orders \
                 are fixed when the round starts"
            ));
        }
        if let Some((name, _)) = self.factions.iter().find(|(_, f)| f.upgrade_discount > 100) {
            return invalid(format!(
                "faction \"{name}\" has an upgrade discount over 100 %"
            ));
        }
        let reserves = self.factions.iter().find(|(_, f)| f.reserve_tokens > 0);
        if let (Some((name, _)), false) = (reserves, self.activation_order == ActivationOrder::Bag)
        {
            return invalid(format!(
                "faction \"{name}\" has reserve tokens, a rule of bag order: seat and initiative \
                 orders are fixed when the round starts"
            ));
        }
        match self.max_streak {
            Some(0) => {
                return invalid("max_streak is 0: a player needs at least one draw".to_owned());
            }
            Some(_) if self.activation_order != ActivationOrder::Bag => {
                return invalid(
                    "max_streak is a rule of bag order: seat and initiative orders decide every \
                     draw themselves"
                        .to_owned(),
                );
            }
            _ => {}
        }
        if self.max_reaction_depth == 0 && !self.reactions.is_empty() {
            return invalid("max_reaction_depth is 0 but reaction rules are configured".to_owned());
        }
        if self.max_reactions_per_activation > MAX_REACTIONS_PER_ACTIVATION {
            return invalid(format!(
                "max_reactions_per_activation is {}; at most {MAX_REACTIONS_PER_ACTIVATION}, so \
                 that a reaction rule that triggers itself cannot hold the game up",
                self.max_reactions_per_activation
            ));
        }
        Ok(())
    }

    /// The most tokens a player can have put into one round's bag: their highest tier's, or the
    /// bag's own limit when cards, structures or factions can add more mid-round.
    pub fn max_tokens_in_round(&self) -> u32 {
        let grows = |effects: &[Effect]| {
            effects.iter().any(|effect| {
                matches!(
                    effect,
                    Effect::AddTokens { .. } | Effect::GrantDoubleAction { .. }
                )
            })
        };
        let by_effect = self.cards.values().any(|c| grows(&c.effects))
            || self.structures.values().any(|s| grows(&s.effects))
            || self.action_kinds.values().any(|k| grows(&k.effects));
        let by_faction = self.factions.values().any(|f| f.reserve_tokens > 0);
        match by_effect || by_faction {
            true => crate::bag::MAX_TOKENS_PER_PLAYER,
            false => self.tokens_at(self.command_tiers.len() as u32),
        }
    }

    /// Where the first effect that changes the bag sits (e.g. `cards.3.effects[0]`), if any.
    fn bag_changing_effect(&self) -> Option<String> {
        self.effects()
            .find(|(_, effect)| effect.changes_the_bag())
            .map(|(path, _)| path)
    }

    /// Every effect of a card, structure or action kind, with its path in the config.
    fn effects(&self) -> impl Iterator<Item = (String, &Effect)> {
        let cards = self
            .cards
            .iter()
            .map(|(id, c)| (format!("cards.{}", id.0), &c.effects));
        let structures = self
            .structures
            .iter()
            .map(|(name, s)| (format!("structures.{name}"), &s.effects));
        let kinds = self
            .action_kinds
            .iter()
            .map(|(name, k)| (format!("action_kinds.{name}"), &k.effects));
        cards
            .chain(structures)
            .chain(kinds)
            .flat_map(|(path, effects)| {
                effects
                    .iter()
                    .enumerate()
                    .map(move |(i, effect)| (format!("{path}.effects[{i}]"), effect))
            })
    }

    /// The first object the config puts into play (a structure's building, an object an effect
    /// creates) whose name no player could be given (see [`check_name`]), with its path and why.
    fn misnamed_object(&self) -> Option<(String, GameError)> {
        let buildings = self
            .structures
            .iter()
            .map(|(name, s)| (format!("structures.{name}.building"), &s.building));
        let created = self.effects().filter_map(|(path, effect)| match effect {
            Effect::CreateObject { object } => Some((format!("{path}.object"), object)),
            _ => None,
        });
        buildings
            .chain(created)
            .find_map(|(path, object)| check_name(&object.name).err().map(|e| (path, e)))
    }

    /// Tokens per round at `tier` (the highest tier for anything above it).
    pub fn tokens_at(&self, tier: u32) -> u32 {
        self.command_tiers
            .get(tier as usize)
            .or(self.command_tiers.last())
            .map_or(0, |t| t.tokens)
    }

    /// What `faction`'s player pays to move from `tier` to the next tier, and that tier; `None`
    /// at the highest tier.
    pub fn upgrade_for(&self, tier: u32, faction: Option<&str>) -> Option<CommandTier> {
        let next = *self.next_tier(tier)?;
        let discount = faction
            .and_then(|name| self.factions.get(name))
            .map_or(0, |f| f.upgrade_discount.min(100));
        // Rounded down: in the player's favour.
        let pay = |price: u32| (u64::from(price) * u64::from(100 - discount) / 100) as u32;
        Some(CommandTier {
            tokens: next.tokens,
            cost: Cost {
                energy: pay(next.cost.energy),
                resources: pay(next.cost.resources),
            },
        })
    }

    /// The tier above `tier`, if there is one.
    pub fn next_tier(&self, tier: u32) -> Option<&CommandTier> {
        self.command_tiers.get(tier as usize + 1)
    }
}

/// `reason` (serde's) as a Godot developer reads it: an int where it says a Rust integer type,
/// and without the position in the JSON text a map key was read from ("at line 1 column 2"),
/// which nobody wrote: a config comes from a Dictionary or a `CardCatalog` as often as a file.
fn in_godot_words(reason: &str) -> String {
    let positioned = reason.rfind(" at line ").filter(|&at| {
        let rest = &reason[at + " at line ".len()..];
        let mut words = rest.split(' ');
        let numeric = |word: Option<&str>| {
            word.is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
        };
        numeric(words.next())
            && words.next() == Some("column")
            && numeric(words.next())
            && words.next().is_none()
    });
    let reason = positioned.map_or(reason, |at| &reason[..at]);
    [
        ("expected u32", "expected an int from 0 to 4294967295"),
        ("expected u64", "expected an int from 0"),
        ("expected i64", "expected an int"),
    ]
    .iter()
    .fold(reason.to_owned(), |text, (rust, godot)| {
        text.replace(rust, godot)
    })
}

/// The full path of a refusal at `path` in `json`, and its reason. An effect is read through its
/// `"effect"` tag, which hides the field at fault from the error's own path; each of its fields is
/// then tried alone to name the one refused (and inside an object, its field).
fn located(json: &Value, path: &Path, reason: String) -> (String, String) {
    let at = path.iter().try_fold(json, |value, segment| match segment {
        Segment::Seq { index } => value.get(index),
        Segment::Map { key } => value.get(key),
        Segment::Enum { .. } | Segment::Unknown => None,
    });
    let Some(Value::Object(effect)) = at else {
        return (path.to_string(), reason);
    };
    let Some(tag) = effect.get("effect") else {
        return (path.to_string(), reason);
    };
    let refused_alone = effect.iter().find_map(|(field, value)| {
        let probe = serde_json::json!({ "effect": tag, field.as_str(): value });
        match Effect::deserialize(&probe) {
            Err(e) if !e.to_string().starts_with("missing field") => Some((field, value, e)),
            _ => None,
        }
    });
    match refused_alone {
        Some((field, object @ Value::Object(_), _)) if field != "effect" => {
            match serde_path_to_error::deserialize::<_, ObjectDef>(object) {
                Err(e) => (
                    format!("{path}.{field}.{}", e.path()),
                    e.inner().to_string(),
                ),
                Ok(_) => (format!("{path}.{field}"), reason),
            }
        }
        Some((field, _, e)) => (format!("{path}.{field}"), e.to_string()),
        None => (path.to_string(), reason),
    }
}
