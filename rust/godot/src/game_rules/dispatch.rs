//! How a `GameRules` call reaches the core: the config from the inspector, hooks that may call
//! back in, refusals noted and signalled, and one `apply` per command.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use godot::builtin::AnyDictionary;
use godot::prelude::*;
use horizons_edge_core::game::GameView;
use horizons_edge_core::game::activation::ActivationOrder;
use horizons_edge_core::ids::count_from_raw;
use horizons_edge_core::{
    Action, Command, Event, Game, GameConfig, GameError, Hooks, InputError, NoHooks, PlayerId,
    RulesError,
};
use serde_json::Value;

use super::parse::{busy, no_game, parse_player};
use super::{GameRules, Pending};
use crate::card_catalog;
use crate::convert;
use crate::refusal::Refusal;
use crate::script_hooks::ScriptHooks;

/// What one command did, for the methods that report it: read from the command's own events,
/// so a handler that acts in turn (say, passes at once on `token_drawn`) cannot change it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Applied {
    /// How many rounds ended.
    pub ended: u32,
    /// The player whose activation the command opened, if it opened one.
    pub opened: Option<PlayerId>,
}

/// What [`GameRules::apply_then_emit`] does with a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusals {
    /// Records it for `get_last_refusal()` and signals it, as every refused call does.
    Report,
    /// Only returns it.
    Return,
}

impl Applied {
    /// Takes `event`, one of the command's own, into account.
    fn note(&mut self, event: &Event) {
        match event {
            Event::RoundEnded { .. } => self.ended += 1,
            Event::TurnChanged { player } if self.opened.is_none() => {
                self.opened = Some(*player);
            }
            _ => {}
        }
    }
}

impl GameRules {
    /// The activation order the `ORDER_*` constant `raw` names, if it is one.
    fn order_named(raw: i64) -> Option<ActivationOrder> {
        match raw {
            Self::ORDER_BAG => Some(ActivationOrder::Bag),
            Self::ORDER_SEATS => Some(ActivationOrder::Seats),
            Self::ORDER_INITIATIVE => Some(ActivationOrder::Initiative),
            _ => None,
        }
    }

    /// The config from the exported settings and [`GameRules::catalog`] (or `overrides`'
    /// `"catalog"`), overridden by the rest of `overrides`.
    pub(super) fn config_with(&self, overrides: &AnyDictionary) -> Result<GameConfig, RulesError> {
        let count = |what: &'static str, raw: i64| count_from_raw(what, raw, 0, u32::MAX);
        let optional = |what: &'static str, raw: i64| -> Result<Option<u32>, RulesError> {
            Ok((raw != 0).then_some(count(what, raw)?))
        };
        let activation_order =
            Self::order_named(self.activation_order).ok_or(InputError::CountOutOfRange {
                what: "activation_order",
                raw: self.activation_order,
                min: Self::ORDER_BAG,
                max: Self::ORDER_INITIATIVE,
            })?;
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
            max_streak: optional("max_streak", self.max_streak)?,
            ..GameConfig::default()
        };
        let invalid = |reason: String| RulesError::from(GameError::InvalidConfig(reason));
        let mut overrides = overrides.duplicate_shallow();
        let catalog = match overrides.remove("catalog") {
            Some(given) => card_catalog::from_variant(&given).map_err(invalid)?,
            None => self.catalog.clone(),
        };
        let Value::Object(mut overrides) =
            convert::to_json(&overrides.to_variant()).map_err(invalid)?
        else {
            return Ok(config);
        };
        // The ORDER_* constants, as the inspector's property takes them, or the JSON names.
        if let Some(order) = overrides.get_mut("activation_order")
            && let Some(raw) = order.as_i64()
        {
            let named = Self::order_named(raw).ok_or_else(|| {
                invalid(format!(
                    "activation_order: {raw} is not ORDER_BAG, ORDER_SEATS or ORDER_INITIATIVE \
                     (nor \"bag\", \"seats\" or \"initiative\")"
                ))
            })?;
            *order = serde_json::to_value(named).map_err(|e| invalid(e.to_string()))?;
        }
        let Value::Object(mut merged) =
            serde_json::to_value(&config).map_err(|e| invalid(e.to_string()))?
        else {
            return Ok(config);
        };
        if let Some(catalog) = catalog {
            merged.extend(catalog.bind().to_json().map_err(invalid)?);
        }
        merged.extend(overrides);
        Ok(GameConfig::from_json(&Value::Object(merged))?)
    }

    /// Keeps [`GameRules::hook_set`] up after a hook property changed.
    pub(super) fn note_hooks(&mut self) {
        self.hook_set = !self.action_validator.is_null() || !self.reaction_provider.is_null();
    }

    /// Makes `game` the current game, its seed the exported [`Self::seed`], with nothing left
    /// to emit from the game before.
    pub(super) fn install(&mut self, game: Game) {
        self.seed = game.state().seed as i64;
        self.game = Some(Box::new(game));
        self.outbox.clear();
    }

    /// The game for a query, unless there is none or a hook is running.
    pub(super) fn query(&self, method: &'static str) -> Result<&Game, Refusal> {
        self.ensure_idle(method)?;
        self.game.as_deref().ok_or_else(|| no_game(method))
    }

    /// The game for an infallible getter; logs the refusal and gives `None` while a hook runs.
    pub(super) fn current(&self, method: &'static str) -> Option<&Game> {
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
    pub(super) fn read<T>(
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
    pub(super) fn read_or<T>(
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

    /// [`GameRules::ensure_idle`] for a call that replaces the game (setup, the loads), which no
    /// command carries: its refusal is recorded and signalled here.
    pub(super) fn ensure_idle_noted(&mut self, method: &'static str) -> Result<(), Refusal> {
        let idle = self.ensure_idle(method);
        self.noted(Self::NO_PLAYER, idle)
    }

    /// Refuses calls made from inside an action_validator or reaction_provider.
    pub(super) fn ensure_idle(&self, method: &'static str) -> Result<(), Refusal> {
        match self.busy {
            true => Err(busy(method)),
            false => Ok(()),
        }
    }

    /// Runs `body` on the game with the script hooks, the game taken out of `self` so that a
    /// hook calling back in gets a clear refusal instead of a double borrow. The hooks run only
    /// when one holds a `Callable` ([`GameRules::hook_set`]).
    pub(super) fn with_hooks<T>(
        &mut self,
        method: &'static str,
        body: impl FnOnce(&mut Game, &mut dyn Hooks) -> Result<T, RulesError>,
    ) -> Result<T, Refusal> {
        self.ensure_idle(method)?;
        let mut game = self.game.take().ok_or_else(|| no_game(method))?;
        let hooked = self.hook_set;
        self.busy = true;
        // How a hook broke its contract, if one did: the refusal it caused is misuse.
        let mut broken = None;
        // Whatever happens inside (a hook's script, a bug), the game goes back into the node
        // and the node is ready for the next call: a panic refuses this one, nothing more.
        let result = catch_unwind(AssertUnwindSafe(|| {
            if hooked {
                let mut hooks = ScriptHooks::new(
                    method,
                    self.action_validator.clone(),
                    self.reaction_provider.clone(),
                    Rc::clone(&self.hook_view),
                    game.shared_config(),
                );
                // A hook calling back in reaches this node through the engine.
                let _reentrant = self.base_mut();
                let result = body(&mut game, &mut hooks);
                broken = hooks.broken.take();
                result
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
        result.map_err(|error| match (error, broken) {
            (RulesError::Game(GameError::RejectedByGame { reason }), Some(broken))
                if reason == broken =>
            {
                Refusal::hook_broken(method, reason)
            }
            (error, _) => Refusal::from_rules(method, error),
        })
    }

    /// Applies `command`, then emits the signals of what happened.
    pub(super) fn run(&mut self, method: &'static str, command: Command) -> Result<(), Refusal> {
        self.run_reporting(method, command).map(drop)
    }

    /// [`GameRules::run`], telling what the command itself did (read before any handler runs).
    pub(super) fn run_reporting(
        &mut self,
        method: &'static str,
        command: Command,
    ) -> Result<Applied, Refusal> {
        self.listeners.forget();
        self.apply_and_emit(method, command)
    }

    /// Applies `command`, then emits the signals of what happened to the listeners as last
    /// known; returns what the command itself did, as its own events tell (handlers that act in
    /// turn do not change the answer).
    pub(super) fn apply_and_emit(
        &mut self,
        method: &'static str,
        command: Command,
    ) -> Result<Applied, Refusal> {
        self.apply_then_emit(method, command, Refusals::Report)
    }

    /// [`GameRules::apply_and_emit`] for a try the caller answers itself if it fails: a refusal
    /// is returned but neither recorded nor signalled (a bot's planned move the hooks refuse,
    /// before it falls back to another).
    pub(super) fn try_apply_and_emit(
        &mut self,
        method: &'static str,
        command: Command,
    ) -> Result<Applied, Refusal> {
        self.apply_then_emit(method, command, Refusals::Return)
    }

    /// Applies `command` and emits its signals; what a refusal does is `refusals`.
    fn apply_then_emit(
        &mut self,
        method: &'static str,
        command: Command,
        refusals: Refusals,
    ) -> Result<Applied, Refusal> {
        let player = command.player().map_or(Self::NO_PLAYER, PlayerId::to_raw);
        let is_action = matches!(command, Command::Act { .. });
        let seq = self.game.as_deref().map_or(0, Game::last_seq);
        let result = self.with_hooks(method, |game, hooks| {
            game.apply_logged(command, hooks).map(drop)
        });
        let mut applied = Applied::default();
        match &result {
            Ok(()) => {
                // Out of `self` for the loop, which asks the engine about listeners; back in
                // whatever the engine does (a panic leaves the node its game).
                let game = self.game.take();
                let noted = catch_unwind(AssertUnwindSafe(|| {
                    self.note_events(method, game.as_deref(), seq, &mut applied)
                }));
                self.game = game;
                if let Err(panic) = noted {
                    std::panic::resume_unwind(panic);
                }
            }
            Err(refusal) => {
                if refusals == Refusals::Report {
                    self.refused(player, is_action, refusal);
                }
            }
        }
        self.emit_pending();
        result.map(|()| applied)
    }

    /// Notes in `applied` what the events of `game` after `seq` did, and queues those with a
    /// listener (all of them once something waits in the outbox); a pass whose reactions were
    /// dropped is logged as `method`'s error.
    fn note_events(
        &mut self,
        method: &'static str,
        game: Option<&Game>,
        seq: u64,
        applied: &mut Applied,
    ) {
        for record in game.iter().flat_map(|game| game.events_since(seq)) {
            applied.note(&record.event);
            if let Event::ReactionsDropped { player, reason } = &record.event {
                godot_error!(
                    "{method}: player {}'s pass stands without its reactions, which were \
                     refused: {reason}",
                    player.to_raw()
                );
            }
            // Until something is pending, nothing can be emitted, so what nobody listens to now
            // would be skipped by `emit_pending` too: not copied at all.
            if self.outbox.is_idle() && !self.is_wanted(&record.event) {
                continue;
            }
            self.outbox.push(Pending::Record(record.clone()));
        }
    }

    /// Records `refusal` of `player`'s request (an action if `is_action`) for
    /// [`GameRules::get_last_refusal`] and queues its signals ([signal action_rejected] for an
    /// action, then [signal refused]); they go out with the next emission. A command a hook
    /// calls is refused as busy and told at once, inside the hook: its handlers, like the hook,
    /// read the game as the hook does and cannot change it, so a handler that asks again (for
    /// `legal_actions`, say) is refused too, rather than running the hooks into another
    /// refusal for ever.
    pub(super) fn refused(&mut self, player: i64, is_action: bool, refusal: &Refusal) {
        self.last_refusal.set(player, refusal, self.log_refusals);
        self.outbox
            .push(Pending::Refused(player, is_action, refusal.clone()));
    }

    /// `result`, its refusal (if any) recorded and signalled as `player`'s (see
    /// [`GameRules::refused`]).
    pub(super) fn noted<T>(
        &mut self,
        player: i64,
        result: Result<T, Refusal>,
    ) -> Result<T, Refusal> {
        if let Err(refusal) = &result {
            self.refused(player, false, refusal);
            if !self.busy {
                self.emit_pending();
            }
        }
        result
    }

    /// Applies the command `make` gives for `player_id`, once it has parsed.
    pub(super) fn run_for(
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
    pub(super) fn act(
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
}
