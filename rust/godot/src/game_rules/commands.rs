//! `GameRules`' commands: setup, the mulligan, draws, actions, upgrades, bots, undo, entropy and
//! elimination. Each turns GDScript values into one core command.

use godot::builtin::{AnyArray, AnyDictionary};
use godot::prelude::*;
use horizons_edge_core::fairness::Bytes32;
use horizons_edge_core::ids::count_from_raw;
use horizons_edge_core::{
    Action, Autoplay, Command, Game, GameError, Phase, PlayerId, RandomStream, RulesError,
};

use super::GameRules;
use super::parse::{context_json, no_game, player_setups};
use crate::convert;
use crate::refusal::{Refusal, refusing};

#[godot_api(secondary)]
impl GameRules {
    /// Seats [param players] in turn order and prepares a new game (any game in progress is
    /// dropped). Each entry is a player id or a Dictionary [code]{"id": int, "name": String,
    /// "deck": Array[int], "energy_per_round": int, "resources_per_round": int, "foresight":
    /// int, "faction": String}[/code] (only [code]id[/code] required; a deck of at most 1 000
    /// cards; [code]foresight[/code]: how
    /// many of each round's next draws they see, see [method get_foreseen]; [code]faction[/code]:
    /// one of the config's [code]factions[/code], see [method commit_reserve]). [param config]
    /// overrides the rule settings and [member catalog]: it takes the names of the settings (from
    /// [member player_entropy] and [member activation_order] to [member
    /// max_reactions_per_activation]; not [member seed], [member randomize_seed] or [member
    /// log_refusals], which are the object's own), a [code]"catalog"[/code] ([CardCatalog]) and
    /// the JSON form's
    /// [code]command_tiers[/code], [code]cards[/code], [code]structures[/code],
    /// [code]action_kinds[/code], [code]reactions[/code] (README, "Cards, structures and
    /// effects"; [code]rules_config.schema.json[/code] in the addon). Returns [constant OK], or
    /// [constant ERR_INVALID_PARAMETER] with the previous game untouched and the path of the bad
    /// field in the error log and [method get_last_refusal].
    #[func]
    pub fn setup(&mut self, players: AnyArray, config: AnyDictionary) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.setup";
        self.ensure_idle_noted(METHOD)?;
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
    /// (London mulligan: each one puts a card on the bottom when the hand is kept, but the first
    /// with three players or more under the config's [code]free_first_mulligan[/code]).
    #[func]
    pub fn take_mulligan(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.run_for("GameRules.take_mulligan", player_id, |player| {
            Command::Mulligan { player }
        })
    }

    /// During the mulligan: [param player_id] keeps their hand, putting the cards at the hand
    /// indices [param bottom] (a [PackedInt64Array], a [PackedInt32Array] or an [Array] of ints;
    /// anything else is misuse) on the bottom of their deck, exactly as many as their mulligans
    /// that count. When everyone has kept, round 1 starts.
    #[func]
    pub fn keep_hand(&mut self, player_id: i64, bottom: Variant) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.keep_hand";
        let bottom = hand_indices(METHOD, &bottom);
        let bottom = self.noted(player_id, bottom)?;
        self.run_for(METHOD, player_id, |player| Command::Keep { player, bottom })
    }

    /// Draws the next token; its owner becomes the active player, whose id is returned — the
    /// draw's own, even when a [signal token_drawn] handler has already ended that activation
    /// ([constant NO_PLAYER] when no draw is possible now: an activation is open, the players'
    /// nonces are awaited, or the game is over; [signal refused] and
    /// [method get_last_refusal] say which).
    #[func]
    pub fn draw_next_token(&mut self) -> Result<i64, Refusal> {
        let applied = self.run_reporting("GameRules.draw_next_token", Command::DrawToken)?;
        Ok(applied.opened.map_or(Self::NO_PLAYER, PlayerId::to_raw))
    }

    /// The active player plays the card at [param hand_index] for its energy cost.
    /// [param context] (any Variant: a target, a position...; [code]null[/code] when left out,
    /// as seed 000 calls it, [code]play_card_from_hand(player, hand_index)[/code]) reaches the
    /// validator and the card's effects.
    #[func]
    pub fn play_card_from_hand(
        &mut self,
        player_id: i64,
        hand_index: i64,
        #[opt(default = &Variant::nil())] context: Variant,
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
    /// resource cost; [param context] (e.g. a position; [code]null[/code] when left out) reaches
    /// the validator.
    #[func]
    pub fn build(
        &mut self,
        player_id: i64,
        structure: GString,
        #[opt(default = &Variant::nil())] context: Variant,
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
                Refusal::invalid_argument(METHOD, format!("not an action: {reason}"))
            });
        self.act(METHOD, player_id, action)
    }

    /// Lets a bot decide for [param player_id]: a mulligan decision during the mulligan, or a
    /// legal action when they are active. With [param strength] 0 (the default) the action is
    /// uniformly random, from the game's own random stream. With [param strength] n (at most
    /// [constant MAX_BOT_STRENGTH]) a Monte Carlo planner plays the odds: it tries every legal
    /// action in n rollouts each, on copies of the game where what this seat cannot see (the
    /// bag's order, the other hands, the decks) is shuffled afresh, played on by random bots to
    /// the end of the next round, and takes the best average victory-point margin. At any
    /// strength a bot holding a faction's reserve token first puts it into the bag when its
    /// activation took its last token of the round (one more activation that round): a
    /// [method commit_reserve] of its own, with its signals, after which a handler that replaced
    /// the game or acted for the player ends the call. Either way the replay records the action
    /// taken, so bot games replay exactly. Should the game's validator
    /// refuse the planned action, the bot decides at random instead. The planner thinks on the
    /// calling thread, and its work grows with [param strength], the legal actions and the
    /// tokens left in the round: on a 2-core machine (release build) one decision for 4 players
    /// of 4 tokens takes about 1 ms at strength 4 and 12 ms at 64; for 8 players of 64 tokens
    /// 0.15 s at 4, 2.7 s at 64 and 10 s at 256 (a debug build is several times slower). Keep it
    /// low where a frame must not wait.
    #[func]
    pub fn bot_decide(
        &mut self,
        player_id: i64,
        #[opt(default = 0)] strength: i64,
    ) -> Result<(), Refusal> {
        const METHOD: &str = "GameRules.bot_decide";
        let rollouts = refusing(METHOD, || {
            Ok(count_from_raw(
                "strength",
                strength,
                0,
                Self::MAX_BOT_STRENGTH as u32,
            )?)
        });
        let rollouts = self.noted(player_id, rollouts)?;
        // The bots' rule puts a reserve token in first, as a command of its own (a replay's
        // BotDecide stays what it was). Should its signals' handlers replace the game or take the
        // decision themselves, the bot has done its part.
        if let (Some(game), Ok(player)) = (self.game.as_deref(), PlayerId::from_raw(player_id))
            && game.bot_commits_reserve(player)
        {
            let clears = self.outbox.clears();
            self.listeners.forget();
            self.apply_and_emit(METHOD, Command::CommitReserve { player })?;
            let active = self.game.as_deref().map(|game| game.state().phase);
            if self.outbox.clears() != clears || active != Some(Phase::Activation { player }) {
                return Ok(());
            }
        }
        let planned = match (
            rollouts,
            self.game.as_deref(),
            PlayerId::from_raw(player_id),
        ) {
            (1.., Some(game), Ok(player)) => game.plan(player, rollouts, game.view_hash(player)),
            _ => None,
        };
        // The planner does not ask the hooks: a pick they refuse falls back, unreported, to the
        // bots' own choice, which does.
        if let (Some(action), Ok(player)) = (planned, PlayerId::from_raw(player_id)) {
            self.listeners.forget();
            let tried = self.try_apply_and_emit(METHOD, Command::Act { player, action });
            if tried.is_ok() {
                return Ok(());
            }
        }
        self.run_for(METHOD, player_id, |player| Command::BotDecide { player })
    }

    /// Lets the game play itself for up to [param rounds] rounds (at most [constant
    /// MAX_AUTOPLAY_ROUNDS] per call): it draws every token and
    /// answers every decision by [param policy] ([constant AUTOPLAY_PASS] or [constant
    /// AUTOPLAY_BOTS]), one command after another exactly as if each were called in turn, with
    /// every signal. It stops early when the game ends, and while a round waits for the players'
    /// nonces ([member player_entropy]: add them with [method add_entropy], then call again).
    /// Returns how many rounds ended; [code]-1[/code] for a bad argument (and an error), and
    /// before [method start_game] or when a command is refused (why is in
    /// [method get_last_refusal]), with the rounds before it played.
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
            _ => Err(Refusal::invalid_argument(
                METHOD,
                format!("policy {policy} is not AUTOPLAY_PASS or AUTOPLAY_BOTS"),
            )),
        };
        let policy = self.noted(Self::NO_PLAYER, policy)?;
        let game = self
            .query(METHOD)
            .and_then(|game| match game.state().phase {
                Phase::Setup => Err(Refusal::from_rules(METHOD, GameError::NotStarted.into())),
                _ => Ok(()),
            });
        self.noted(Self::NO_PLAYER, game)?;
        self.listeners.forget();
        let mut ended = 0;
        while ended < rounds {
            let next = self
                .game
                .as_deref()
                .and_then(|g| g.autoplay_command(policy));
            let Some(command) = next else { break };
            ended += self.apply_and_emit(METHOD, command)?.ended;
        }
        Ok(i64::from(ended))
    }

    /// Takes back the current activation's action: the game, random streams included, goes
    /// back to just before it and the same player acts again on the same token (emits
    /// [signal action_undone]; what the action changed — purses, hands, the bag — is as
    /// before it, so a view reads the state again, as [code]TokenBagDisplay[/code] does). Never past the
    /// draw that started the activation, so an undo cannot re-roll the bag, nor an action that
    /// ended the round or the game, or showed someone something hidden (cards drawn, the bag's
    /// next draws: the undo would give the cost back and leave the look); see [method can_undo].
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
        // Inside a hook, the reason undo_action would give: busy (not "no game").
        if let Err(refusal) = self.ensure_idle("GameRules.get_undo_refusal") {
            refusal.log();
            return GString::from(refusal.reason());
        }
        match self.game.as_deref().map(Game::can_undo) {
            Some(Err(reason)) => GString::from(&reason.to_string()),
            Some(Ok(())) => GString::new(),
            None => GString::from("no game"),
        }
    }

    /// Why [method perform_action] would refuse [param action] for [param player_id] now, by the
    /// rules alone (the [member action_validator] is not asked), as [method get_last_refusal]
    /// would tell it ([code]code[/code], [code]kind[/code], [code]reason[/code], ...); empty
    /// when the rules allow it. Nothing changes, and only misuse (a malformed action, an unknown
    /// structure) is logged: what a UI shows beside a disabled choice.
    /// ```gdscript
    /// var why := rules.get_action_refusal(me, {"type": "build", "structure": "monument"})
    /// build_button.disabled = not why.is_empty()
    /// build_button.tooltip_text = why.get("reason", "")  # e.g. "player 0 cannot afford ..."
    /// ```
    #[func]
    pub fn get_action_refusal(&self, player_id: i64, action: AnyDictionary) -> VarDictionary {
        const METHOD: &str = "GameRules.get_action_refusal";
        let refusal = match convert::to_json(&action.to_variant()).and_then(Action::from_json) {
            Err(reason) => Refusal::invalid_argument(METHOD, format!("not an action: {reason}")),
            // As perform_action would refuse: inside a hook as busy, before setup as no game.
            Ok(action) => match self
                .ensure_idle(METHOD)
                .and_then(|()| self.game.as_deref().ok_or_else(|| no_game(METHOD)))
            {
                Err(refusal) => refusal,
                Ok(game) => {
                    let checked = PlayerId::from_raw(player_id)
                        .map_err(RulesError::from)
                        .and_then(|player| game.check_action(player, &action));
                    match checked {
                        Ok(()) => return VarDictionary::new(),
                        Err(error) => Refusal::from_rules(METHOD, error),
                    }
                }
            },
        };
        // Misuse (a malformed action, an unknown card) is logged; a refusal of play is not.
        refusal.log();
        refusal.to_dictionary(player_id)
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
            Refusal::invalid_argument(METHOD, format!("nonce: {reason}"))
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

    /// During a round, at any moment (it is not an action and needs no activation): [param
    /// player_id] puts one of their faction's reserve tokens into this round's bag, one more
    /// activation this round ([code]reserve[/code] in [method get_player_state] counts what is
    /// left). Refused with [constant ERR_CANT_ACQUIRE_RESOURCE] when none is held back (or the bag
    /// has no room); emits [signal bag_changed].
    #[func]
    pub fn commit_reserve(&mut self, player_id: i64) -> Result<(), Refusal> {
        self.run_for("GameRules.commit_reserve", player_id, |player| {
            Command::CommitReserve { player }
        })
    }

    /// Gives [param player_id] the display name [param name] at any time (an online host uses
    /// the name typed in the lobby): 1 to 64 characters, not only spaces, no line breaks or other
    /// control characters. Emits [signal player_renamed]; saved and replayed like any command.
    #[func]
    pub fn rename_player(&mut self, player_id: i64, name: GString) -> Result<(), Refusal> {
        let name = name.to_string();
        self.run_for("GameRules.rename_player", player_id, |player| {
            Command::Rename { player, name }
        })
    }
}

/// The hand indices in `bottom` (see [`convert::int_list`]).
fn hand_indices(method: &'static str, bottom: &Variant) -> Result<Vec<u32>, Refusal> {
    let raw = convert::int_list(bottom).map_err(|why| {
        Refusal::invalid_argument(
            method,
            format!("bottom is not an Array of hand indices: {why}"),
        )
    })?;
    raw.into_iter()
        .map(|index| {
            count_from_raw("hand index", index, 0, u32::MAX)
                .map_err(|error| Refusal::from_rules(method, error.into()))
        })
        .collect()
}
