//! `GameRules`' read-only queries: phase, round, players, the bag, costs, legal actions, objects,
//! the event log and per-viewer snapshots. They work from inside hooks too (see `SharedView`).

use godot::prelude::*;
use horizons_edge_core::game::bag_effects;
use horizons_edge_core::game::mulligan::cards_to_bottom;
use horizons_edge_core::ids::count_from_raw;
use horizons_edge_core::{GameError, Phase, PlayerId};

use super::GameRules;
use super::parse::{parse_player, parse_viewer};
use super::signals::record_dictionary;
use crate::command_token_bag::CommandTokenBag;
use crate::convert;
use crate::refusal::{Refusal, refusing};

#[godot_api(secondary)]
impl GameRules {
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
    /// [param depth] is 0 to 1 000; a larger one is refused with an error (an empty array).
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

    /// Token prediction: the owners of this round's next draws that [param player_id]'s foresight
    /// (effect [code]foresight[/code], or [code]"foresight"[/code] in their setup) shows now —
    /// as many as their foresight, fewer near the round's end, empty without it, before the
    /// round is sealed and once they are out of the game. Secret to that player: a hot-seat screen shows it to them alone; online,
    /// each client gets its own through its snapshot and [code]private_peek[/code] events.
    #[func]
    pub fn get_foreseen(&self, player_id: i64) -> Result<PackedInt64Array, Refusal> {
        const METHOD: &str = "GameRules.get_foreseen";
        let player = parse_player(METHOD, player_id)?;
        self.read(METHOD, |view| {
            refusing(METHOD, || {
                let seated = view
                    .state
                    .player(player)
                    .ok_or(GameError::UnknownPlayer { player })?;
                Ok(bag_effects::foreseen(view.state, seated)
                    .iter()
                    .map(|p| p.to_raw())
                    .collect())
            })
        })?
    }

    /// Actions the active player may still take in this activation: 1, or 2 right after a
    /// double-action token is drawn (effect [code]grant_double_action[/code]), then 1 for the
    /// second; 0 outside an activation. Read it in a [signal token_drawn] handler to show the
    /// double action.
    #[func]
    pub fn get_actions_left(&self) -> i64 {
        self.read_or("GameRules.get_actions_left", 0, |view| {
            match view.state.phase {
                Phase::Activation { .. } => i64::from(view.state.extra_actions) + 1,
                _ => 0,
            }
        })
    }

    /// The player the mercy rule ([member max_streak]) passes over for the next draw: they have
    /// drawn that many times in a row, they still have a token and someone else does too.
    /// [constant NO_PLAYER] otherwise, and without the rule. Their chance of the next draw is 0;
    /// the others share it by their tokens.
    #[func]
    pub fn get_capped_player(&self) -> i64 {
        self.read_or("GameRules.get_capped_player", Self::NO_PLAYER, |view| {
            view.capped_player()
                .map_or(Self::NO_PLAYER, PlayerId::to_raw)
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
    /// bottom now), [code]eliminated[/code], [code]discard_size[/code], [code]faction[/code]
    /// ("" for none) and [code]reserve[/code] (reserve tokens held back). Empty (and an error)
    /// for an unknown id.
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
                dict.set(
                    "cards_to_bottom",
                    i64::from(cards_to_bottom(view.config, state, seated)),
                );
                dict.set("hand_size", seated.hand.len() as i64);
                dict.set("deck_size", seated.deck.len() as i64);
                dict.set("discard_size", seated.discard.len() as i64);
                dict.set(
                    "max_command_tokens",
                    i64::from(view.config.tokens_at(seated.command_tier)),
                );
                dict.set("tokens_in_bag", tally.map_or(0, |t| i64::from(t.remaining)));
                dict.set("faction", seated.faction.as_deref().unwrap_or(""));
                dict.set("reserve", i64::from(seated.reserve));
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
    /// before [method setup]. The order of its tokens left is the round's secret, which the copy
    /// does not hold: [method CommandTokenBag.peek_tokens] on it returns an empty Array (and an
    /// error; a player's own foresight is [method get_foreseen]). Its chances are the bag's
    /// own: under the mercy rule ([member max_streak]) they do not know the cap (the
    /// [code]TokenBagDisplay[/code] applies it to the chances it shows), and in seat or
    /// initiative order the sequencer, not the bag, decides (see [method get_upcoming_players]).
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
            if let Some(next) = view
                .config
                .upgrade_for(seated.command_tier, seated.faction.as_deref())
            {
                dict.set("tier", i64::from(tier));
                dict.set("tokens", i64::from(next.tokens));
                dict.set("energy", i64::from(next.cost.energy));
                dict.set("resources", i64::from(next.cost.resources));
            }
            Ok(dict)
        })?
    }

    /// Every action [param player_id] could take now without a context that would be accepted
    /// (each is tried out on a copy of the game: the validator is consulted, and the
    /// [member reaction_provider] is asked with [code]trial[/code] true), each as a Dictionary
    /// for [method perform_action]. Empty
    /// when they are not the active player. [code]create_token[/code] is never listed (its stats
    /// are the caller's), nor is an action that needs a context (a card whose effect targets
    /// the context's object).
    #[func]
    pub fn legal_actions(&mut self, player_id: i64) -> Result<Array<VarDictionary>, Refusal> {
        const METHOD: &str = "GameRules.legal_actions";
        let player = parse_player(METHOD, player_id)?;
        self.read(METHOD, |view| {
            refusing(METHOD, || {
                view.state
                    .player(player)
                    .map(drop)
                    .ok_or_else(|| GameError::UnknownPlayer { player }.into())
            })
        })??;
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
    /// Dictionary like [signal event_logged] carries; at most [param max_count] of them (0 or
    /// less: all), to read a long log a page at a time.
    #[func]
    pub fn get_events_since(
        &self,
        seq: i64,
        #[opt(default = 0)] max_count: i64,
    ) -> Array<VarDictionary> {
        let Some(game) = self.current("GameRules.get_events_since") else {
            return Array::new();
        };
        let page = usize::try_from(max_count)
            .ok()
            .filter(|&count| count > 0)
            .unwrap_or(usize::MAX);
        game.events_since(u64::try_from(seq).unwrap_or(0))
            .iter()
            .take(page)
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
    /// [code]bag[/code] ([code]remaining[/code], [code]players[/code], [code]drawn[/code];
    /// [code]max_streak[/code] with the mercy rule; [code]upcoming[/code], the round's
    /// activations left, in seat or initiative order, whose order is public),
    /// [code]objects[/code], [code]effects[/code], [code]commitment[/code] (the current
    /// round's, as hex) and [code]awaiting_entropy[/code]. It is the wire form a client
    /// receives, so values are named as in saves, not numbered: [code]phase[/code] is e.g.
    /// [code]{"phase": "activation", "player": 1}[/code] ("setup", "mulligan", "awaiting_draw",
    /// "game_over"), a token's [code]kind[/code] "command" or "double_action". Empty (and an
    /// error) for a player who is not seated.
    /// ```gdscript
    /// var view := rules.get_snapshot_for(2)
    /// print(view.players[0].hand_size, " cards in the first seat's hand")
    /// ```
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
    /// events (the cards they drew) and [code]private_peek[/code] events (the draws their
    /// foresight shows them). A client that reconnects asks for the events after the last
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
}
