//! A bot that plays the odds (seed 000: "Monte Carlo simulation for optimal action timing"): flat
//! Monte Carlo over the legal actions. Each candidate is tried in `rollouts` determinized copies
//! of the game — only what the bot's seat may see is kept: the bag's order, the other players'
//! hands and every deck are shuffled afresh — and each copy is played on by random bots to the
//! end of the next round. The candidate with the best average victory-point margin is chosen, so
//! the bot weighs when it will act next and what the tokens left in the bag let the others do.

use crate::game::bots::{self, Autoplay};
use crate::game::command::{Action, Command};
use crate::game::config::GameConfig;
use crate::game::hooks::{GameView, NoHooks};
use crate::game::state::{GameState, Phase};
use crate::game::{Emitter, dispatch};
use crate::ids::PlayerId;
use crate::random::RandomStream;

/// What a win (or loss) inside a rollout is worth, in victory points.
const WIN_VALUE: f64 = 20.0;

/// The action the planner picks for the active `player` with `rollouts` rollouts per candidate,
/// its own random choices from `seed`; `None` when `player` is not active.
pub fn plan(view: GameView<'_>, player: PlayerId, rollouts: u32, seed: u64) -> Option<Action> {
    let candidates = bots::legal_actions(view, player, &mut NoHooks);
    if candidates.len() <= 1 {
        return candidates.into_iter().next();
    }
    let mut rng = RandomStream::from_seed(seed);
    let mut best: Option<(f64, Action)> = None;
    for action in candidates {
        let mut total = 0.0;
        for _ in 0..rollouts.max(1) {
            total += rollout(view, player, &action, &mut rng);
        }
        if best.as_ref().is_none_or(|(score, _)| total > *score) {
            best = Some((total, action));
        }
    }
    best.map(|(_, action)| action)
}

/// One determinized rollout of `action`: `player`'s victory-point margin over the best other
/// player once the next round ends (or the game does).
fn rollout(view: GameView<'_>, player: PlayerId, action: &Action, rng: &mut RandomStream) -> f64 {
    let config = view.config;
    let mut state = view.state.clone();
    determinize(&mut state, player, rng);
    let horizon = state.round + 1;
    let mut out = Emitter::detached(state.round);
    let first = Command::Act {
        player,
        action: action.clone(),
    };
    if dispatch(config, &mut state, &first, &mut NoHooks, &mut out).is_err() {
        return f64::MIN;
    }
    while state.round <= horizon && !matches!(state.phase, Phase::GameOver { .. }) {
        let Some(command) = next_command(config, &mut state) else {
            break;
        };
        out.clear();
        if dispatch(config, &mut state, &command, &mut NoHooks, &mut out).is_err() {
            break;
        }
    }
    score(&state, player)
}

/// The next command of a rollout: a random bot's, decided on the state's bot stream.
fn next_command(config: &GameConfig, state: &mut GameState) -> Option<Command> {
    match bots::autoplay_command(state, Autoplay::Bots)? {
        Command::BotDecide { player } => bots::decide(config, state, &mut NoHooks, player).ok(),
        other => Some(other),
    }
}

/// Forgets what `player` cannot know: the bag's order, the other players' hands, every deck's
/// order and the random streams, each drawn afresh from `rng`.
fn determinize(state: &mut GameState, player: PlayerId, rng: &mut RandomStream) {
    state.bag.reseed(rng.next_u64());
    if state.bag.remaining() > 0 && state.entropy.pending.is_empty() {
        state.bag.shuffle();
    }
    state.deck_rng = RandomStream::from_seed(rng.next_u64());
    state.bot_rng = RandomStream::from_seed(rng.next_u64());
    for other in state.players.iter_mut() {
        if other.id == player {
            rng.shuffle(&mut other.deck);
            continue;
        }
        let in_hand = other.hand.len();
        let mut unseen: Vec<_> = other.hand.drain(..).chain(other.deck.drain(..)).collect();
        rng.shuffle(&mut unseen);
        other.deck = unseen.split_off(in_hand);
        other.hand = unseen;
    }
}

/// `player`'s victory points less the best other player's, with a win or loss weighed in.
fn score(state: &GameState, player: PlayerId) -> f64 {
    let mine = state.player(player).map_or(0, |p| p.victory_points);
    let best_other = state
        .players
        .iter()
        .filter(|p| p.id != player && !p.eliminated)
        .map(|p| p.victory_points)
        .max()
        .unwrap_or(0);
    let margin = f64::from(mine) - f64::from(best_other);
    match state.phase {
        Phase::GameOver { winner: Some(w) } if w == player => margin + WIN_VALUE,
        Phase::GameOver { winner: Some(_) } => margin - WIN_VALUE,
        _ => margin,
    }
}
