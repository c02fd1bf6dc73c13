//! The game's own judgement: [`Hooks`] the rules consult while they resolve an action, and how
//! what the hooks decided is kept so that a replay reproduces the game without them.
//!
//! A hook is outside the rules (a GDScript `Callable`, a server's placement check); nothing says
//! it answers the same way twice. So [`Game::apply_with`](crate::game::Game::apply_with) records
//! every answer a hook gives during an accepted command ([`HookTrace`]), the game keeps the
//! traces beside its commands, and [`Replay::play`](crate::game::replay::Replay::play) answers
//! from them ([`Playback`]). A replay whose commands ask a hook something the trace does not
//! hold is refused, never played into a different game.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::command::Action;
use crate::game::config::GameConfig;
use crate::game::state::GameState;
use crate::ids::{ActionId, CardId, PlayerId};

/// The game's own judgement, called during [`crate::game::Game::apply_with`]: placement rules
/// and extra reactions. Both receive a read-only view of the state as it is at that moment.
pub trait Hooks {
    /// Accepts or rejects an action that passed the core's checks (`Err` holds the reason).
    fn validate(
        &mut self,
        view: GameView<'_>,
        player: PlayerId,
        action: &Action,
    ) -> Result<(), String> {
        let _ = (view, player, action);
        Ok(())
    }

    /// Reactions to `resolved`, beyond the config's reaction rules. `Err` (with the reason)
    /// refuses the whole activation, which is rolled back.
    fn reactions(
        &mut self,
        view: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        let _ = (view, resolved);
        Ok(Vec::new())
    }

    /// Whether these hooks accept everything and add nothing, always: then there is nothing to
    /// record for a replay. Only [`NoHooks`] says so.
    fn is_neutral(&self) -> bool {
        false
    }
}

/// Hooks that accept everything and add no reactions.
pub struct NoHooks;

impl Hooks for NoHooks {
    fn is_neutral(&self) -> bool {
        true
    }
}

/// A read-only view of a game for hooks and queries.
#[derive(Clone, Copy)]
pub struct GameView<'a> {
    /// The rules' data.
    pub config: &'a GameConfig,
    /// The state.
    pub state: &'a GameState,
}

impl GameView<'_> {
    /// Who acts in the next `depth` activations of this round in seat or initiative order (see
    /// [`crate::game::Game::upcoming_activations`]); `None` for the bag.
    pub fn upcoming_activations(&self, depth: usize) -> Option<Vec<PlayerId>> {
        self.state.sequencer.upcoming(&self.state.bag, depth)
    }

    /// The player the mercy rule (config `max_streak`) passes over for the next draw, if any:
    /// never one without a token left, whom no draw could pick anyway.
    pub fn capped_player(&self) -> Option<PlayerId> {
        let bag = &self.state.bag;
        self.state
            .sequencer
            .capped_player(bag)
            .filter(|&player| bag.tally(player).is_ok_and(|tally| tally.remaining > 0))
    }
}

/// An action that has just resolved, as reaction rules and hooks see it.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedAction {
    /// Its id.
    pub id: ActionId,
    /// Who performed it.
    pub player: PlayerId,
    /// What it was.
    pub action: Action,
    /// 0 for the active player's action, 1 for a reaction to it, ...
    pub depth: u32,
    /// The card it played (a `play_card`, whose card has left the hand by now).
    pub card: Option<CardId>,
    /// Whether it is only being tried out on a copy of the game (to list the legal actions),
    /// not taken.
    pub trial: bool,
}

/// A reaction to perform: `player` performs the custom action kind `kind`, free of cost.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reaction {
    /// Who reacts.
    pub player: PlayerId,
    /// A custom action kind from the config.
    pub kind: String,
    /// Context for its effects.
    #[serde(default)]
    pub context: Value,
}

/// One answer a hook gave, in the order the rules asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum HookDecision {
    /// [`Hooks::validate`] accepted.
    Accepted,
    /// [`Hooks::validate`] rejected, for this reason.
    Rejected(String),
    /// [`Hooks::reactions`] added these.
    Reactions(Vec<Reaction>),
    /// [`Hooks::reactions`] refused the activation, for this reason.
    ReactionsRefused(String),
}

/// What the hooks decided during one accepted command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HookTrace {
    /// The command's index in the game's command history.
    pub command: u64,
    /// The hooks' answers, in the order the rules asked.
    pub decisions: Vec<HookDecision>,
}

/// Passes every question on to `inner` and keeps its answers.
pub struct Recorder<'a> {
    inner: &'a mut dyn Hooks,
    /// The answers so far, in order.
    pub decisions: Vec<HookDecision>,
}

impl<'a> Recorder<'a> {
    /// Records what `inner` decides.
    pub fn new(inner: &'a mut dyn Hooks) -> Self {
        Recorder {
            inner,
            decisions: Vec::new(),
        }
    }
}

impl Hooks for Recorder<'_> {
    fn validate(
        &mut self,
        view: GameView<'_>,
        player: PlayerId,
        action: &Action,
    ) -> Result<(), String> {
        let verdict = self.inner.validate(view, player, action);
        self.decisions.push(match &verdict {
            Ok(()) => HookDecision::Accepted,
            Err(reason) => HookDecision::Rejected(reason.clone()),
        });
        verdict
    }

    fn reactions(
        &mut self,
        view: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        let reactions = self.inner.reactions(view, resolved);
        self.decisions.push(match &reactions {
            Ok(list) => HookDecision::Reactions(list.clone()),
            Err(reason) => HookDecision::ReactionsRefused(reason.clone()),
        });
        reactions
    }
}

/// Answers from a recorded trace, in order; notes the first question the trace cannot answer.
pub struct Playback<'a> {
    decisions: std::slice::Iter<'a, HookDecision>,
    /// What went wrong, if the rules asked something the trace does not hold.
    pub diverged: Option<String>,
}

impl<'a> Playback<'a> {
    /// Plays back `decisions` (empty: the command asked nothing of the hooks).
    pub fn new(decisions: &'a [HookDecision]) -> Self {
        Playback {
            decisions: decisions.iter(),
            diverged: None,
        }
    }

    /// Why the playback does not match the command it was recorded for: a question the trace
    /// could not answer, or answers left over.
    pub fn mismatch(&self) -> Option<String> {
        match (&self.diverged, self.decisions.len()) {
            (Some(reason), _) => Some(reason.clone()),
            (None, 0) => None,
            (None, left) => Some(format!(
                "{left} recorded hook decisions were never asked for"
            )),
        }
    }

    fn next(&mut self, asked: &str) -> Option<&'a HookDecision> {
        let next = self.decisions.next();
        if next.is_none() && self.diverged.is_none() {
            self.diverged = Some(format!(
                "the rules asked the {asked} hook, but nothing was recorded"
            ));
        }
        next
    }

    fn diverge(&mut self, asked: &str, found: &HookDecision) -> String {
        let reason = format!("the rules asked the {asked} hook, but the record holds {found:?}");
        self.diverged.get_or_insert_with(|| reason.clone());
        reason
    }
}

impl Hooks for Playback<'_> {
    fn validate(&mut self, _: GameView<'_>, _: PlayerId, _: &Action) -> Result<(), String> {
        match self.next("validate") {
            Some(HookDecision::Accepted) => Ok(()),
            Some(HookDecision::Rejected(reason)) => Err(reason.clone()),
            Some(other) => Err(self.diverge("validate", other)),
            None => Err("no recorded decision".to_owned()),
        }
    }

    fn reactions(&mut self, _: GameView<'_>, _: &ResolvedAction) -> Result<Vec<Reaction>, String> {
        match self.next("reactions") {
            Some(HookDecision::Reactions(list)) => Ok(list.clone()),
            Some(HookDecision::ReactionsRefused(reason)) => Err(reason.clone()),
            Some(other) => Err(self.diverge("reactions", other)),
            None => Err("no recorded decision".to_owned()),
        }
    }
}
