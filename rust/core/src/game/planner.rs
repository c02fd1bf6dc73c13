//! A bot that plays the odds (seed 000: "Monte Carlo simulation for optimal action timing"): flat
//! Monte Carlo over the legal actions. Each candidate is tried in `rollouts` determinized copies
//! of the game — only what the bot's seat may see is kept: the bag's order and every deck are
//! shuffled afresh, the other players' hands and decks drawn from the cards the bot's own deck
//! holds — and each copy is played on by random bots to the
//! end of the next round. The candidate with the best average victory-point margin is chosen, so
//! the bot weighs when it will act next and what the tokens left in the bag let the others do.

use crate::game::bots::{self, Autoplay};
use crate::game::command::{Action, Command};
use crate::game::config::GameConfig;
use crate::game::hooks::{GameView, NoHooks};
use crate::game::state::{GameState, Phase};
use crate::game::{Emitter, actions, bag_effects, dispatch};
use crate::ids::{CardId, PlayerId};
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
    let pool = known_cards(view, player);
    let mut scratch = Scratch::new(view.state);
    let mut best: Option<(f64, Action)> = None;
    for action in candidates {
        let mut total = 0.0;
        for _ in 0..rollouts.max(1) {
            total += rollout(view, player, &action, &pool, &mut rng, &mut scratch);
        }
        if best.as_ref().is_none_or(|(score, _)| total > *score) {
            best = Some((total, action));
        }
    }
    best.map(|(_, action)| action)
}

/// What rollouts reuse from one to the next, so that a rollout's copies of the game's state are
/// made in allocations already held (see [`GameState::copy_from`]).
struct Scratch {
    /// The state a rollout plays.
    state: GameState,
    /// The state an action is tried on before it is taken.
    trial: GameState,
    /// The candidate actions a random bot has not tried yet, by index.
    candidates: Vec<usize>,
}

impl Scratch {
    /// Scratch space shaped like `state`.
    fn new(state: &GameState) -> Scratch {
        Scratch {
            state: state.clone(),
            trial: state.clone(),
            candidates: Vec::new(),
        }
    }
}

/// One determinized rollout of `action`: `player`'s victory-point margin over the best other
/// player once the next round ends (or the game does).
fn rollout(
    view: GameView<'_>,
    player: PlayerId,
    action: &Action,
    pool: &[CardId],
    rng: &mut RandomStream,
    scratch: &mut Scratch,
) -> f64 {
    let config = view.config;
    scratch.state.copy_from(view.state);
    determinize(&mut scratch.state, player, pool, rng);
    let horizon = scratch.state.round + 1;
    let first = Command::Act {
        player,
        action: action.clone(),
    };
    let mut out = Emitter::quiet();
    if dispatch(config, &mut scratch.state, &first, &mut NoHooks, &mut out).is_err() {
        return f64::MIN;
    }
    play(config, scratch, horizon);
    score(&scratch.state, player)
}

/// Plays `state` on with random bots (every decision uniform among the legal ones, from the
/// state's bot stream) until round `horizon` has ended or the game is over, keeping no events:
/// a rollout of the planner, and a whole bot game when started before the first round.
pub fn play_out(config: &GameConfig, state: &mut GameState, horizon: u32) {
    let mut scratch = Scratch::new(state);
    play(config, &mut scratch, horizon);
    std::mem::swap(state, &mut scratch.state);
}

/// [`play_out`] of `scratch.state`.
fn play(config: &GameConfig, scratch: &mut Scratch, horizon: u32) {
    let Scratch {
        state,
        trial,
        candidates,
    } = scratch;
    let mut out = Emitter::quiet();
    while state.round <= horizon && !matches!(state.phase, Phase::GameOver { .. }) {
        let done = match state.phase {
            Phase::Activation { player } => {
                bots::spend_reserve(state, player, &mut out).is_ok()
                    && act_at_random(config, state, trial, candidates, player, &mut out).is_some()
            }
            _ => rollout_command(config, state).is_some_and(|command| {
                dispatch(config, state, &command, &mut NoHooks, &mut out).is_ok()
            }),
        };
        if !done {
            break;
        }
    }
}

/// The next command of a rollout outside an activation: what a game of bots does, and for a
/// round that waits for players' nonces (config `player_entropy`), which a game playing itself
/// cannot give, a random one from the first player it waits for (the key a rollout plays with
/// is a sample anyway).
fn rollout_command(config: &GameConfig, state: &mut GameState) -> Option<Command> {
    let deciding = match state.entropy.pending.first() {
        Some(&player) if state.phase == Phase::AwaitingDraw => player,
        _ => match bots::autoplay_command(config, state, Autoplay::Bots)? {
            Command::BotDecide { player } => player,
            other => return Some(other),
        },
    };
    bots::decide(config, state, &mut NoHooks, deciding).ok()
}

/// The active `player` takes an action chosen uniformly among the legal ones: the candidates in
/// a random order (from the state's bot stream), the first that passes the checks and is carried
/// out, on `trial`, without refusal. Most candidates a bot cannot afford fail the cheap checks,
/// so one decision copies the state about once. Returns the action, or `None` when none is legal.
fn act_at_random(
    config: &GameConfig,
    state: &mut GameState,
    trial: &mut GameState,
    candidates: &mut Vec<usize>,
    player: PlayerId,
    out: &mut Emitter,
) -> Option<Action> {
    let view = GameView { config, state };
    candidates.clear();
    candidates.extend(0..bots::candidate_count(view, player));
    while !candidates.is_empty() {
        let pick = state.bot_rng.below(candidates.len() as u32) as usize;
        let view = GameView { config, state };
        let Some(action) = bots::candidate(view, player, candidates.swap_remove(pick)) else {
            continue;
        };
        if actions::check(view, &mut NoHooks, player, &action).is_err() {
            continue;
        }
        trial.copy_from(state);
        let command = Command::Act { player, action };
        if dispatch(config, trial, &command, &mut NoHooks, out).is_ok() {
            std::mem::swap(state, trial);
            let Command::Act { action, .. } = command else {
                unreachable!("made as an action just above")
            };
            return Some(action);
        }
    }
    None
}

/// Forgets what `player` cannot know, drawing it afresh from `rng`: the game's seed and key
/// (which every later round's shuffle comes from), the bag's order (but for the next draws
/// `player`'s foresight shows), the other players' hands, every deck's order and the random
/// streams. Hidden collections are put in a fixed order first, so that the guess depends on
/// nothing `player` cannot see.
fn determinize(state: &mut GameState, player: PlayerId, pool: &[CardId], rng: &mut RandomStream) {
    let known = match (&state.sequencer, state.player(player)) {
        (sequencer, Some(seer)) if sequencer.is_bag() => bag_effects::foreseen(state, seer),
        _ => Vec::new(),
    };
    state.bag.redraw_order(rng.next_u64(), &known);
    state.seed = rng.next_u64();
    if let Some(key) = &mut state.key {
        rng.fill(&mut key.0);
    }
    state.deck_rng = RandomStream::from_seed(rng.next_u64());
    state.bot_rng = RandomStream::from_seed(rng.next_u64());
    for other in state.players.iter_mut() {
        if other.id == player {
            other.deck.sort_unstable();
            rng.shuffle(&mut other.deck);
            continue;
        }
        // Which cards another player holds and has left no seat sees, nor their deck list:
        // as many cards, drawn from what this seat knows a deck to hold.
        let (in_hand, in_deck) = (other.hand.len(), other.deck.len());
        other.hand.clear();
        other.deck.clear();
        if pool.is_empty() {
            continue;
        }
        let mut draw = || pool[rng.below(pool.len() as u32) as usize];
        // Into the allocations they had: a rollout makes no new ones.
        other.deck.extend((0..in_deck).map(|_| draw()));
        other.hand.extend((0..in_hand).map(|_| draw()));
    }
}

/// The cards `player`'s seat knows a deck to hold: its own (in hand, in its deck and played),
/// or, with none, one of each card the config defines. The planner draws the other players'
/// unseen cards from these: their deck lists are not the seat's to see.
fn known_cards(view: GameView<'_>, player: PlayerId) -> Vec<CardId> {
    let mut own: Vec<CardId> = view
        .state
        .player(player)
        .map(|p| {
            p.hand
                .iter()
                .chain(&p.deck)
                .chain(&p.discard)
                .copied()
                .collect()
        })
        .unwrap_or_default();
    if own.is_empty() {
        own = view.config.cards.keys().copied().collect();
    }
    own.sort_unstable();
    own
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::{CardId, PlayerSetup};
    use statrs::distribution::{ChiSquared, ContinuousCDF};

    /// A 3-player game in its first activation where at least three actions are legal.
    fn first_activation_with_choices() -> Game {
        let config: GameConfig = serde_json::from_value(serde_json::json!({
            "starting_resources": 200,
            "cards": {
                "1": {"name": "Spark", "energy": 1, "effects": []},
                "2": {"name": "Costly", "energy": 99, "effects": []}
            },
            "structures": {"hut": {
                "cost": {"resources": 10},
                "building": {"name": "Hut", "kind": "building", "toughness": 1},
                "effects": []
            }},
        }))
        .expect("valid config");
        let players = (0..3)
            .map(|id| PlayerSetup {
                id: PlayerId(id),
                name: format!("p{id}"),
                deck: [1, 2, 1, 2, 1, 2].map(CardId).to_vec(),
                energy_per_round: None,
                resources_per_round: None,
                foresight: 0,
                faction: None,
            })
            .collect();
        let mut game = Game::new(players, config, 5).expect("valid setup");
        game.apply(Command::StartGame).expect("start");
        while let Some(command) = game.autoplay_command(Autoplay::Pass) {
            let drawn = command == Command::DrawToken;
            game.apply(command).expect("autoplay");
            if drawn {
                return game;
            }
        }
        unreachable!("the game reaches a draw")
    }

    #[test]
    fn a_rollout_bot_picks_uniformly_among_the_legal_actions() {
        let game = first_activation_with_choices();
        let player = game.state().active.expect("a token was drawn");
        let legal = game.legal_actions(player, &mut NoHooks);
        assert!(legal.len() >= 3, "only {legal:?}");
        let mut counts = vec![0u64; legal.len()];
        let mut trial = game.state().clone();
        let mut candidates = Vec::new();
        for seed in 0..6_000 {
            let mut state = game.state().clone();
            state.bot_rng = RandomStream::from_seed(seed);
            let mut out = Emitter::quiet();
            let action = act_at_random(
                game.config(),
                &mut state,
                &mut trial,
                &mut candidates,
                player,
                &mut out,
            )
            .expect("a legal action");
            let index = legal.iter().position(|a| *a == action);
            counts[index.unwrap_or_else(|| panic!("{action:?} is not legal"))] += 1;
        }
        // Uniform: every legal action as often as the others, within chance (Pearson's χ²,
        // p > 0.001).
        let expected = 6_000.0 / legal.len() as f64;
        let statistic: f64 = counts
            .iter()
            .map(|&n| (n as f64 - expected).powi(2) / expected)
            .sum();
        let p = ChiSquared::new((legal.len() - 1) as f64)
            .expect("degrees of freedom")
            .sf(statistic);
        assert!(p > 0.001, "{counts:?}: p = {p}");
    }
}
