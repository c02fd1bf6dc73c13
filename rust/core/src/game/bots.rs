//! Bots and the list of legal actions: a bot picks uniformly at random among exactly the actions
//! `apply` would accept, using the game's own bot stream (so bot games replay exactly).

use crate::error::{GameError, RulesError};
use crate::fairness::Bytes32;
use crate::game::command::{Action, Command};
use crate::game::config::GameConfig;
use crate::game::mulligan::{can_mulligan, cards_to_bottom};
use crate::game::state::{GameState, Phase};
use crate::game::{Emitter, GameView, Hooks, NoHooks, actions, bag_effects};
use crate::ids::PlayerId;

/// One in this many first decisions of a bot is a mulligan.
const BOT_MULLIGAN_ODDS: u32 = 4;

/// Every action `player` could take now that `apply` would accept with the same hooks: each
/// candidate (pass, upgrade, every card in hand, every structure, every custom kind, all with an
/// empty context) is tried on a copy of the state exactly as `apply` would carry it out, so a
/// listed action is never refused (not even by a missing target or a reaction limit).
pub fn legal_actions(view: GameView<'_>, player: PlayerId, hooks: &mut dyn Hooks) -> Vec<Action> {
    if view.state.phase != (Phase::Activation { player }) {
        return Vec::new();
    }
    // One trial state for all candidates, made by the first and copied over again for the rest.
    let mut trial: Option<GameState> = None;
    candidates(view, player)
        // The cheap checks first (no copy, no validator); only what passes them is tried out.
        .filter(|action| actions::check(view, &mut NoHooks, player, action).is_ok())
        .filter(|action| {
            let trial = match &mut trial {
                Some(trial) => {
                    trial.copy_from(view.state);
                    trial
                }
                None => trial.insert(view.state.clone()),
            };
            actions::act(
                view.config,
                trial,
                hooks,
                player,
                action,
                &mut Emitter::quiet(),
            )
            .is_ok()
        })
        .collect()
}

/// The actions a bot considers for `player`, legal or not: pass, upgrade, every card in hand,
/// every structure and every custom kind, all with an empty context.
pub fn candidates(view: GameView<'_>, player: PlayerId) -> impl Iterator<Item = Action> + '_ {
    (0..candidate_count(view, player)).filter_map(move |index| candidate(view, player, index))
}

/// How many actions [`candidates`] lists for `player`.
pub fn candidate_count(view: GameView<'_>, player: PlayerId) -> usize {
    let hand_size = view.state.player(player).map_or(0, |p| p.hand.len());
    2 + hand_size + view.config.structures.len() + view.config.action_kinds.len()
}

/// The `index`th action of [`candidates`], made only when asked for (a structure's or a kind's
/// name is a copy to make); `None` past the last.
pub fn candidate(view: GameView<'_>, player: PlayerId, index: usize) -> Option<Action> {
    let context = serde_json::Value::Null;
    let hand_size = view.state.player(player).map_or(0, |p| p.hand.len());
    let Some(index) = index.checked_sub(2) else {
        return Some([Action::Pass, Action::UpgradeCommand][index].clone());
    };
    if index < hand_size {
        return Some(Action::PlayCard {
            hand_index: index as u32,
            context,
        });
    }
    let index = index - hand_size;
    let structures = &view.config.structures;
    if let Some(structure) = structures.keys().nth(index) {
        return Some(Action::Build {
            structure: structure.clone(),
            context,
        });
    }
    let kind = view
        .config
        .action_kinds
        .keys()
        .nth(index - structures.len())?;
    Some(Action::Custom {
        kind: kind.clone(),
        context,
    })
}

/// How a game that plays itself answers its decisions (see [`autoplay_command`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoplay {
    /// Every opening hand is kept and every activation passes: the bare round loop.
    Pass,
    /// A bot decides every mulligan and every activation ([`Command::BotDecide`]).
    Bots,
}

/// The next command of a game playing itself under `policy`: a draw when a token is due, the
/// policy's answer for the active player (for bots, their reserve token first when
/// [`commits_reserve`] says so) or for the first player still deciding on a mulligan.
/// `None` where it has to stop: before the game starts, once it is over, and while the round
/// waits for players' nonces (config `player_entropy`), which only the players can give.
pub fn autoplay_command(
    config: &GameConfig,
    state: &GameState,
    policy: Autoplay,
) -> Option<Command> {
    let deciding = match state.phase {
        Phase::AwaitingDraw if state.entropy.pending.is_empty() => return Some(Command::DrawToken),
        Phase::Activation { player } => state.player(player)?,
        Phase::Mulligan => state.players.iter().find(|p| !p.kept && !p.eliminated)?,
        Phase::AwaitingDraw | Phase::Setup | Phase::GameOver { .. } => return None,
    };
    let player = deciding.id;
    Some(match (policy, state.phase) {
        (Autoplay::Bots, _) if commits_reserve(state, player) => Command::CommitReserve { player },
        (Autoplay::Bots, _) => Command::BotDecide { player },
        (Autoplay::Pass, Phase::Mulligan) => Command::Keep {
            player,
            bottom: (0..cards_to_bottom(config, state, deciding)).collect(),
        },
        (Autoplay::Pass, _) => Command::Act {
            player,
            action: Action::Pass,
        },
    })
}

/// Whether a bot whose activation it is puts one of its faction's reserve tokens into the bag
/// now: when it holds one back and this activation took its last token of the round (it would
/// not act again this round otherwise), and the bag takes one more of its tokens. A reserve
/// token is one more activation in some round of the game: a bot spends it on the first round
/// it runs out, rather than keep it unused to the end. A driver of bots gives
/// [`Command::CommitReserve`] before the bot's decision ([`autoplay_command`] does), so that
/// [`Command::BotDecide`] means what it always meant and older replays play the same.
pub fn commits_reserve(state: &GameState, player: PlayerId) -> bool {
    state.phase == (Phase::Activation { player })
        && state
            .player(player)
            .is_some_and(|p| p.reserve > 0 && !p.eliminated)
        && state.bag.player_remaining(player) == Ok(0)
        && state.bag.room_for(player) > 0
}

/// Puts `player`'s reserve token into the bag when [`commits_reserve`] says a bot does (a
/// planner's rollout, which plays bots without commands).
pub fn spend_reserve(
    state: &mut GameState,
    player: PlayerId,
    out: &mut Emitter,
) -> Result<(), GameError> {
    match commits_reserve(state, player) {
        true => bag_effects::commit_reserve(state, player, out),
        false => Ok(()),
    }
}

/// Carries out a bot's decision for `player` ([`decide`]). Should the game's hooks refuse the
/// action they listed as legal a moment before (a hook need not answer the same way twice), the
/// bot passes instead, which the validator is never asked about: a bot always ends its
/// activation, so a game of bots never stalls.
pub fn decide_and_act(
    config: &GameConfig,
    state: &mut GameState,
    hooks: &mut dyn Hooks,
    player: PlayerId,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    let decision = decide(config, state, hooks, player)?;
    let Command::Act { action, .. } = &decision else {
        return super::dispatch(config, state, &decision, hooks, out);
    };
    if *action == Action::Pass {
        return actions::act(config, state, hooks, player, action, out);
    }
    let before = (state.clone(), out.mark());
    match actions::act(config, state, hooks, player, action, out) {
        // The hooks refused it a moment after it was listed as legal: the validator, or the
        // provider's reactions (past the chain's limits, or aimed at nothing in play).
        Err(RulesError::Game(
            GameError::RejectedByGame { .. }
            | GameError::ReactionWithoutTarget { .. }
            | GameError::ReactionTooDeep { .. }
            | GameError::TooManyReactions { .. },
        )) => {
            *state = before.0;
            out.rewind(before.1);
            out.cause = None;
            actions::act(config, state, hooks, player, &Action::Pass, out)
        }
        other => other,
    }
}

/// The command a bot gives for `player` now: a mulligan decision during setup, or a random legal
/// action when active. Advances the game's bot stream.
pub fn decide(
    config: &GameConfig,
    state: &mut GameState,
    hooks: &mut dyn Hooks,
    player: PlayerId,
) -> Result<Command, RulesError> {
    let seated = state
        .player(player)
        .ok_or(GameError::UnknownPlayer { player })?;
    match state.phase {
        Phase::Mulligan if !seated.eliminated && !seated.kept => {
            let first = seated.mulligans == 0 && can_mulligan(config, state, seated);
            let hand_size = seated.hand.len() as u32;
            let bottom = cards_to_bottom(config, state, seated) as usize;
            if first && state.bot_rng.below(BOT_MULLIGAN_ODDS) == 0 {
                return Ok(Command::Mulligan { player });
            }
            let mut indices: Vec<u32> = (0..hand_size).collect();
            state.bot_rng.shuffle(&mut indices);
            indices.truncate(bottom);
            Ok(Command::Keep {
                player,
                bottom: indices,
            })
        }
        Phase::AwaitingDraw if state.entropy.pending.contains(&player) => {
            let mut nonce = [0u8; 32];
            state.bot_rng.fill(&mut nonce);
            Ok(Command::AddEntropy {
                player,
                nonce: Bytes32(nonce),
            })
        }
        Phase::Activation { player: active } if active == player => {
            let legal = legal_actions(GameView { config, state }, player, hooks);
            let pick = state.bot_rng.below(legal.len() as u32) as usize;
            let action = legal.into_iter().nth(pick).unwrap_or(Action::Pass);
            Ok(Command::Act { player, action })
        }
        _ => Err(GameError::NothingToDecide { player }.into()),
    }
}
