//! The `GameRules` class.

// gdext generates undocumented Rust accessors for the exported fields; their Godot docs come from
// the field comments below.
#![allow(missing_docs)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use godot::builtin::{AnyArray, AnyDictionary};
use godot::classes::notify::NodeNotification;
use godot::classes::{INode, Node};
use godot::global::Error;
use godot::prelude::*;
use horizons_edge_core::fairness::Bytes32;
use horizons_edge_core::game::GameView;
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::game::mulligan::cards_to_bottom;
use horizons_edge_core::game::replay::{Replay, state_hash};
use horizons_edge_core::ids::count_from_raw;
use horizons_edge_core::{
    Action, Autoplay, Command, Event, EventRecord, Game, GameConfig, GameError, Hooks, InputError,
    NoHooks, Phase, PlayerId, PlayerSetup, RandomStream, RulesError,
};
use serde_json::Value;

use crate::command_token_bag::CommandTokenBag;
use crate::convert;
use crate::listeners::{EventSignal, Listeners};
use crate::outbox::Outbox;
use crate::refusal::{LastRefusal, Refusal, refusing};
use crate::script_hooks::{ScriptHooks, SharedView};

/// What waits to be emitted, in the order it happened.
enum Pending {
    /// A logged event.
    Record(EventRecord),
    /// A refused call: whose request it was, whether it was an action, and the refusal.
    Refused(i64, bool, Refusal),
}

/// The rules of Horizon's Edge: setup and London mulligan, rounds of command token draws, one
/// action per drawn token, command upgrades, reactions, continuous effects, elimination and
/// save/load. Put it where the old game manager sat; all rules live here, in Rust.
///
/// Configure it in the inspector (or pass a config Dictionary to [method setup]), seat players
/// with [method setup], then [method start_game]. During the mulligan every player calls
/// [method keep_hand] (or [method take_mulligan] first). Then each round: [method
/// draw_next_token] names the active player, who takes exactly one action ([method
/// play_card_from_hand], [method build], [method attempt_command_upgrade], [method
/// pass_activation], [method create_token] or [method perform_action]); after the action of the
/// round's last token the round ends and the next one starts by itself.
///
/// Every change goes through one validated path in the core: a refused call changes nothing,
/// keeps the active player's token (they may try again), emits [signal refused] (after
/// [signal action_rejected] for actions), keeps the reason for [method get_last_refusal] and
/// returns an [enum Error] code to check. Only misuse of the API — a malformed value, an unknown
/// id, damaged data — is also written to the error log; an ordinary refusal of play ("not your
/// turn", "cannot afford") is not an error. Signals
/// are emitted after the state is consistent and in the order things happened; a handler may
/// call straight back in (its own signals follow those still pending).
///
/// All randomness (bag, deck shuffles, bots) comes from [member seed]: the same seed and the same
/// calls give the same game, and [method save_game] / [method load_game] resume it exactly.
/// ```gdscript
/// @onready var rules: GameRules = $GameRules
///
/// func _ready() -> void:
///     rules.token_drawn.connect(func(player_id: int, remaining: int) -> void:
///         print("player %d acts, %d tokens left" % [player_id, remaining]))
///     rules.setup([{"id": 0, "name": "Ada"}, {"id": 1, "name": "Brin"}], {})
///     rules.start_game()
///     for player_id in rules.get_player_ids():
///         rules.keep_hand(player_id, PackedInt64Array())
///     var active := rules.draw_next_token()
///     rules.attempt_command_upgrade(active)  # ERR_UNAUTHORIZED: not enough resources yet
///     rules.pass_activation(active)
/// ```
#[derive(GodotClass)]
#[class(base = Node)]
pub struct GameRules {
    /// The seed every random decision comes from. With [member randomize_seed] on, [method
    /// setup] picks a fresh one from the OS and stores it here.
    #[export]
    seed: i64,
    /// Whether [method setup] draws a new [member seed] from the OS (on by default; turn it off
    /// to replay a seed).
    #[export]
    randomize_seed: bool,
    /// Who acts next in a round: [constant ORDER_BAG] (a random token, the default),
    /// [constant ORDER_SEATS] (seat order from a random first player) or
    /// [constant ORDER_INITIATIVE] (a charge race, speed 10 × tokens). Each player still gets
    /// exactly their tokens' worth of activations.
    #[export(enum = (Bag = 0, Seats = 1, Initiative = 2))]
    activation_order: i64,
    /// Cards in an opening hand (London mulligan).
    #[export(range = (0.0, 30.0, or_greater))]
    opening_hand_size: i64,
    /// Hand size players draw up to at the start of each round.
    #[export(range = (0.0, 30.0, or_greater))]
    hand_limit: i64,
    /// Energy generated for each player every round.
    #[export(range = (0.0, 100.0, or_greater))]
    energy_per_round: i64,
    /// Resources each player gains every round.
    #[export(range = (0.0, 500.0, or_greater))]
    resources_per_round: i64,
    /// Resources each player starts with.
    #[export(range = (0.0, 500.0, or_greater))]
    starting_resources: i64,
    /// The game ends after this round (0: no limit); the most victory points wins.
    #[export(range = (0.0, 100.0, or_greater))]
    round_limit: i64,
    /// A player reaching this many victory points wins at once (0: off).
    #[export(range = (0.0, 100.0, or_greater))]
    victory_points_to_win: i64,
    /// The game ends when this many players or fewer remain.
    #[export(range = (0.0, 8.0))]
    players_remaining_to_end: i64,
    /// Every living player adds a random nonce ([method add_entropy]) to each round's shuffle
    /// before its first draw, so that not even whoever chose the seed can steer a shuffle.
    #[export]
    player_entropy: bool,
    /// Deepest allowed chain of reactions to reactions; deeper rolls the activation back.
    #[export(range = (0.0, 64.0, or_greater))]
    max_reaction_depth: i64,
    /// Most reactions one activation may resolve; more rolls the activation back.
    #[export(range = (0.0, 1000.0, or_greater))]
    max_reactions_per_activation: i64,
    /// The game's own check of an action that passed the rules (placement, line of sight...):
    /// called as [code]validator(player_id: int, action: Dictionary)[/code]; return
    /// [code]true[/code] (or [code]""[/code]) to accept, [code]false[/code] or the reason as a
    /// String (or StringName) to reject; anything else rejects, naming what came back (and is
    /// written to the error log). It is never asked about a pass. What it decides is recorded,
    /// so [method save_replay] replays it. From inside it, this node's queries of the game
    /// ([method get_phase], [method get_player_state], [method get_objects], [method get_bag],
    /// [method get_upgrade_cost], ...) read the game as it is at that moment; anything that would
    /// change the game, and the log, saves and [method legal_actions], are refused with
    /// [constant ERR_BUSY], and [code]free()[/code] is refused.
    #[var]
    action_validator: Callable,
    /// The game's reaction rules beyond the config's: called after every resolved action as
    /// [code]provider(resolved: Dictionary)[/code] with [code]id[/code], [code]player_id[/code],
    /// [code]action[/code] and [code]depth[/code]; returns an Array of
    /// [code]{"player_id": int, "kind": String, "context": Variant}[/code], each a configured
    /// custom action kind performed free of cost right after it (depth-first). What it returns is
    /// recorded, so [method save_replay] replays it; a malformed return refuses the activation.
    /// Its queries of this node read the state the action left (its new objects, its costs
    /// paid), as seed 002's reactions are computed; see [member action_validator] for what is
    /// refused.
    /// [codeblock]
    /// # Hoplite: whoever controls a Monument answers every opponent's build with a scout.
    /// rules.reaction_provider = func(resolved: Dictionary) -> Array:
    ///     if resolved["action"]["type"] != "build":
    ///         return []
    ///     var reactions := []
    ///     for object: Dictionary in rules.get_objects():
    ///         if object["name"] == "Monument" and object["owner"] != resolved["player_id"]:
    ///             reactions.append({"player_id": object["owner"], "kind": "scout"})
    ///     return reactions
    /// [/codeblock]
    #[var]
    reaction_provider: Callable,
    // Boxed: every command takes the game out of the node and puts it back.
    game: Option<Box<Game>>,
    /// While a hook runs, the game is out of `game`.
    busy: bool,
    outbox: Outbox<Pending>,
    last_refusal: LastRefusal,
    /// The game as a running hook sees it, for queries from its script.
    hook_view: SharedView,
    listeners: Listeners,
    base: Base<Node>,
}

#[godot_api]
impl INode for GameRules {
    fn init(base: Base<Node>) -> Self {
        let defaults = GameConfig::default();
        GameRules {
            seed: 0,
            randomize_seed: true,
            activation_order: Self::ORDER_BAG,
            opening_hand_size: defaults.opening_hand_size.into(),
            hand_limit: defaults.hand_limit.into(),
            energy_per_round: defaults.energy_per_round.into(),
            resources_per_round: defaults.resources_per_round.into(),
            starting_resources: defaults.starting_resources.into(),
            round_limit: 0,
            victory_points_to_win: 0,
            players_remaining_to_end: defaults.players_remaining_to_end.into(),
            player_entropy: defaults.player_entropy,
            max_reaction_depth: defaults.max_reaction_depth.into(),
            max_reactions_per_activation: defaults.max_reactions_per_activation.into(),
            action_validator: Callable::invalid(),
            reaction_provider: Callable::invalid(),
            game: None,
            busy: false,
            outbox: Outbox::default(),
            last_refusal: LastRefusal::default(),
            hook_view: SharedView::default(),
            listeners: Listeners::default(),
            base,
        }
    }

    /// Refuses to be freed while its own code runs script — an `action_validator`, a
    /// `reaction_provider` or a signal handler calling `free()` — as Godot refuses to free an
    /// object that is emitting: the node stays, and the error says to use `queue_free()`.
    fn on_notification(&mut self, what: NodeNotification) {
        if what == NodeNotification::PREDELETE && (self.busy || self.outbox.is_emitting()) {
            self.base_mut().cancel_free();
            godot_error!(
                "GameRules: free() was called from its own action_validator, \
                 reaction_provider or a signal handler; the node was not freed. Use \
                 queue_free() instead."
            );
        }
    }
}

#[godot_api]
impl GameRules {
    /// [method get_snapshot_for] and [method get_events_for]: a spectator, who sees no hand.
    #[constant]
    pub const SPECTATOR: i64 = -1;
    /// [method get_phase]: players are seated; [method start_game] comes next.
    #[constant]
    pub const PHASE_SETUP: i64 = 0;
    /// [method get_phase]: opening hands are dealt; every player keeps or mulligans.
    #[constant]
    pub const PHASE_MULLIGAN: i64 = 1;
    /// [method get_phase]: a round is under way; [method draw_next_token] comes next.
    #[constant]
    pub const PHASE_AWAITING_DRAW: i64 = 2;
    /// [method get_phase]: the active player may take exactly one action.
    #[constant]
    pub const PHASE_ACTIVATION: i64 = 3;
    /// [method get_phase]: the game has ended.
    #[constant]
    pub const PHASE_GAME_OVER: i64 = 4;
    /// [method get_phase] before [method setup].
    #[constant]
    pub const PHASE_NONE: i64 = -1;
    /// [member activation_order]: a random token from the bag decides.
    #[constant]
    pub const ORDER_BAG: i64 = 0;
    /// [member activation_order]: seat order, clockwise from a first player drawn each round.
    #[constant]
    pub const ORDER_SEATS: i64 = 1;
    /// [member activation_order]: a charge race; more tokens, more frequent turns.
    #[constant]
    pub const ORDER_INITIATIVE: i64 = 2;
    /// Stands for "no player" where an id is returned.
    #[constant]
    pub const NO_PLAYER: i64 = -1;
    /// The most players one game seats.
    #[constant]
    pub const MAX_PLAYERS: i64 = horizons_edge_core::game::MAX_PLAYERS as i64;
    /// [method play_rounds]: every opening hand is kept and every activation passes.
    #[constant]
    pub const AUTOPLAY_PASS: i64 = 0;
    /// [method play_rounds]: [method bot_decide] decides every mulligan and every activation.
    #[constant]
    pub const AUTOPLAY_BOTS: i64 = 1;
    /// The most rounds one [method play_rounds] call plays (about a second and 100 MB of event
    /// log for four players), so that no call can hold the game up for long.
    #[constant]
    pub const MAX_AUTOPLAY_ROUNDS: i64 = 10_000;

    /// Setup ended: decks were shuffled and opening hands dealt; the mulligan begins.
    #[signal]
    pub fn game_started(player_ids: PackedInt64Array);
    /// A player shuffled their hand back and drew a new one ([param mulligans] so far).
    #[signal]
    pub fn mulligan_taken(player_id: i64, mulligans: i64);
    /// A player kept their opening hand, putting [param bottomed] cards on the bottom.
    #[signal]
    pub fn hand_kept(player_id: i64, bottomed: i64);
    /// A round began: energy generated, hands refilled, the bag filled and shuffled.
    #[signal]
    pub fn round_started(round: i64);
    /// A token was drawn: its owner is the active player; [param remaining] tokens are left.
    #[signal]
    pub fn token_drawn(player_id: i64, remaining: i64);
    /// The bag is empty, once a round: its last token was drawn (the round ends after that
    /// player's action), or its last tokens left with an eliminated player (the round ends at
    /// once).
    #[signal]
    pub fn bag_emptied();
    /// [param player_id] became the active player.
    #[signal]
    pub fn turn_changed(player_id: i64);
    /// The active player's action resolved; [param action] is the action as a Dictionary
    /// ([code]type[/code] and its fields).
    #[signal]
    pub fn action_completed(player_id: i64, action: VarDictionary);
    /// An action was refused; nothing changed and the token is still theirs. [signal refused]
    /// follows with the kind of refusal.
    #[signal]
    pub fn action_rejected(player_id: i64, reason: GString);
    /// A call that would change the game was refused and nothing changed: [param method] (e.g.
    /// [code]"GameRules.keep_hand"[/code]), whose request it was ([param player_id], or
    /// [constant NO_PLAYER]), a stable name a program can act on ([param kind]: e.g.
    /// [code]"not_active_player"[/code], [code]"already_acted"[/code],
    /// [code]"wrong_phase"[/code], [code]"cannot_afford"[/code], [code]"mulligan_limit"[/code])
    /// and the reason to show. See [method get_last_refusal].
    #[signal]
    pub fn refused(method: GString, player_id: i64, kind: GString, reason: GString);
    /// A reaction resolved: who reacted, with what, the id of the action it answered, and its
    /// depth (1 for a reaction to the active player's action).
    #[signal]
    pub fn reaction_resolved(player_id: i64, action: VarDictionary, cause_id: i64, depth: i64);
    /// A player reached a new command tier; [param tokens] per round from the next round.
    #[signal]
    pub fn command_upgraded(player_id: i64, tier: i64, tokens: i64);
    /// The active player's activation is over (their action and its reactions resolved).
    #[signal]
    pub fn activation_ended(player_id: i64);
    /// The active player's action was taken back ([method undo_action]); they act again.
    #[signal]
    pub fn action_undone(player_id: i64);
    /// A round ended; until-end-of-round effects have expired.
    #[signal]
    pub fn round_ended(round: i64);
    /// A player left the game; their remaining tokens left the bag.
    #[signal]
    pub fn player_eliminated(player_id: i64);
    /// The game ended; [param winner_id] is [constant NO_PLAYER] for a draw.
    #[signal]
    pub fn game_over(winner_id: i64);
    /// Every logged event, after its own signal: a Dictionary with [code]seq[/code],
    /// [code]round[/code], [code]cause[/code] and the event's [code]type[/code] and fields, as
    /// [method get_events_since] returns them.
    #[signal]
    pub fn event_logged(event: VarDictionary);

    /// Seats [param players] in turn order and prepares a new game (any game in progress is
    /// dropped). Each entry is a player id or a Dictionary [code]{"id": int, "name": String,
    /// "deck": Array[int], "energy_per_round": int, "resources_per_round": int}[/code] (only
    /// [code]id[/code] required). [param config] overrides the exported settings, and also takes
    /// [code]command_tiers[/code], [code]cards[/code], [code]structures[/code],
    /// [code]action_kinds[/code], [code]reactions[/code] (see README). Returns [constant OK], or
    /// [constant ERR_INVALID_PARAMETER] with the previous game untouched.
    #[func]
    pub fn setup(&mut self, players: AnyArray, config: AnyDictionary) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.setup";
        self.ensure_idle(METHOD)?;
        let seed = if self.randomize_seed {
            RandomStream::os_seed() as i64
        } else {
            self.seed
        };
        let game = refusing(METHOD, || {
            let players = player_setups(&players)?;
            let config = self.config_with(&config)?;
            Ok(Game::new(players, config, seed as u64)?)
        });
        let game = self.noted(Self::NO_PLAYER, game)?;
        self.install(game);
        Ok(())
    }

    /// During setup: from now on every hidden random stream — the rounds' secret keys (the bag),
    /// deck shuffles and bots — comes from 256 fresh bits of the operating system instead of
    /// [member seed], so that a seed someone chose or could guess tells nothing about the bag or
    /// the hands. An online host calls this ([code]RulesSession.host_game[/code] does). The key
    /// stays in this node's records ([method save_game], [method save_replay], which replay the
    /// game exactly) and never reaches a client.
    #[func]
    pub fn rekey_from_os(&mut self) -> Result<(), Refusal> {
        let key = Bytes32(RandomStream::os_key());
        self.run("GameRules.rekey_from_os", Command::Rekey { key })
    }

    /// Ends setup: shuffles every deck and deals opening hands; the mulligan begins.
    #[func]
    pub fn start_game(&mut self) -> Result<(), Refusal> {
        self.run("GameRules.start_game", Command::StartGame)
    }

    /// During the mulligan: [param player_id] shuffles their hand back and draws a new one
    /// (London mulligan; with more than two players the first is free).
    #[func]
    pub fn take_mulligan(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.run_for("GameRules.take_mulligan", player_id, |player| {
            Command::Mulligan { player }
        })
    }

    /// During the mulligan: [param player_id] keeps their hand, putting the cards at the hand
    /// indices [param bottom] on the bottom of their deck, exactly as many as their mulligans
    /// that count. When everyone has kept, round 1 starts.
    #[func]
    pub fn keep_hand(&mut self, player_id: i64, bottom: PackedInt64Array) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.keep_hand";
        let bottom = refusing(METHOD, || {
            bottom
                .as_slice()
                .iter()
                .map(|&index| Ok(count_from_raw("hand index", index, 0, u32::MAX)?))
                .collect::<Result<Vec<u32>, RulesError>>()
        });
        let bottom = self.noted(player_id, bottom)?;
        self.run_for(METHOD, player_id, |player| Command::Keep { player, bottom })
    }

    /// Draws the next token; its owner becomes the active player, whose id is returned
    /// ([constant NO_PLAYER] and an error when no draw is possible now).
    #[func]
    pub fn draw_next_token(&mut self) -> Result<i64, Refusal> {
        self.run("GameRules.draw_next_token", Command::DrawToken)?;
        Ok(self.get_active_player())
    }

    /// The active player plays the card at [param hand_index] for its energy cost.
    /// [param context] (any Variant: a target, a position...) reaches the validator and the
    /// card's effects.
    #[func]
    pub fn play_card_from_hand(
        &mut self,
        player_id: i64,
        hand_index: i64,
        context: Variant,
    ) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.play_card_from_hand";
        let action = refusing(METHOD, || {
            Ok(count_from_raw("hand index", hand_index, 0, u32::MAX)?)
        })
        .and_then(|hand_index| {
            Ok(Action::PlayCard {
                hand_index,
                context: context_json(METHOD, &context)?,
            })
        });
        self.act(METHOD, player_id, action)
    }

    /// The active player builds [param structure] (a name from the config's structures) for its
    /// resource cost; [param context] (e.g. a position) reaches the validator.
    #[func]
    pub fn build(
        &mut self,
        player_id: i64,
        structure: GString,
        context: Variant,
    ) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.build";
        let action = context_json(METHOD, &context).map(|context| Action::Build {
            structure: structure.to_string(),
            context,
        });
        self.act(METHOD, player_id, action)
    }

    /// The active player moves to the next command tier (see [method get_upgrade_cost]); it
    /// puts more tokens into the bag from the next round. Uses the activation.
    #[func]
    pub fn attempt_command_upgrade(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.act(
            "GameRules.attempt_command_upgrade",
            player_id,
            Ok(Action::UpgradeCommand),
        )
    }

    /// The active player gives up their activation.
    #[func]
    pub fn pass_activation(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.act("GameRules.pass_activation", player_id, Ok(Action::Pass))
    }

    /// The active player creates a token object with the given stats on their side.
    #[func]
    pub fn create_token(
        &mut self,
        player_id: i64,
        name: GString,
        power: i64,
        toughness: i64,
    ) -> Result<(), Refusal> {
        let action = Action::CreateToken {
            name: name.to_string(),
            power,
            toughness,
        };
        self.act("GameRules.create_token", player_id, Ok(action))
    }

    /// The active player takes [param action], given as a Dictionary with a [code]type[/code]
    /// ([code]play_card[/code], [code]build[/code], [code]upgrade_command[/code],
    /// [code]pass[/code], [code]create_token[/code] or [code]custom[/code]) and its fields, e.g.
    /// [code]{"type": "custom", "kind": "scout", "context": {"hex": Vector2i(3, 4)}}[/code] —
    /// the same shape [method legal_actions] returns.
    #[func]
    pub fn perform_action(&mut self, player_id: i64, action: AnyDictionary) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.perform_action";
        let action = convert::to_json(&action.to_variant())
            .and_then(Action::from_json)
            .map_err(|reason| {
                Refusal::new(
                    METHOD,
                    Error::ERR_INVALID_PARAMETER,
                    "invalid_argument",
                    format!("not an action: {reason}"),
                )
            });
        self.act(METHOD, player_id, action)
    }

    /// Lets a bot decide for [param player_id]: a mulligan decision during the mulligan, or a
    /// uniformly random legal action when they are active. Bots draw from the game's own random
    /// stream, so bot games replay exactly.
    #[func]
    pub fn bot_decide(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.run_for("GameRules.bot_decide", player_id, |player| {
            Command::BotDecide { player }
        })
    }

    /// Lets the game play itself for up to [param rounds] rounds (at most [constant
    /// MAX_AUTOPLAY_ROUNDS] per call): it draws every token and
    /// answers every decision by [param policy] ([constant AUTOPLAY_PASS] or [constant
    /// AUTOPLAY_BOTS]), one command after another exactly as if each were called in turn, with
    /// every signal. It stops early when the game ends, and while a round waits for the players'
    /// nonces ([member player_entropy]: add them with [method add_entropy], then call again).
    /// Returns how many rounds ended; [code]-1[/code] and an error for a bad argument, or when a
    /// command is refused (by [member reaction_provider], say), with the rounds before it played.
    ///
    /// For fast-forwarding a test or a tutorial, seats left to bots, and balance runs in
    /// GDScript; the whole loop runs in Rust.
    /// ```gdscript
    /// rules.setup([0, 1, 2, 3], {"round_limit": 50})
    /// rules.start_game()
    /// rules.play_rounds(50, GameRules.AUTOPLAY_BOTS)
    /// print("winner: %d" % rules.get_winner())
    /// ```
    #[func]
    pub fn play_rounds(&mut self, rounds: i64, policy: i64) -> Result<i64, Refusal> {
        const METHOD: &str = "GameRules.play_rounds";
        let rounds = refusing(METHOD, || {
            Ok(count_from_raw(
                "rounds",
                rounds,
                0,
                Self::MAX_AUTOPLAY_ROUNDS as u32,
            )?)
        });
        let rounds = self.noted(Self::NO_PLAYER, rounds)?;
        let policy = match policy {
            Self::AUTOPLAY_PASS => Ok(Autoplay::Pass),
            Self::AUTOPLAY_BOTS => Ok(Autoplay::Bots),
            _ => Err(Refusal::new(
                METHOD,
                Error::ERR_INVALID_PARAMETER,
                "invalid_argument",
                format!("policy {policy} is not AUTOPLAY_PASS or AUTOPLAY_BOTS"),
            )),
        };
        let policy = self.noted(Self::NO_PLAYER, policy)?;
        let game = self.query(METHOD).map(drop);
        self.noted(Self::NO_PLAYER, game)?;
        self.listeners.forget();
        let mut ended = 0;
        while ended < rounds {
            let next = self
                .game
                .as_deref()
                .and_then(|g| g.autoplay_command(policy));
            let Some(command) = next else { break };
            ended += self.apply_and_emit(METHOD, command)?;
        }
        Ok(i64::from(ended))
    }

    /// Takes back the current activation's action: the game, random streams included, goes
    /// back to just before it and the same player acts again on the same token (emits
    /// [signal action_undone]). Never past the draw that started the activation, so an undo
    /// cannot re-roll the bag; see [method can_undo].
    #[func]
    pub fn undo_action(&mut self) -> Result<(), Refusal> {
        self.run("GameRules.undo_action", Command::Undo)
    }

    /// Whether [method undo_action] would be accepted now.
    #[func]
    pub fn can_undo(&self) -> bool {
        self.current("GameRules.can_undo")
            .is_some_and(|game| game.can_undo().is_ok())
    }

    /// Why [method undo_action] would be refused now ("" when it would not).
    #[func]
    pub fn get_undo_refusal(&self) -> GString {
        match self
            .current("GameRules.get_undo_refusal")
            .map(Game::can_undo)
        {
            Some(Err(reason)) => GString::from(&reason.to_string()),
            Some(Ok(())) => GString::new(),
            None => GString::from("no game"),
        }
    }

    /// Why the newest refused call that would change the game was refused: [code]code[/code]
    /// (the [enum Error] it returned), [code]method[/code], [code]player_id[/code] (whose request,
    /// or [constant NO_PLAYER]), [code]kind[/code] (a stable name a program can act on, as
    /// [signal refused] carries it), [code]reason[/code] (to show a player) and
    /// [code]misuse[/code] ([code]true[/code] for a malformed value, an unknown id or damaged
    /// data, which also goes to the error log; [code]false[/code] for an ordinary refusal of
    /// play, which does not). Empty before any refusal.
    /// ```gdscript
    /// if rules.keep_hand(me, PackedInt64Array()) != OK:
    ///     var why := rules.get_last_refusal()
    ///     status_label.text = why["reason"]  # e.g. "player 0 must put exactly 1 cards on the bottom, not 0"
    /// ```
    #[func]
    pub fn get_last_refusal(&self) -> VarDictionary {
        self.last_refusal.to_dictionary()
    }

    /// With [member player_entropy]: adds [param player_id]'s [param nonce] (64 hex digits, 32
    /// random bytes — e.g. [code]Crypto.new().generate_random_bytes(32).hex_encode()[/code]) to
    /// the round's shuffle. Each living player adds one after [code]round_committed[/code] and
    /// before the round's first draw, which waits for them all ([method get_pending_entropy]).
    #[func]
    pub fn add_entropy(&mut self, player_id: i64, nonce: GString) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.add_entropy";
        let nonce = nonce.to_string().parse().map_err(|reason: String| {
            Refusal::new(
                METHOD,
                Error::ERR_INVALID_PARAMETER,
                "invalid_argument",
                format!("nonce: {reason}"),
            )
        });
        let nonce = self.noted(player_id, nonce)?;
        self.run_for(METHOD, player_id, |player| Command::AddEntropy {
            player,
            nonce,
        })
    }

    /// The players whose nonce the round's first draw still waits for (empty without
    /// [member player_entropy], or once all are in).
    #[func]
    pub fn get_pending_entropy(&self) -> PackedInt64Array {
        self.read_or(
            "GameRules.get_pending_entropy",
            PackedInt64Array::new(),
            |view| {
                view.state
                    .entropy
                    .pending
                    .iter()
                    .map(|p| p.to_raw())
                    .collect()
            },
        )
    }

    /// Takes [param player_id] out of the game: their tokens leave the bag; if they were active,
    /// their activation ends. The game ends when few enough players remain.
    #[func]
    pub fn eliminate_player(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.run_for("GameRules.eliminate_player", player_id, |player| {
            Command::Eliminate { player }
        })
    }

    /// Whether [method setup] (or [method load_game]) has prepared a game.
    #[func]
    pub fn is_set_up(&self) -> bool {
        self.game.is_some() || self.busy
    }

    /// The phase: one of the [code]PHASE_*[/code] constants.
    #[func]
    pub fn get_phase(&self) -> i64 {
        self.read_or("GameRules.get_phase", Self::PHASE_NONE, |view| {
            match view.state.phase {
                Phase::Setup => Self::PHASE_SETUP,
                Phase::Mulligan => Self::PHASE_MULLIGAN,
                Phase::AwaitingDraw => Self::PHASE_AWAITING_DRAW,
                Phase::Activation { .. } => Self::PHASE_ACTIVATION,
                Phase::GameOver { .. } => Self::PHASE_GAME_OVER,
            }
        })
    }

    /// The current round, from 1 (0 before round 1).
    #[func]
    pub fn get_round(&self) -> i64 {
        self.read_or("GameRules.get_round", 0, |view| i64::from(view.state.round))
    }

    /// The player who may act now, or [constant NO_PLAYER] between activations.
    #[func]
    pub fn get_active_player(&self) -> i64 {
        self.read_or(
            "GameRules.get_active_player",
            Self::NO_PLAYER,
            |view| match view.state.phase {
                Phase::Activation { player } => player.to_raw(),
                _ => Self::NO_PLAYER,
            },
        )
    }

    /// The winner once the game is over; [constant NO_PLAYER] before that or for a draw.
    #[func]
    pub fn get_winner(&self) -> i64 {
        self.read_or("GameRules.get_winner", Self::NO_PLAYER, |view| {
            match view.state.phase {
                Phase::GameOver {
                    winner: Some(player),
                } => player.to_raw(),
                _ => Self::NO_PLAYER,
            }
        })
    }

    /// Who acts in the next [param depth] activations of this round (fewer near its end), when
    /// [member activation_order] is [constant ORDER_SEATS] or [constant ORDER_INITIATIVE]: an
    /// initiative strip's "next 5". Empty for [constant ORDER_BAG], whose order stays secret.
    #[func]
    pub fn get_upcoming_players(&self, depth: i64) -> Result<PackedInt64Array, Refusal> {
        const METHOD: &str = "GameRules.get_upcoming_players";
        let depth = refusing(METHOD, || Ok(count_from_raw("depth", depth, 0, 1_000)?))?;
        self.read(METHOD, |view| {
            view.upcoming_activations(depth as usize)
                .unwrap_or_default()
                .iter()
                .map(|p| p.to_raw())
                .collect()
        })
    }

    /// Every seated player's id, in turn order (eliminated players included).
    #[func]
    pub fn get_player_ids(&self) -> PackedInt64Array {
        self.read_or(
            "GameRules.get_player_ids",
            PackedInt64Array::new(),
            |view| view.state.players.iter().map(|p| p.id.to_raw()).collect(),
        )
    }

    /// The players still in the game, in turn order.
    #[func]
    pub fn get_living_player_ids(&self) -> PackedInt64Array {
        self.read_or(
            "GameRules.get_living_player_ids",
            PackedInt64Array::new(),
            |view| view.state.living().map(|p| p.id.to_raw()).collect(),
        )
    }

    /// One player's state: [code]id[/code], [code]name[/code], [code]seat[/code],
    /// [code]energy[/code], [code]resources[/code], [code]energy_per_round[/code],
    /// [code]resources_per_round[/code], [code]victory_points[/code], [code]hand[/code] (card
    /// ids), [code]hand_size[/code], [code]deck_size[/code], [code]hand_limit[/code],
    /// [code]command_tier[/code], [code]max_command_tokens[/code] (from the next round's bag),
    /// [code]tokens_in_bag[/code], [code]tokens_contributed[/code], [code]mulligans[/code],
    /// [code]kept[/code], [code]cards_to_bottom[/code] (what [method keep_hand] must put on the
    /// bottom now), [code]eliminated[/code]. Empty (and an error) for an unknown id.
    #[func]
    pub fn get_player_state(&self, player_id: i64) -> Result<VarDictionary, Refusal> {
        const METHOD: &str = "GameRules.get_player_state";
        let player = parse_player(METHOD, player_id)?;
        self.read(METHOD, |view| {
            refusing(METHOD, || {
                let state = view.state;
                let seated = state
                    .player(player)
                    .ok_or(GameError::UnknownPlayer { player })?;
                let tally = state.bag.tally(player).ok();
                let mut dict = convert::dictionary_of(seated);
                dict.remove("deck");
                dict.remove("discard");
                dict.set("seat", state.seat(player).map_or(-1, |s| s as i64));
                dict.set("cards_to_bottom", i64::from(cards_to_bottom(state, seated)));
                dict.set("hand_size", seated.hand.len() as i64);
                dict.set("deck_size", seated.deck.len() as i64);
                dict.set("discard_size", seated.discard.len() as i64);
                dict.set(
                    "max_command_tokens",
                    i64::from(view.config.tokens_at(seated.command_tier)),
                );
                dict.set("tokens_in_bag", tally.map_or(0, |t| i64::from(t.remaining)));
                dict.set(
                    "tokens_contributed",
                    tally.map_or(0, |t| i64::from(t.contributed)),
                );
                Ok(dict)
            })
        })?
    }

    /// A read-only copy of the current round's bag (remaining tokens, per-player counts,
    /// next-draw chances, history); call again after a change. [code]null[/code] (and an error)
    /// before [method setup].
    #[func]
    pub fn get_bag(&self) -> Result<Gd<CommandTokenBag>, Refusal> {
        let bag = self.read("GameRules.get_bag", |view| view.state.bag.clone())?;
        Ok(CommandTokenBag::read_only_copy(bag))
    }

    /// What [param player_id]'s next command upgrade costs: [code]{"tier": int, "tokens": int,
    /// "energy": int, "resources": int}[/code], or an empty Dictionary when they are at the
    /// highest tier. Empty (and an error) for an unknown id.
    #[func]
    pub fn get_upgrade_cost(&self, player_id: i64) -> Result<VarDictionary, Refusal> {
        const METHOD: &str = "GameRules.get_upgrade_cost";
        let player = parse_player(METHOD, player_id)?;
        self.read(METHOD, |view| {
            let seated = view.state.player(player).ok_or_else(|| {
                Refusal::from_rules(METHOD, GameError::UnknownPlayer { player }.into())
            })?;
            let tier = seated.command_tier + 1;
            let mut dict = VarDictionary::new();
            if let Some(next) = view.config.next_tier(seated.command_tier) {
                dict.set("tier", i64::from(tier));
                dict.set("tokens", i64::from(next.tokens));
                dict.set("energy", i64::from(next.cost.energy));
                dict.set("resources", i64::from(next.cost.resources));
            }
            Ok(dict)
        })?
    }

    /// Every action [param player_id] could take now that would be accepted (the validator is
    /// consulted), each as a Dictionary for [method perform_action]. Empty when they are not
    /// the active player. [code]create_token[/code] is never listed (its stats are the caller's).
    #[func]
    pub fn legal_actions(&mut self, player_id: i64) -> Result<Array<VarDictionary>, Refusal> {
        const METHOD: &str = "GameRules.legal_actions";
        let player = parse_player(METHOD, player_id)?;
        self.listeners.forget();
        let actions =
            self.with_hooks(METHOD, |game, hooks| Ok(game.legal_actions(player, hooks)))?;
        Ok(actions.iter().map(convert::dictionary_of).collect())
    }

    /// Units, buildings and token objects in play, each a Dictionary with [code]id[/code],
    /// [code]owner[/code], [code]name[/code], [code]kind[/code], [code]power[/code] and
    /// [code]toughness[/code] (after every continuous effect), base stats and counters.
    #[func]
    pub fn get_objects(&self) -> Array<VarDictionary> {
        self.read_or("GameRules.get_objects", Array::new(), |view| {
            view.state
                .objects
                .iter()
                .map(convert::dictionary_of)
                .collect()
        })
    }

    /// The logged events with a sequence number above [param seq] (0: all), oldest first, each a
    /// Dictionary like [signal event_logged] carries.
    #[func]
    pub fn get_events_since(&self, seq: i64) -> Array<VarDictionary> {
        let Some(game) = self.current("GameRules.get_events_since") else {
            return Array::new();
        };
        game.events_since(u64::try_from(seq).unwrap_or(0))
            .iter()
            .map(record_dictionary)
            .collect()
    }

    /// The sequence number of the newest logged event (0 before any).
    #[func]
    pub fn get_last_event_seq(&self) -> i64 {
        self.current("GameRules.get_last_event_seq")
            .map_or(0, |game| game.last_seq() as i64)
    }

    /// The game as [param viewer_id] may see it — what a server sends that player's client: no
    /// seed, random stream, bag order or deck order, and only that player's own hand (others show
    /// [code]hand_size[/code], with [code]hand[/code] null). [constant SPECTATOR] sees no hand.
    /// Keys: [code]viewer[/code], [code]seq[/code] (the newest event included),
    /// [code]round[/code], [code]phase[/code], [code]active[/code], [code]players[/code],
    /// [code]bag[/code] ([code]remaining[/code], [code]players[/code], [code]drawn[/code]),
    /// [code]objects[/code], [code]effects[/code] and [code]commitment[/code] (the current
    /// round's, as hex). Empty (and an error) for a player who is not seated.
    /// [codeblock]
    /// var view := rules.get_snapshot_for(2)
    /// print(view.players[0].hand_size, " cards in the first seat's hand")
    /// [/codeblock]
    #[func]
    pub fn get_snapshot_for(&self, viewer_id: i64) -> Result<VarDictionary, Refusal> {
        const METHOD: &str = "GameRules.get_snapshot_for";
        let viewer = parse_viewer(METHOD, viewer_id)?;
        let game = self.query(METHOD)?;
        let snapshot = refusing(METHOD, || Ok(game.snapshot_for(viewer)?))?;
        Ok(convert::dictionary_of(&snapshot))
    }

    /// The logged events after [param since_seq] that [param viewer_id] may see, oldest first,
    /// like [method get_events_since]: everything except other players' [code]private_draw[/code]
    /// events (the cards they drew). A client that reconnects asks for the events after the last
    /// [code]seq[/code] it has. Empty (and an error) for a player who is not seated.
    #[func]
    pub fn get_events_for(
        &self,
        viewer_id: i64,
        since_seq: i64,
    ) -> Result<Array<VarDictionary>, Refusal> {
        const METHOD: &str = "GameRules.get_events_for";
        let viewer = parse_viewer(METHOD, viewer_id)?;
        let game = self.query(METHOD)?;
        let records = refusing(METHOD, || {
            Ok(game.events_for(viewer, u64::try_from(since_seq).unwrap_or(0))?)
        })?;
        Ok(records.iter().map(record_dictionary).collect())
    }

    /// The config in force, as a Dictionary (the exported settings plus what [method setup]
    /// was given).
    #[func]
    pub fn get_config(&self) -> VarDictionary {
        self.read_or("GameRules.get_config", VarDictionary::new(), |view| {
            convert::dictionary_of(view.config)
        })
    }

    /// The whole game — config, state, random streams, log and command history — as versioned
    /// JSON. Empty (and an error) before [method setup].
    #[func]
    pub fn save_game(&self) -> Result<GString, Refusal> {
        let game = self.query("GameRules.save_game")?;
        Ok(GString::from(&game.to_json()))
    }

    /// The game so far as a replay: its seed, seating, config and every accepted command, as
    /// versioned JSON. [method load_replay] plays it again to the same state. Empty (and an
    /// error) before [method setup].
    #[func]
    pub fn save_replay(&self) -> Result<GString, Refusal> {
        let game = self.query("GameRules.save_replay")?;
        Ok(GString::from(&game.replay().to_json()))
    }

    /// Replaces the game with the one [param json] replays, played from its seed through every
    /// command. A malformed replay, or one whose commands these rules refuse, is refused and the
    /// current game stays as it was.
    #[func]
    pub fn load_replay(&mut self, json: GString) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.load_replay";
        self.ensure_idle(METHOD)?;
        let game = refusing(METHOD, || {
            let replay = Replay::from_json(&json.to_string())?;
            Ok(replay.play()?.0)
        });
        let game = self.noted(Self::NO_PLAYER, game)?;
        self.install(game);
        Ok(())
    }

    /// A fingerprint of the whole state, random streams included (64-bit FNV-1a of its JSON):
    /// two games with the same hash are in the same state. 0 before [method setup].
    #[func]
    pub fn get_state_hash(&self) -> i64 {
        self.read_or("GameRules.get_state_hash", 0, |view| {
            state_hash(view.state) as i64
        })
    }

    /// Replaces the game with one saved by [method save_game]; it continues exactly as the
    /// saved one would have. Malformed, foreign or tampered JSON is refused
    /// ([constant ERR_PARSE_ERROR], [constant ERR_FILE_UNRECOGNIZED] or
    /// [constant ERR_INVALID_DATA]) and the current game stays as it was.
    #[func]
    pub fn load_game(&mut self, json: GString) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.load_game";
        self.ensure_idle(METHOD)?;
        let game = refusing(METHOD, || {
            Game::from_json(&json.to_string()).map_err(RulesError::from)
        });
        let game = self.noted(Self::NO_PLAYER, game)?;
        self.install(game);
        Ok(())
    }
}

impl GameRules {
    /// The config from the exported settings, overridden by `overrides`.
    fn config_with(&self, overrides: &AnyDictionary) -> Result<GameConfig, RulesError> {
        let count = |what: &'static str, raw: i64| count_from_raw(what, raw, 0, u32::MAX);
        let optional = |what: &'static str, raw: i64| -> Result<Option<u32>, RulesError> {
            Ok((raw != 0).then_some(count(what, raw)?))
        };
        let activation_order = match self.activation_order {
            Self::ORDER_BAG => ActivationOrder::Bag,
            Self::ORDER_SEATS => ActivationOrder::Seats,
            Self::ORDER_INITIATIVE => ActivationOrder::Initiative,
            raw => Err(InputError::CountOutOfRange {
                what: "activation_order",
                raw,
                min: Self::ORDER_BAG,
                max: Self::ORDER_INITIATIVE,
            })?,
        };
        let config = GameConfig {
            activation_order,
            opening_hand_size: count("opening_hand_size", self.opening_hand_size)?,
            hand_limit: count("hand_limit", self.hand_limit)?,
            energy_per_round: count("energy_per_round", self.energy_per_round)?,
            resources_per_round: count("resources_per_round", self.resources_per_round)?,
            starting_resources: count("starting_resources", self.starting_resources)?,
            round_limit: optional("round_limit", self.round_limit)?,
            victory_points_to_win: optional("victory_points_to_win", self.victory_points_to_win)?,
            players_remaining_to_end: count(
                "players_remaining_to_end",
                self.players_remaining_to_end,
            )?,
            max_reaction_depth: count("max_reaction_depth", self.max_reaction_depth)?,
            max_reactions_per_activation: count(
                "max_reactions_per_activation",
                self.max_reactions_per_activation,
            )?,
            player_entropy: self.player_entropy,
            ..GameConfig::default()
        };
        let invalid = |reason: String| RulesError::from(GameError::InvalidConfig(reason));
        let Value::Object(overrides) =
            convert::to_json(&overrides.to_variant()).map_err(invalid)?
        else {
            return Ok(config);
        };
        let Value::Object(mut merged) =
            serde_json::to_value(&config).map_err(|e| invalid(e.to_string()))?
        else {
            return Ok(config);
        };
        merged.extend(overrides);
        serde_json::from_value(Value::Object(merged)).map_err(|e| invalid(e.to_string()))
    }

    /// Makes `game` the current game, its seed the exported [`Self::seed`], with nothing left
    /// to emit from the game before.
    fn install(&mut self, game: Game) {
        self.seed = game.state().seed as i64;
        self.game = Some(Box::new(game));
        self.outbox.clear();
    }

    /// The game for a query, unless there is none or a hook is running.
    fn query(&self, method: &'static str) -> Result<&Game, Refusal> {
        self.ensure_idle(method)?;
        self.game.as_deref().ok_or_else(|| no_game(method))
    }

    /// The game for an infallible getter; logs the refusal and gives `None` while a hook runs.
    fn current(&self, method: &'static str) -> Option<&Game> {
        match self.ensure_idle(method) {
            Ok(()) => self.game.as_deref(),
            Err(refusal) => {
                refusal.log();
                None
            }
        }
    }

    /// `read` applied to the game's config and state: the game's own, or while a hook runs, the
    /// state the hook sees (see [`HookView`]). Refused before [`GameRules::setup`], and during a
    /// hook for anything but its script.
    fn read<T>(
        &self,
        method: &'static str,
        read: impl FnOnce(GameView<'_>) -> T,
    ) -> Result<T, Refusal> {
        if self.busy {
            let shown = self.hook_view.borrow();
            let view = shown.as_ref().ok_or_else(|| busy(method))?;
            return Ok(read(view.view()));
        }
        self.game
            .as_deref()
            .map(|game| read(game.view()))
            .ok_or_else(|| no_game(method))
    }

    /// [`GameRules::read`] for an infallible getter: `default` (the refusal logged) when there
    /// is nothing to read.
    fn read_or<T>(
        &self,
        method: &'static str,
        default: T,
        read: impl FnOnce(GameView<'_>) -> T,
    ) -> T {
        match self.read(method, read) {
            Ok(value) => value,
            Err(refusal) => {
                // Before setup a getter answers its default without an error, as it always has.
                if self.busy {
                    refusal.log();
                }
                default
            }
        }
    }

    /// Refuses calls made from inside an action_validator or reaction_provider.
    fn ensure_idle(&self, method: &'static str) -> Result<(), Refusal> {
        match self.busy {
            true => Err(busy(method)),
            false => Ok(()),
        }
    }

    /// Runs `body` on the game with the script hooks, the game taken out of `self` so that a
    /// hook calling back in gets a clear refusal instead of a double borrow. Whether hooks are
    /// set comes from [`Listeners`], which the public method calling this has reset.
    fn with_hooks<T>(
        &mut self,
        method: &'static str,
        body: impl FnOnce(&mut Game, &mut dyn Hooks) -> Result<T, RulesError>,
    ) -> Result<T, Refusal> {
        self.ensure_idle(method)?;
        let mut game = self.game.take().ok_or_else(|| no_game(method))?;
        let hooked = self
            .listeners
            .is_hooked(|| self.action_validator.is_valid() || self.reaction_provider.is_valid());
        self.busy = true;
        // Whatever happens inside (a hook's script, a bug), the game goes back into the node
        // and the node is ready for the next call: a panic refuses this one, nothing more.
        let result = catch_unwind(AssertUnwindSafe(|| {
            if hooked {
                let mut hooks = ScriptHooks::new(
                    self.action_validator.clone(),
                    self.reaction_provider.clone(),
                    Rc::clone(&self.hook_view),
                    game.shared_config(),
                );
                // A hook calling back in reaches this node through the engine.
                let _reentrant = self.base_mut();
                body(&mut game, &mut hooks)
            } else {
                // No script runs until the core is done.
                body(&mut game, &mut NoHooks)
            }
        }))
        .unwrap_or_else(|_| {
            Err(RulesError::Internal(
                "a panic while the rules ran; the game is as it was".to_owned(),
            ))
        });
        self.busy = false;
        self.game = Some(game);
        if hooked {
            // A hook may have run, and with it a connect().
            self.listeners.forget();
        }
        result.map_err(|error| Refusal::from_rules(method, error))
    }

    /// Applies `command`, then emits the signals of what happened.
    fn run(&mut self, method: &'static str, command: Command) -> Result<(), Refusal> {
        self.listeners.forget();
        self.apply_and_emit(method, command).map(drop)
    }

    /// Applies `command`, then emits the signals of what happened to the listeners as last
    /// known; returns how many rounds ended.
    fn apply_and_emit(&mut self, method: &'static str, command: Command) -> Result<u32, Refusal> {
        let player = command.player().map_or(Self::NO_PLAYER, PlayerId::to_raw);
        let is_action = matches!(command, Command::Act { .. });
        let seq = self.game.as_deref().map_or(0, Game::last_seq);
        let result = self.with_hooks(method, |game, hooks| {
            game.apply_logged(command, hooks).map(drop)
        });
        let mut ended = 0;
        match &result {
            Ok(()) => {
                // Out of `self` for the loop, which asks the engine about listeners.
                let game = self.game.take();
                for record in game.iter().flat_map(|game| game.events_since(seq)) {
                    ended += u32::from(matches!(record.event, Event::RoundEnded { .. }));
                    // Until something is pending, nothing can be emitted, so what nobody
                    // listens to now would be skipped by `emit_pending` too: not copied at all.
                    if self.outbox.is_idle() && !self.is_wanted(&record.event) {
                        continue;
                    }
                    self.outbox.push(Pending::Record(record.clone()));
                }
                self.game = game;
            }
            Err(refusal) => self.refused(player, is_action, refusal),
        }
        self.emit_pending();
        result.map(|_| ended)
    }

    /// Records `refusal` of `player`'s request (an action if `is_action`) for
    /// [`GameRules::get_last_refusal`] and queues its signals ([signal action_rejected] for an
    /// action, then [signal refused]); they go out with the next emission, not inside a hook.
    fn refused(&mut self, player: i64, is_action: bool, refusal: &Refusal) {
        self.last_refusal.set(player, refusal);
        self.outbox
            .push(Pending::Refused(player, is_action, refusal.clone()));
    }

    /// `result`, its refusal (if any) recorded and signalled as `player`'s (see
    /// [`GameRules::refused`]).
    fn noted<T>(&mut self, player: i64, result: Result<T, Refusal>) -> Result<T, Refusal> {
        if let Err(refusal) = &result {
            self.refused(player, false, refusal);
            if !self.busy {
                self.emit_pending();
            }
        }
        result
    }

    /// Applies the command `make` gives for `player_id`, once it has parsed.
    fn run_for(
        &mut self,
        method: &'static str,
        player_id: i64,
        make: impl FnOnce(PlayerId) -> Command,
    ) -> Result<(), Refusal> {
        let player = parse_player(method, player_id);
        let player = self.noted(player_id, player)?;
        self.run(method, make(player))
    }

    /// An action by `player_id`, once both have parsed.
    fn act(
        &mut self,
        method: &'static str,
        player_id: i64,
        action: Result<Action, Refusal>,
    ) -> Result<(), Refusal> {
        let parsed = parse_player(method, player_id).and_then(|player| Ok((player, action?)));
        match parsed {
            Ok((player, action)) => self.run(method, Command::Act { player, action }),
            Err(refusal) => {
                self.refused(player_id, true, &refusal);
                self.emit_pending();
                Err(refusal)
            }
        }
    }

    /// Emits everything pending, in order, unless an outer call is already doing so (then the
    /// new items follow the ones it has left).
    fn emit_pending(&mut self) {
        if !self.outbox.begin() {
            return;
        }
        while let Some(item) = self.outbox.take_next() {
            match item {
                // Payloads are built only for signals someone listens to: converting every
                // event to a Dictionary would cost more than the rules themselves.
                Pending::Record(record) => {
                    if EventSignal::of(&record.event).is_some_and(|signal| self.is_heard(signal)) {
                        self.emit_event(&record.event);
                        self.listeners.forget();
                    }
                    if self.is_heard(EventSignal::EventLogged) {
                        self.signals()
                            .event_logged()
                            .emit(&record_dictionary(&record));
                        self.listeners.forget();
                    }
                }
                Pending::Refused(player, is_action, refusal) => {
                    let reason = GString::from(refusal.reason());
                    if is_action {
                        self.signals().action_rejected().emit(player, &reason);
                    }
                    self.signals().refused().emit(
                        &GString::from(refusal.method()),
                        player,
                        &GString::from(refusal.kind()),
                        &reason,
                    );
                    self.listeners.forget();
                }
            }
        }
    }

    /// Whether `event` would be emitted now: its own signal or `event_logged` has handlers.
    fn is_wanted(&mut self, event: &Event) -> bool {
        EventSignal::of(event).is_some_and(|signal| self.is_heard(signal))
            || self.is_heard(EventSignal::EventLogged)
    }

    /// Whether anything is connected to `signal` (see [`Listeners`]).
    fn is_heard(&mut self, signal: EventSignal) -> bool {
        if let Some(heard) = self.listeners.heard(signal) {
            return heard;
        }
        let heard = self.base().has_connections(self.listeners.name(signal));
        self.listeners.remember(signal, heard);
        heard
    }

    /// Emits the event's own signal (see [`EventSignal::of`]).
    fn emit_event(&mut self, event: &Event) {
        let mut signals = self.signals();
        match event {
            Event::GameStarted { players } => signals.game_started().emit(
                &players
                    .iter()
                    .map(|p| p.to_raw())
                    .collect::<PackedInt64Array>(),
            ),
            Event::MulliganTaken { player, mulligans } => signals
                .mulligan_taken()
                .emit(player.to_raw(), i64::from(*mulligans)),
            Event::HandKept { player, bottomed } => signals
                .hand_kept()
                .emit(player.to_raw(), i64::from(*bottomed)),
            Event::RoundStarted { round } => signals.round_started().emit(i64::from(*round)),
            Event::TokenDrawn {
                player, remaining, ..
            } => signals
                .token_drawn()
                .emit(player.to_raw(), i64::from(*remaining)),
            Event::BagEmptied => signals.bag_emptied().emit(),
            Event::TurnChanged { player } => signals.turn_changed().emit(player.to_raw()),
            Event::ActionResolved {
                player,
                action,
                cause,
                depth,
                ..
            } => {
                let action = convert::dictionary_of(action);
                match cause {
                    None => signals.action_completed().emit(player.to_raw(), &action),
                    Some(cause) => signals.reaction_resolved().emit(
                        player.to_raw(),
                        &action,
                        cause.0 as i64,
                        i64::from(*depth),
                    ),
                }
            }
            Event::CommandUpgraded {
                player,
                tier,
                tokens,
            } => signals.command_upgraded().emit(
                player.to_raw(),
                i64::from(*tier),
                i64::from(*tokens),
            ),
            Event::ActivationEnded { player } => signals.activation_ended().emit(player.to_raw()),
            Event::ActionUndone { player } => signals.action_undone().emit(player.to_raw()),
            Event::RoundEnded { round } => signals.round_ended().emit(i64::from(*round)),
            Event::PlayerEliminated { player, .. } => {
                signals.player_eliminated().emit(player.to_raw())
            }
            Event::GameOver { winner } => signals
                .game_over()
                .emit(winner.map_or(Self::NO_PLAYER, PlayerId::to_raw)),
            _ => {}
        }
    }
}

/// The refusal of a call back in from a hook that has no view of the game (or needs more).
fn busy(method: &'static str) -> Refusal {
    Refusal::new(
        method,
        Error::ERR_BUSY,
        "busy",
        "GameRules is resolving an action: its action_validator and reaction_provider may read \
         the game but not change it, nor read its log or saves",
    )
}

/// The refusal of a call that needs a game before there is one.
fn no_game(method: &'static str) -> Refusal {
    Refusal::new(
        method,
        Error::ERR_UNCONFIGURED,
        "no_game",
        "no game: call setup() or load_game() first",
    )
}

/// `raw` as a viewer: [`GameRules::SPECTATOR`] or a player id.
fn parse_viewer(method: &'static str, raw: i64) -> Result<Option<PlayerId>, Refusal> {
    if raw == GameRules::SPECTATOR {
        return Ok(None);
    }
    parse_player(method, raw).map(Some)
}

/// `raw` as a player id, or a refusal naming `method`.
fn parse_player(method: &'static str, raw: i64) -> Result<PlayerId, Refusal> {
    refusing(method, || Ok(PlayerId::from_raw(raw)?))
}

/// The players argument of `setup`: ids or Dictionaries.
fn player_setups(players: &AnyArray) -> Result<Vec<PlayerSetup>, RulesError> {
    players
        .iter_shared()
        .enumerate()
        .map(|(index, entry)| {
            let invalid =
                |reason: String| GameError::InvalidSetup(format!("players[{index}]: {reason}"));
            let json = match convert::to_json(&entry).map_err(invalid)? {
                Value::Number(id) => serde_json::json!({ "id": id }),
                other => other,
            };
            Ok(serde_json::from_value(json).map_err(|e| invalid(e.to_string()))?)
        })
        .collect()
}

/// An action's context argument as JSON.
fn context_json(method: &'static str, context: &Variant) -> Result<Value, Refusal> {
    convert::to_json(context).map_err(|reason| {
        Refusal::new(
            method,
            Error::ERR_INVALID_PARAMETER,
            "invalid_argument",
            format!("context: {reason}"),
        )
    })
}

/// A log record as GDScript sees it: the event's fields plus `seq`, `round` and `cause`.
fn record_dictionary(record: &EventRecord) -> VarDictionary {
    let mut dict = convert::dictionary_of(&record.event);
    dict.set("seq", record.seq as i64);
    dict.set("round", i64::from(record.round));
    dict.set(
        "cause",
        &record
            .cause
            .map_or(Variant::nil(), |c| (c.0 as i64).to_variant()),
    );
    dict
}
