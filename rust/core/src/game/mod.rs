//! The Horizon's Edge round loop: one [`Game`] whose state changes only through
//! [`Game::apply`].
//!
//! ```text
//! setup ─ start_game ─► mulligan (London) ─ everyone keeps ─► round 1
//!
//! round r: every living player: energy reset + generated, resources gained, draw to hand limit
//!          commitment to round r's secret published ─ every living player puts
//!          max_command_tokens into a fresh bag keyed by that secret ─ shuffle
//!   ┌─► draw_token ─► activation: the owner takes exactly one action (+ its reactions)
//!   └──── bag not empty ◄─┘
//!          after the last token's action: secret revealed, round ends (until-end-of-round
//!          effects expire)
//!          ─► round r + 1, or game over (round limit, victory points, last player standing)
//! ```
//!
//! `apply` validates a command completely before anything changes, then runs it on a copy of the
//! state that replaces the original only on success: a refused command — including an action
//! whose reactions break a limit halfway — leaves the game byte-identical and the token with its
//! owner. Events go straight into the log and are taken out again on refusal. The one command
//! run on the state itself is a draw from the bag, which can only be refused before it changes
//! anything.

pub mod actions;
pub mod activation;
pub mod bag_effects;
pub mod bots;
pub mod command;
pub mod config;
pub mod effect_defs;
pub mod effects;
pub mod emitter;
pub mod event;
pub mod flow;
pub mod hooks;
pub mod layers;
pub mod mulligan;
pub mod objects;
pub mod planner;
pub mod replay;
pub mod save;
pub mod snapshot;
pub mod state;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use crate::error::{GameError, RulesError};
use crate::ids::PlayerId;
use crate::random::RandomStream;
use bots::Autoplay;
use command::{Action, Command};
use config::GameConfig;
use emitter::Emitter;
use event::{Event, EventRecord};
pub use hooks::{GameView, Hooks, NoHooks, Reaction, ResolvedAction};
use hooks::{HookTrace, Recorder};
use state::{Counters, GameState, Phase, Player, PlayerSetup};

/// Random stream numbers: each purpose draws from its own ChaCha20 stream of the game's seed, so
/// no use of randomness can shift another (bots never move the bag).
pub mod streams {
    /// The secret (key and salt) of round `r` comes from stream `ROUND_SECRETS | r`; the round's
    /// bag and first seat come from that key (see [`crate::fairness`]).
    pub const ROUND_SECRETS: u64 = 1 << 32;
    /// Deck shuffles (setup and mulligans).
    pub const DECKS: u64 = 2 << 32;
    /// Bot decisions.
    pub const BOTS: u64 = 3 << 32;
    /// Stream of a round's key that picks the first player in seat order (stream 0 is the bag).
    pub const ROUND_KEY_SEATS: u64 = 1;
}

/// The most players in one game.
pub const MAX_PLAYERS: usize = crate::bag::MAX_PLAYERS;

/// One game of Horizon's Edge: config, state, and the log of what happened.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    // Shared: read-only for the whole game, and handed to views that outlive a borrow.
    config: Arc<GameConfig>,
    seating: Vec<PlayerSetup>,
    // Boxed, like the undo point and the spares: a command swaps states, and a pointer moves
    // faster than a kilobyte and a half.
    state: Box<GameState>,
    /// The state before the current activation's action, while it can be undone.
    undo: Option<Box<GameState>>,
    log: Vec<EventRecord>,
    commands: Vec<Command>,
    /// What the hooks decided during the commands that asked them, for replays.
    hook_traces: Vec<HookTrace>,
    spares: Spares,
}

/// Retired states whose allocations the next commands' working copies reuse, so that a command
/// copies the state without allocating. Not part of the game: cloning, equality and debug output
/// ignore it.
#[derive(Default)]
#[expect(
    clippy::vec_box,
    reason = "the boxes move between the state, the undo point and here without copying"
)]
struct Spares(Vec<Box<GameState>>);

impl Spares {
    /// As many as one command can retire: the state it replaced and the undo point it dropped.
    const KEPT: usize = 2;

    /// A copy of `state`, made in a retired state's allocations when there is one.
    fn copy_of(&mut self, state: &GameState) -> Box<GameState> {
        match self.0.pop() {
            Some(mut spare) => {
                spare.copy_from(state);
                spare
            }
            None => Box::new(state.clone()),
        }
    }

    /// Keeps `state`, if any, for reuse, or drops it when enough are kept.
    fn retire(&mut self, state: Option<Box<GameState>>) {
        if let Some(state) = state.filter(|_| self.0.len() < Self::KEPT) {
            self.0.push(state);
        }
    }
}

impl Clone for Spares {
    fn clone(&self) -> Self {
        Spares::default()
    }
}

impl PartialEq for Spares {
    fn eq(&self, _: &Spares) -> bool {
        true
    }
}

impl std::fmt::Debug for Spares {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Spares")
    }
}

/// Checks how `players` are seated under `config`: 1 to 8 of them, unique ids, factions the
/// config defines, decks of cards from its catalog no longer than a deck may be, reaction rules
/// of seated players only, and (when
/// `names` is set, as for a new game; a save keeps the names it was played with) names that
/// `Command::Rename` would accept.
pub(crate) fn check_seating(
    players: &[PlayerSetup],
    config: &GameConfig,
    names: bool,
) -> Result<(), GameError> {
    if players.is_empty() || players.len() > MAX_PLAYERS {
        return Err(GameError::InvalidSetup(format!(
            "{} players given; a game seats 1 to {MAX_PLAYERS}",
            players.len()
        )));
    }
    for (index, player) in players.iter().enumerate() {
        if players[..index].iter().any(|p| p.id == player.id) {
            return Err(GameError::InvalidSetup(format!(
                "player id {} is used twice",
                player.id
            )));
        }
        // A name, if given, is one `Command::Rename` would accept.
        if names && !player.name.is_empty() {
            command::check_name(&player.name).map_err(|error| {
                GameError::InvalidSetup(format!("player {}'s name: {error}", player.id))
            })?;
        }
        if let Some(faction) = &player.faction
            && !config.factions.contains_key(faction)
        {
            return Err(GameError::InvalidSetup(format!(
                "player {}'s faction \"{faction}\" is not in the config's factions",
                player.id
            )));
        }
        if player.deck.len() > state::MAX_CARDS_PER_PLAYER {
            return Err(GameError::InvalidSetup(format!(
                "player {}'s deck holds {} cards; a deck holds at most {}",
                player.id,
                player.deck.len(),
                state::MAX_CARDS_PER_PLAYER
            )));
        }
        if let Some(card) = player.deck.iter().find(|c| !config.cards.contains_key(c)) {
            return Err(GameError::InvalidSetup(format!(
                "player {}'s deck holds card {card}, which is not in the card catalog",
                player.id
            )));
        }
    }
    if let Some(owner) = config
        .reactions
        .iter()
        .filter_map(|rule| rule.owner)
        .find(|owner| players.iter().all(|p| p.id != *owner))
    {
        return Err(GameError::InvalidSetup(format!(
            "a reaction rule belongs to player {owner}, who is not seated"
        )));
    }
    Ok(())
}

impl Game {
    /// Seats `players` (1 to 8, unique ids, in seat order) under `config`; every random decision
    /// will come from `seed`. The game starts in [`Phase::Setup`].
    pub fn new(
        players: Vec<PlayerSetup>,
        mut config: GameConfig,
        seed: u64,
    ) -> Result<Game, GameError> {
        config.validate()?;
        // Said outright, so that a save tells this game from one saved before the choice.
        config.free_first_mulligan.get_or_insert(false);
        Self::seat(players, config, seed, true)
    }

    /// [`Game::new`] for a game a replay plays again: its config and names are held only to the
    /// rules a save is (names, and rules a later build refuses at setup, as the game was played).
    pub(crate) fn new_replayed(
        players: Vec<PlayerSetup>,
        config: GameConfig,
        seed: u64,
    ) -> Result<Game, GameError> {
        config.validate_loaded()?;
        Self::seat(players, config, seed, false)
    }

    /// Seats `players` under a checked `config`; `names` as for [`check_seating`].
    fn seat(
        players: Vec<PlayerSetup>,
        config: GameConfig,
        seed: u64,
        names: bool,
    ) -> Result<Game, GameError> {
        check_seating(&players, &config, names)?;
        let seating = players.clone();
        let state = GameState {
            seed,
            key: None,
            players: players
                .into_iter()
                .map(|p| Player::new(p, &config))
                .collect(),
            phase: Phase::Setup,
            round: 0,
            active: None,
            bag: crate::bag::Bag::new(seed),
            sequencer: activation::Sequencer::Bag,
            extra_actions: 0,
            entropy: state::RoundEntropy::default(),
            objects: Vec::new(),
            effects: Vec::new(),
            counters: Counters::default(),
            deck_rng: RandomStream::derived(seed, streams::DECKS),
            bot_rng: RandomStream::derived(seed, streams::BOTS),
        };
        Ok(Game {
            config: Arc::new(config),
            seating,
            state: Box::new(state),
            undo: None,
            log: Vec::new(),
            commands: Vec::new(),
            hook_traces: Vec::new(),
            spares: Spares::default(),
        })
    }

    /// Applies `command` with no game hooks. See [`Game::apply_with`].
    pub fn apply(&mut self, command: Command) -> Result<Vec<Event>, RulesError> {
        self.apply_with(command, &mut NoHooks)
    }

    /// Validates and carries out `command`, consulting `hooks`; returns what happened, in order.
    /// On `Err` nothing has changed.
    pub fn apply_with(
        &mut self,
        command: Command,
        hooks: &mut dyn Hooks,
    ) -> Result<Vec<Event>, RulesError> {
        let records = self.apply_logged(command, hooks)?;
        Ok(records.iter().map(|record| record.event.clone()).collect())
    }

    /// [`Game::apply_with`] for callers that read the log: returns the records `command` added
    /// to it (see [`Game::events_since`]) rather than copies of their events.
    ///
    /// What `hooks` decide is recorded with the command (see [`hooks`]), so that the game's
    /// [`Game::replay`] plays it again exactly. A panic while the command runs — in a hook, or a
    /// bug in the rules — is caught and refuses the command like any other error: the game is
    /// left as it was, and whoever called can go on using it.
    pub fn apply_logged(
        &mut self,
        command: Command,
        hooks: &mut dyn Hooks,
    ) -> Result<&[EventRecord], RulesError> {
        let start = self.log.len();
        let index = self.commands.len() as u64;
        let mut out = Emitter::recording(std::mem::take(&mut self.log), index, self.state.round);
        let mut recorder = (!hooks.is_neutral()).then(|| Recorder::new(hooks));
        let result = catch_unwind(AssertUnwindSafe(|| {
            let hooks: &mut dyn Hooks = match &mut recorder {
                Some(recorder) => recorder,
                None => &mut NoHooks,
            };
            self.change_state(&command, hooks, &mut out)
        }))
        .unwrap_or_else(|panic| Err(RulesError::Internal(panic_message(panic.as_ref()))));
        self.log = out.into_log();
        match result {
            Ok(()) => {
                self.commands.push(command);
                if let Some(decisions) = recorder.map(|r| r.decisions)
                    && !decisions.is_empty()
                {
                    self.hook_traces.push(HookTrace {
                        command: index,
                        decisions,
                    });
                }
                Ok(&self.log[start..])
            }
            Err(error) => {
                self.log.truncate(start);
                Err(error)
            }
        }
    }

    /// The state change of [`Game::apply_logged`], with the undo point and spares kept up;
    /// events go to `out`. On `Err` the state is as it was.
    fn change_state(
        &mut self,
        command: &Command,
        hooks: &mut dyn Hooks,
        out: &mut Emitter,
    ) -> Result<(), RulesError> {
        let (undoable, round) = (is_action(&self.state, command), self.state.round);
        let foreseen = bag_effects::foresight_key(&self.state);
        let mark = out.mark();
        let next = match command {
            Command::Undo => {
                // The undo point becomes the state as it is: nothing to copy.
                let next = self
                    .undo
                    .take()
                    .ok_or_else(|| self.cannot_undo(out.log()))?;
                if let Phase::Activation { player } = next.phase {
                    out.push(Event::ActionUndone { player });
                }
                Some(next)
            }
            // Refused, if at all, before anything changes: the one command run on the state
            // itself (half of the round loop's commands).
            Command::DrawToken if flow::draw_is_sure(&self.state) => {
                flow::draw_token(&mut self.state, out)?;
                None
            }
            _ => {
                let mut next = self.spares.copy_of(&self.state);
                if let Err(error) = dispatch(&self.config, &mut next, command, hooks, out) {
                    self.spares.retire(Some(next));
                    return Err(error);
                }
                Some(next)
            }
        };
        let previous = next.map(|next| std::mem::replace(&mut self.state, next));
        if bag_effects::foresight_key(&self.state) != foreseen {
            bag_effects::foresee(&self.state, &foreseen, out);
        }
        // After an action the state it replaced is the undo point; any other command ends it,
        // and so does an action that ended the round or the game (its secret is revealed and the
        // next round dealt) or showed someone something hidden (cards drawn, the next draws):
        // an undo would hand the players a second look.
        let still_open = self.state.round == round
            && !matches!(self.state.phase, Phase::GameOver { .. })
            && !out.revealed_since(mark);
        let dropped_undo = if undoable && still_open {
            std::mem::replace(&mut self.undo, previous)
        } else {
            self.spares.retire(previous);
            self.undo.take()
        };
        self.spares.retire(dropped_undo);
        Ok(())
    }

    /// Whether the rules would let `player` take `action` now (the game's hooks are not asked);
    /// the error says why not: not their turn, the wrong phase, cannot afford it, an unknown
    /// card or structure, or — tried out on a copy of the state — an effect without its target
    /// or a reaction chain past the limits. What a UI shows beside a disabled choice.
    pub fn check_action(&self, player: PlayerId, action: &Action) -> Result<(), RulesError> {
        actions::check(self.view(), &mut NoHooks, player, action)?;
        let mut trial = self.state.as_ref().clone();
        actions::act(
            &self.config,
            &mut trial,
            &mut NoHooks,
            player,
            action,
            &mut Emitter::quiet(),
        )
    }

    /// Whether [`Command::Undo`] would be accepted now; the error says why not. Only the
    /// action of the current activation can be undone, and never the draw that started it: the
    /// bag's stream comes back with the state, so undoing and acting again cannot re-roll a draw.
    /// Nor an action that ended the round or the game, or showed someone something hidden
    /// (cards drawn, the bag's next draws): the undo would hand out a second look.
    pub fn can_undo(&self) -> Result<(), GameError> {
        match self.undo {
            Some(_) => Ok(()),
            None => Err(self.cannot_undo(&self.log)),
        }
    }

    /// Why there is no undo point, from the last command.
    fn cannot_undo(&self, log: &[EventRecord]) -> GameError {
        let reason = match self.commands.last() {
            None => "nothing has happened yet",
            Some(Command::DrawToken) => {
                "the last command drew a token; undoing it could re-roll the bag"
            }
            Some(Command::Undo) => "the action was already undone",
            // An action that ended the round may also have dealt the next round's cards.
            Some(_)
                if !last_command_made(log, self.commands.len(), |e| {
                    matches!(e, Event::RoundEnded { .. } | Event::GameOver { .. })
                }) && last_command_made(log, self.commands.len(), Event::reveals) =>
            {
                "the action showed something hidden (cards drawn, the bag's next draws); \
                 undoing it would hand out a second look"
            }
            Some(_) => {
                "only the action of the current activation can be undone, and not one that \
                 ended the round or the game"
            }
        };
        GameError::CannotUndo { reason }
    }

    /// The rules' data.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The rules' data, shared (it never changes during a game): for a view of the game that
    /// must outlive a borrow of it.
    pub fn shared_config(&self) -> Arc<GameConfig> {
        Arc::clone(&self.config)
    }

    /// The current state.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// A read-only view for queries.
    pub fn view(&self) -> GameView<'_> {
        GameView {
            config: &self.config,
            state: &self.state,
        }
    }

    /// Every logged event with a sequence number above `seq` (0 gives the whole log).
    pub fn events_since(&self, seq: u64) -> &[EventRecord] {
        let start = usize::try_from(seq)
            .unwrap_or(usize::MAX)
            .min(self.log.len());
        &self.log[start..]
    }

    /// The sequence number of the newest logged event (0 before any).
    pub fn last_seq(&self) -> u64 {
        self.log.len() as u64
    }

    /// The accepted commands, in order: with the seed and [`Game::hook_traces`], a complete
    /// record of the game.
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// What the hooks decided during the commands that asked them, oldest first.
    pub fn hook_traces(&self) -> &[HookTrace] {
        &self.hook_traces
    }

    /// Who acts in the next `depth` activations of this round when the config's activation
    /// order is seats or initiative (exact, unless the game changes in between); `None` for the
    /// bag, whose order stays secret.
    pub fn upcoming_activations(&self, depth: usize) -> Option<Vec<PlayerId>> {
        self.view().upcoming_activations(depth)
    }

    /// The action the Monte Carlo planner ([`planner::plan`]) picks for the active `player`,
    /// `rollouts` determinized rollouts per legal action, its choices from `seed`; `None` when
    /// `player` is not active.
    pub fn plan(&self, player: PlayerId, rollouts: u32, seed: u64) -> Option<Action> {
        planner::plan(self.view(), player, rollouts, seed)
    }

    /// Whether a bot playing `player` puts a reserve token into the bag now
    /// ([`bots::commits_reserve`]): a driver of bots gives [`Command::CommitReserve`] before the
    /// bot's decision ([`Command::BotDecide`], or the planner's action from [`Game::plan`]).
    pub fn bot_commits_reserve(&self, player: PlayerId) -> bool {
        bots::commits_reserve(&self.state, player)
    }

    /// The next command of this game playing itself under `policy` (see
    /// [`bots::autoplay_command`]); `None` where it has to stop.
    pub fn autoplay_command(&self, policy: Autoplay) -> Option<Command> {
        bots::autoplay_command(&self.config, &self.state, policy)
    }

    /// Every action `player` could take now that `apply` would accept (given the same hooks).
    /// `create_token` is not listed: its stats are the caller's choice.
    pub fn legal_actions(&self, player: PlayerId, hooks: &mut dyn Hooks) -> Vec<Action> {
        bots::legal_actions(self.view(), player, hooks)
    }
}

/// What a caught panic said, for the error that refuses its command.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// Whether one of the events `log` ends with, of the last of `commands` commands, is `wanted`.
fn last_command_made(
    log: &[EventRecord],
    commands: usize,
    wanted: impl Fn(&Event) -> bool,
) -> bool {
    let Some(last) = (commands as u64).checked_sub(1) else {
        return false;
    };
    log.iter()
        .rev()
        .take_while(|record| record.command == last)
        .any(|record| wanted(&record.event))
}

/// Whether `command` is an activation's action (what [`Command::Undo`] can take back).
fn is_action(state: &GameState, command: &Command) -> bool {
    match command {
        Command::Act { .. } => true,
        Command::BotDecide { player } => state.phase == (Phase::Activation { player: *player }),
        _ => false,
    }
}

/// Carries out `command` on `state`, events to `out`; on `Err` `state` may be half changed (the
/// caller runs it on a copy).
pub(crate) fn dispatch(
    config: &GameConfig,
    state: &mut GameState,
    command: &Command,
    hooks: &mut dyn Hooks,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    match command {
        Command::StartGame => flow::start_game(config, state, out)?,
        Command::Mulligan { player } => mulligan::mulligan(config, state, *player, out)?,
        Command::Keep { player, bottom } => mulligan::keep(config, state, *player, bottom, out)?,
        Command::DrawToken => flow::draw_token(state, out)?,
        Command::Act { player, action } => {
            actions::act(config, state, hooks, *player, action, out)?
        }
        Command::BotDecide { player } => bots::decide_and_act(config, state, hooks, *player, out)?,
        Command::AddEntropy { player, nonce } => {
            flow::add_entropy(config, state, *player, *nonce, out)?
        }
        Command::Eliminate { player } => flow::eliminate(config, state, *player, out)?,
        Command::Rekey { key } => flow::rekey(state, *key)?,
        Command::Rename { player, name } => flow::rename(state, *player, name, out)?,
        Command::CommitReserve { player } => bag_effects::commit_reserve(state, *player, out)?,
        // Handled by `Game::apply_with`, which holds the state to go back to.
        Command::Undo => {
            return Err(GameError::CannotUndo {
                reason: "no undo point",
            }
            .into());
        }
    }
    // Characteristics follow every change of the state (seed 001), not only actions: a round's
    // refill changes what a hand-size CDA reads. A draw from the bag (which `change_state` may
    // run on the state itself) changes nothing a characteristic reads.
    if *command != Command::DrawToken {
        layers::settle(state, out);
    }
    Ok(())
}
