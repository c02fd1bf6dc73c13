//! The `GameRules` class: its struct, settings, constants and signals here; its methods by concern
//! in [`commands`], [`queries`] and [`saves`]; the way a call reaches the core in [`dispatch`];
//! what each event emits in [`signals`]; argument parsing in [`parse`].

// gdext generates undocumented Rust accessors for the exported fields; their Godot docs come from
// the field comments below.
#![allow(missing_docs)]

use godot::classes::notify::NodeNotification;
use godot::classes::{INode, Node};
use godot::prelude::*;
use horizons_edge_core::{EventRecord, Game, GameConfig};

use crate::card_catalog::CardCatalog;
use crate::listeners::Listeners;
use crate::outbox::Outbox;
use crate::refusal::{LastRefusal, Refusal};
use crate::script_hooks::SharedView;

mod commands;
mod dispatch;
mod parse;
mod placement;
mod queries;
mod saves;
mod signals;

/// What waits to be emitted, in the order it happened.
enum Pending {
    /// A logged event.
    Record(EventRecord),
    /// A refused call: whose request it was, whether it was an action, and the refusal.
    Refused(i64, bool, Refusal),
    /// Another game was loaded ([signal game_loaded]).
    Loaded,
}

/// The rules of Horizon's Edge: setup and London mulligan, rounds of command token draws, one
/// action per drawn token, command upgrades, reactions, continuous effects, elimination and
/// save/load. Put it where the old game manager sat; all rules live here, in Rust.
///
/// Configure it in the inspector (or pass a config Dictionary to [method setup]), seat players
/// with [method setup], then [method start_game]. The inspector's settings are what
/// [method setup] reads: changed afterwards they change nothing, and they are not updated by a
/// config Dictionary or [method load_game] — [method get_config] tells the rules in force. The
/// one exception is [member seed], which tells the current game's seed: a load sets it to the
/// loaded game's. During the mulligan every player calls
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
    /// setup] picks a fresh one from the OS and stores it here; [method load_game],
    /// [method load_game_bytes] and [method load_replay] set it to the loaded game's seed (a
    /// later [method setup] with [member randomize_seed] off plays that seed unless you set
    /// another).
    #[export_group(name = "Randomness")]
    #[export]
    seed: i64,
    /// Whether [method setup] draws a new [member seed] from the OS (on by default; turn it off
    /// to replay a seed).
    #[export]
    randomize_seed: bool,
    /// Every living player adds a random nonce ([method add_entropy]) to each round's shuffle
    /// before its first draw, so that neither whoever chose the seed nor a player alone can
    /// steer a shuffle (a server and a player in league still could: the nonces are not
    /// committed before they are shown).
    #[export]
    player_entropy: bool,
    /// Who acts next in a round: [constant ORDER_BAG] (a random token, the default),
    /// [constant ORDER_SEATS] (seat order from a random first player) or
    /// [constant ORDER_INITIATIVE] (a charge race, speed 10 × tokens). Each player still gets
    /// exactly their tokens' worth of activations.
    #[export_group(name = "Turn order")]
    #[export(enum = (Bag = 0, Seats = 1, Initiative = 2))]
    activation_order: i64,
    /// The mercy rule, for [constant ORDER_BAG]: at most this many draws in a row within a round
    /// for one player while anyone else has a token left (0: off). The capped draw is one of the
    /// others' tokens, each equally likely, picked by the bag's own seeded stream (the tokens left
    /// keep their order), so every round still verifies; [method get_capped_player] names the
    /// player passed over.
    #[export(range = (0.0, 8.0, or_greater))]
    max_streak: i64,
    /// Cards in an opening hand (London mulligan).
    #[export_group(name = "Hands")]
    #[export(range = (0.0, 30.0, or_greater))]
    opening_hand_size: i64,
    /// Hand size players draw up to at the start of each round.
    #[export(range = (0.0, 30.0, or_greater))]
    hand_limit: i64,
    /// Resources each player starts with.
    #[export_group(name = "Economy")]
    #[export(range = (0.0, 500.0, or_greater))]
    starting_resources: i64,
    /// Energy generated for each player every round.
    #[export(range = (0.0, 100.0, or_greater))]
    energy_per_round: i64,
    /// Resources each player gains every round.
    #[export(range = (0.0, 500.0, or_greater))]
    resources_per_round: i64,
    /// The game ends after this round (0: no limit); the most victory points wins.
    #[export_group(name = "End of the game")]
    #[export(range = (0.0, 100.0, or_greater))]
    round_limit: i64,
    /// A player reaching this many victory points wins at once (0: off): the game ends right
    /// after the action or reaction that got them there, and neither the reactions it triggers
    /// nor those still waiting in its chain resolve.
    #[export(range = (0.0, 100.0, or_greater))]
    victory_points_to_win: i64,
    /// The game ends when this many players or fewer remain.
    #[export(range = (0.0, 8.0))]
    players_remaining_to_end: i64,
    /// The cards, structures and action kinds to play with, e.g. the addon's
    /// [code]starter_set.tres[/code]. [method setup]'s config may name another as
    /// [code]"catalog"[/code], and its [code]cards[/code], [code]structures[/code] and
    /// [code]action_kinds[/code] keys replace the catalog's.
    #[export_group(name = "Cards")]
    #[export]
    catalog: Option<Gd<CardCatalog>>,
    /// Deepest allowed chain of reactions to reactions; deeper rolls the action back (a pass
    /// stands without its reactions instead).
    #[export_group(name = "Reactions")]
    #[export(range = (0.0, 64.0, or_greater))]
    max_reaction_depth: i64,
    /// Most reactions one action may set off, its whole chain (each action of a double-action
    /// activation has its own); more rolls the action back (a pass stands without its
    /// reactions instead).
    #[export(range = (0.0, 10000.0))]
    max_reactions_per_activation: i64,
    /// Print each ordinary refusal of play ("cannot afford", "not your turn") to the output log,
    /// naming the method and why; off by default, as those refusals are part of play and
    /// [signal refused] and [method get_last_refusal] say why. Misuse of the API is logged as an
    /// error regardless.
    #[export_group(name = "Debugging")]
    #[export]
    log_refusals: bool,
    /// The game's own check of an action that passed the rules (placement, line of sight...):
    /// called as [code]validator(player_id: int, action: Dictionary)[/code]; return
    /// [code]true[/code] (or [code]""[/code]) to accept, [code]false[/code] or the reason as a
    /// String (or StringName) to reject; anything else rejects, naming what came back (and is
    /// written to the error log), as does a validator whose object was freed (set it to an
    /// empty [code]Callable()[/code] to have none). A script error ends a GDScript function with
    /// its declared return type's default, which cannot be told from an answer: an untyped
    /// validator (or [code]-> Variant[/code]) returns null and rejects, one declared
    /// [code]-> bool[/code] returns [code]false[/code] and rejects, but one declared
    /// [code]-> String[/code] returns [code]""[/code] and accepts. It is never asked about a pass, nor about a reaction (the
    /// config's reaction rules and [member reaction_provider] chose it). What it decides is
    /// recorded, so [method save_replay] replays it. From inside it, this node's queries of the
    /// game ([method get_phase], [method get_player_state], [method get_objects],
    /// [method get_bag], [method get_upgrade_cost], ...) read the game as it is at that moment;
    /// anything that would change the game, and the log, saves and [method legal_actions], are
    /// refused with [constant ERR_BUSY], and [code]free()[/code] is refused.
    #[var(set = set_action_validator)]
    action_validator: Callable,
    /// The game's reaction rules beyond the config's: called after every resolved action as
    /// [code]provider(resolved: Dictionary)[/code] with [code]id[/code], [code]player_id[/code],
    /// [code]action[/code], [code]depth[/code], [code]card[/code] (the card id a
    /// [code]play_card[/code] played, which has left the hand by then) and [code]trial[/code]
    /// ([code]true[/code] while [method legal_actions] or a bot tries the action out on a copy of
    /// the game: what it returns then only decides whether the action is legal; with
    /// [code]false[/code] the action is being taken, though a chain of reactions past the limits
    /// still rolls it back, so leave side effects to the signals of what resolved); returns an
    /// Array of
    /// [code]{"player_id": int, "kind": String, "context": Variant}[/code], each a configured
    /// custom action kind performed free of cost right after it (depth-first; none once the
    /// action has made someone win, see [member victory_points_to_win]). What it returns is
    /// recorded, so [method save_replay] replays it; a malformed return, or a provider whose
    /// object was freed, refuses the activation (a pass stands without its reactions). A script
    /// error ends a GDScript function with its declared return type's default, which cannot be
    /// told from an answer: a provider declared [code]-> Array[/code] then adds no reactions
    /// (leave it untyped, or [code]-> Variant[/code], to have the error refuse the activation).
    /// Its queries of this node read the state the action left (its new objects, its costs
    /// paid), as seed 002's reactions are computed; see [member action_validator] for what is
    /// refused.
    /// ```gdscript
    /// # A table rule: whoever controls a Monument answers every opponent's build with a scout.
    /// # Untyped return (Variant): a script error refuses the action instead of adding nothing.
    /// rules.reaction_provider = func(resolved: Dictionary) -> Variant:
    ///     if resolved["action"]["type"] != "build":
    ///         return []
    ///     var reactions := []
    ///     for object: Dictionary in rules.get_objects():
    ///         if object["name"] == "Monument" and object["owner"] != resolved["player_id"]:
    ///             reactions.append({"player_id": object["owner"], "kind": "scout"})
    ///     return reactions
    /// ```
    #[var(set = set_reaction_provider)]
    reaction_provider: Callable,
    /// Whether either hook holds a Callable: only then does a command run them.
    hook_set: bool,
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
            max_streak: 0,
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
            catalog: None,
            action_validator: Callable::invalid(),
            reaction_provider: Callable::invalid(),
            hook_set: false,
            game: None,
            busy: false,
            outbox: Outbox::default(),
            last_refusal: LastRefusal::default(),
            log_refusals: false,
            hook_view: SharedView::default(),
            listeners: Listeners::default(),
            base,
        }
    }

    /// Refuses to be freed while its own code runs script — an `action_validator`, a
    /// `reaction_provider` or a signal handler calling `free()` — as Godot refuses to free an
    /// object that is emitting: the node stays, and the error says to use `queue_free()`.
    /// Godot's own clean-up still takes it out of the tree: its children are kept from being
    /// deleted, and the node goes back in its place at the end of the frame (see
    /// [`placement`]).
    fn on_notification(&mut self, what: NodeNotification) {
        if what == NodeNotification::PREDELETE && (self.busy || self.outbox.is_emitting()) {
            self.base_mut().cancel_free();
            godot_error!(
                "GameRules: free() was called from its own action_validator, \
                 reaction_provider or a signal handler; the node was not freed. Use \
                 queue_free() instead."
            );
            let place = placement::Placement::keep(&mut self.base_mut());
            self.run_deferred_gd(move |rules| {
                if rules.is_instance_valid() {
                    place.restore(rules.upcast());
                } else {
                    place.release();
                }
            });
        }
    }
}

#[godot_api]
impl GameRules {
    /// Sets [member action_validator]; a Callable that cannot be called (a method its object
    /// does not have, a freed object) is refused with an error, and the validator kept.
    #[func]
    fn set_action_validator(&mut self, validator: Callable) {
        if callable_or_refused("action_validator", &validator) {
            self.action_validator = validator;
            self.note_hooks();
        }
    }

    /// Sets [member reaction_provider]; a Callable that cannot be called is refused with an
    /// error, and the provider kept.
    #[func]
    fn set_reaction_provider(&mut self, provider: Callable) {
        if callable_or_refused("reaction_provider", &provider) {
            self.reaction_provider = provider;
            self.note_hooks();
        }
    }

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
    /// The most rollouts per legal action [method bot_decide] may be asked for.
    #[constant]
    pub const MAX_BOT_STRENGTH: i64 = 256;

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
    pub fn round_started(round_number: i64);
    /// A token was drawn: its owner is the active player; [param remaining] tokens are left.
    #[signal]
    pub fn token_drawn(player_id: i64, remaining: i64);
    /// The bag ran empty: its last token was drawn (the round ends after that player's action),
    /// or its last tokens left with an eliminated player (the round ends once the activation
    /// open then, if any, is over). Once a round, unless tokens go back in before the round ends
    /// (a reserve token, a card's [code]add_tokens[/code]): then once more each time the bag
    /// runs empty again. [signal round_ended] is the round's end.
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
    /// depth (1 for a reaction to the active player's action). The ids are the log's: each
    /// [code]action_resolved[/code] event ([signal event_logged], [method get_events_since])
    /// carries its action's [code]id[/code] and [code]cause[/code], which is how to build the
    /// tree of a chain; this signal and [signal action_completed] do not carry their own id.
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
    pub fn round_ended(round_number: i64);
    /// A player left the game; their remaining tokens left the bag.
    #[signal]
    pub fn player_eliminated(player_id: i64);
    /// Tokens went into this round's bag or out of it other than by a draw: [param change] more
    /// of [param player_id]'s tokens in it (a card's or structure's effect
    /// [code]add_tokens[/code], or a reserve token put in with [method commit_reserve]), or fewer
    /// if negative ([code]remove_tokens[/code]: the ones they would have drawn next).
    #[signal]
    pub fn bag_changed(player_id: i64, change: i64);
    /// A player's display name changed to [param new_name] ([method rename_player]).
    #[signal]
    pub fn player_renamed(player_id: i64, new_name: GString);
    /// The game ended; [param winner_id] is [constant NO_PLAYER] for a draw.
    #[signal]
    pub fn game_over(winner_id: i64);
    /// Every logged event, after its own signal: a Dictionary with [code]seq[/code],
    /// [code]round[/code], [code]cause[/code] (the id of the action whose effects it is; for an
    /// [code]action_resolved[/code] event, the action that triggered it, or null) and the
    /// event's [code]type[/code] and fields, as [method get_events_since] returns them.
    #[signal]
    pub fn event_logged(event: VarDictionary);
    /// The game was replaced by [method load_game], [method load_game_bytes] or [method
    /// load_replay]: a view that follows the game reads it again, as the
    /// [code]TokenBagDisplay[/code] does (no other signal tells of the change).
    #[signal]
    pub fn game_loaded();
}

/// Whether `hook` may be set as the `role` hook: null (unset) or callable; an error otherwise.
fn callable_or_refused(role: &str, hook: &Callable) -> bool {
    let problem = (!hook.is_null())
        .then(|| crate::script_hooks::uncallable(hook))
        .flatten();
    if let Some(problem) = &problem {
        godot_error!(
            "GameRules.{role}: this Callable cannot be called ({problem}); kept the last one"
        );
    }
    problem.is_none()
}
