//! The round lifecycle: starting the game, starting and ending rounds, drawing tokens, ending
//! activations, elimination and the end of the game.

use crate::bag::{MAX_TOKENS_PER_PLAYER, TokenKind};
use crate::error::{GameError, RulesError};
use crate::fairness::{Bytes32, RoundSecret, mixed_key};
use crate::game::activation::Sequencer;
use crate::game::command::check_name;
use crate::game::config::GameConfig;
use crate::game::event::Event;
use crate::game::state::{GameState, Phase, RoundEntropy};
use crate::game::{Emitter, layers, streams};
use crate::ids::PlayerId;
use crate::random::RandomStream;

/// Refuses unless the game has started and not ended.
pub fn ensure_running(state: &GameState) -> Result<(), GameError> {
    match state.phase {
        Phase::Setup => Err(GameError::NotStarted),
        Phase::GameOver { .. } => Err(GameError::Over),
        _ => Ok(()),
    }
}

/// Refuses unless `player` is seated and still in the game.
pub fn ensure_living(state: &GameState, player: PlayerId) -> Result<(), GameError> {
    match state.player(player) {
        None => Err(GameError::UnknownPlayer { player }),
        Some(p) if p.eliminated => Err(GameError::Eliminated { player }),
        Some(_) => Ok(()),
    }
}

/// Ends setup: shuffles every deck and deals opening hands; the mulligan begins.
pub fn start_game(
    config: &GameConfig,
    state: &mut GameState,
    out: &mut Emitter,
) -> Result<(), GameError> {
    match state.phase {
        Phase::Setup => {}
        Phase::GameOver { .. } => return Err(GameError::Over),
        other => {
            return Err(GameError::WrongPhase {
                command: "start_game",
                expected: "setup",
                actual: other.name(),
            });
        }
    }
    out.push(Event::GameStarted {
        players: state.players.iter().map(|p| p.id).collect(),
    });
    for player in &mut state.players {
        state.deck_rng.shuffle(&mut player.deck);
        let cards = player.draw(config.opening_hand_size);
        let count = cards.len() as u32;
        out.push_draw(
            Event::OpeningHandDrawn {
                player: player.id,
                cards: count,
            },
            player.id,
            cards,
        );
    }
    state.phase = Phase::Mulligan;
    Ok(())
}

/// Starts the next round: refreshes every living player, fills and shuffles a fresh bag.
pub fn begin_round(
    config: &GameConfig,
    state: &mut GameState,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    state.round += 1;
    let round = state.round;
    out.push(Event::RoundStarted { round });
    let draws = round > 1 || config.first_round_draws;
    for player in state.players.iter_mut().filter(|p| !p.eliminated) {
        player.energy = config.base_energy.saturating_add(player.energy_per_round);
        out.push(Event::EnergyGenerated {
            player: player.id,
            energy: player.energy,
        });
        player.resources = player.resources.saturating_add(player.resources_per_round);
        out.push(Event::ResourcesGained {
            player: player.id,
            resources: player.resources,
        });
        let missing = player.hand_limit.saturating_sub(player.hand.len() as u32);
        if draws && missing > 0 {
            let cards = player.draw(missing);
            let count = cards.len() as u32;
            out.push_draw(
                Event::CardsDrawn {
                    player: player.id,
                    count,
                },
                player.id,
                cards,
            );
        }
    }
    let secret = round_secret(state, round);
    state.bag.begin_round(secret.key);
    if out.is_recording() {
        out.push(Event::RoundCommitted {
            round,
            commitment: secret.commitment(round),
            first_token: state.bag.next_token(),
            order: config.activation_order,
            entropy: config.player_entropy,
            max_streak: config.max_streak,
        });
    }
    // Double-action tokens granted for this round join their owner's share: the shuffle (and a
    // client's audit) sees only how many tokens each player put in.
    let contributions: Vec<(PlayerId, u32, u32)> = state
        .living()
        .map(|p| {
            let tier = config.tokens_at(p.command_tier);
            let special = p
                .double_actions_next_round
                .min(MAX_TOKENS_PER_PLAYER - tier);
            (p.id, tier, special)
        })
        .collect();
    for &(player, tokens, special) in &contributions {
        state.bag.add_player_tokens(player, tokens)?;
        for _ in 0..special {
            state
                .bag
                .add_special_token(player, TokenKind::DoubleAction)?;
        }
        if let Some(seated) = state.player_mut(player) {
            seated.double_actions_next_round = 0;
        }
        out.push(Event::TokensContributed {
            player,
            tokens: tokens + special,
        });
    }
    let contributions: Vec<(PlayerId, u32)> = contributions
        .iter()
        .map(|&(player, tokens, special)| (player, tokens + special))
        .collect();
    out.push(Event::BagFilled {
        tokens: state.bag.remaining(),
    });
    state.phase = Phase::AwaitingDraw;
    state.active = None;
    state.entropy = RoundEntropy::default();
    if config.player_entropy {
        // Shuffled by the first draw, once every nonce is in (see `add_entropy`).
        state.entropy.pending = contributions.iter().map(|&(player, _)| player).collect();
        state.sequencer = Sequencer::default();
        return Ok(());
    }
    state.bag.shuffle();
    seal_round(config, state, secret.key)
}

/// Fixes who acts next in the round from its shuffle `key`.
fn seal_round(config: &GameConfig, state: &mut GameState, key: Bytes32) -> Result<(), RulesError> {
    let living: Vec<(PlayerId, u32)> = state
        .bag
        .tallies()
        .iter()
        .filter(|t| t.remaining > 0)
        .map(|t| (t.player, t.remaining))
        .collect();
    state.sequencer = Sequencer::for_round(
        config.activation_order,
        &living,
        &mut RandomStream::from_key(key.0, streams::ROUND_KEY_SEATS),
    )?
    .with_max_streak(config.max_streak);
    Ok(())
}

/// Adds `player`'s `nonce` to the round's shuffle; the last one due seals the round: the bag gets
/// the mixed key and the round's order is fixed.
pub fn add_entropy(
    config: &GameConfig,
    state: &mut GameState,
    player: PlayerId,
    nonce: Bytes32,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    ensure_running(state)?;
    let due = state.phase == Phase::AwaitingDraw && state.entropy.pending.contains(&player);
    if !due {
        return Err(GameError::NoEntropyDue { player }.into());
    }
    state.entropy.pending.retain(|&p| p != player);
    state.entropy.nonces.push((player, nonce));
    out.push(Event::EntropyAdded { player, nonce });
    seal_if_complete(config, state)
}

/// Once no nonce is pending (the last added, or the last owing one eliminated), rekeys the bag.
fn seal_if_complete(config: &GameConfig, state: &mut GameState) -> Result<(), RulesError> {
    if !config.player_entropy || !state.entropy.pending.is_empty() {
        return Ok(());
    }
    let key = round_secret(state, state.round).key;
    let mixed = mixed_key(key, &state.entropy.nonces);
    state.bag.rekey(mixed);
    seal_round(config, state, mixed)
}

/// Whether a draw that passes its checks cannot fail after them: the bag itself picks the
/// player (no sequencer to advance) and still holds a token. [`draw_token`] checks everything
/// before its first change, so `Game::apply` carries such a draw out on the state itself, with no
/// copy to roll back to.
pub fn draw_is_sure(state: &GameState) -> bool {
    state.sequencer.is_bag() && !state.bag.is_empty()
}

/// Draws the next token: its owner becomes the active player with one action to take.
pub fn draw_token(state: &mut GameState, out: &mut Emitter) -> Result<(), RulesError> {
    ensure_running(state)?;
    if let Some(&player) = state.entropy.pending.first() {
        return Err(GameError::AwaitingEntropy { player }.into());
    }
    match state.phase {
        Phase::AwaitingDraw => {}
        Phase::Activation { player } => return Err(GameError::ActivationOpen { player }.into()),
        other => {
            return Err(GameError::WrongPhase {
                command: "draw_token",
                expected: "a round",
                actual: other.name(),
            }
            .into());
        }
    }
    let draw = state.sequencer.draw(&mut state.bag)?;
    let player = draw.token.owner;
    out.push(Event::TokenDrawn {
        player,
        token: draw.token.id,
        remaining: draw.remaining,
    });
    state.extra_actions = draw.token.kind.actions() - 1;
    if state.extra_actions > 0 {
        out.push(Event::DoubleActionDrawn { player });
    }
    if draw.remaining == 0 {
        out.push(Event::BagEmptied);
    }
    state.active = Some(player);
    state.phase = Phase::Activation { player };
    out.push(Event::TurnChanged { player });
    Ok(())
}

/// Closes `player`'s activation; ends the round if that was the last token, or the game if
/// someone has won.
pub fn end_activation(
    config: &GameConfig,
    state: &mut GameState,
    player: PlayerId,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    out.push(Event::ActivationEnded { player });
    state.phase = Phase::AwaitingDraw;
    state.extra_actions = 0;
    if let Some(winner) = victory_points_winner(config, state) {
        reveal_round(state, out);
        game_over(state, Some(winner), out);
        return Ok(());
    }
    if state.bag.is_empty() {
        end_round(config, state, out)?;
    }
    Ok(())
}

/// Ends the round (cleanup of until-end-of-round effects), then starts the next one unless the
/// round limit is reached.
fn end_round(
    config: &GameConfig,
    state: &mut GameState,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    reveal_round(state, out);
    out.push(Event::RoundEnded { round: state.round });
    layers::end_of_round_cleanup(state, out);
    if config.round_limit.is_some_and(|limit| state.round >= limit) {
        let winner = leader(state);
        game_over(state, winner, out);
        return Ok(());
    }
    begin_round(config, state, out)
}

/// Takes `player` out of the game: their tokens leave the bag, their activation (if open) ends.
pub fn eliminate(
    config: &GameConfig,
    state: &mut GameState,
    player: PlayerId,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    ensure_running(state)?;
    ensure_living(state, player)?;
    if let Some(p) = state.player_mut(player) {
        p.eliminated = true;
    }
    let tokens_removed = state.bag.remove_player_tokens(player).unwrap_or(0);
    state.sequencer.eliminate(player)?;
    let owed_nonce = state.entropy.pending.contains(&player);
    state.entropy.pending.retain(|&p| p != player);
    out.push(Event::PlayerEliminated {
        player,
        tokens_removed,
    });
    if tokens_removed > 0 && state.bag.is_empty() {
        // The round's last tokens left with the player: the bag is empty, as after a last draw.
        out.push(Event::BagEmptied);
    }
    let was_active = state.phase == Phase::Activation { player };
    if was_active {
        state.extra_actions = 0;
        out.push(Event::ActivationEnded { player });
        state.phase = Phase::AwaitingDraw;
    }
    let living: Vec<PlayerId> = state.living().map(|p| p.id).collect();
    if living.len() <= config.players_remaining_to_end as usize {
        let winner = match living.as_slice() {
            [only] => Some(*only),
            _ => None,
        };
        if state.round > 0 {
            reveal_round(state, out);
        }
        game_over(state, winner, out);
        return Ok(());
    }
    if owed_nonce {
        seal_if_complete(config, state)?;
    }
    match state.phase {
        Phase::Mulligan if state.living().all(|p| p.kept) => begin_round(config, state, out),
        Phase::AwaitingDraw if state.bag.is_empty() => end_round(config, state, out),
        _ => Ok(()),
    }
}

/// `player`'s display name becomes `name` (see [`crate::game::command::Command::Rename`]).
pub fn rename(
    state: &mut GameState,
    player: PlayerId,
    name: &str,
    out: &mut Emitter,
) -> Result<(), GameError> {
    check_name(name)?;
    let seated = state
        .player_mut(player)
        .ok_or(GameError::UnknownPlayer { player })?;
    seated.name = name.to_owned();
    out.push(Event::PlayerRenamed {
        player,
        name: name.to_owned(),
    });
    Ok(())
}

/// During setup: every hidden random stream from now on comes from `key` (see
/// [`crate::game::command::Command::Rekey`]).
pub fn rekey(state: &mut GameState, key: Bytes32) -> Result<(), GameError> {
    if state.phase != Phase::Setup {
        return Err(GameError::WrongPhase {
            command: "rekey",
            expected: "setup",
            actual: state.phase.name(),
        });
    }
    state.key = Some(key);
    state.deck_rng = stream(state, streams::DECKS);
    state.bot_rng = stream(state, streams::BOTS);
    Ok(())
}

/// The game's random stream number `number` (see [`streams`]): from its key once it has one,
/// else from its seed.
pub fn stream(state: &GameState, number: u64) -> RandomStream {
    match state.key {
        Some(key) => RandomStream::from_key(key.0, number),
        None => RandomStream::derived(state.seed, number),
    }
}

/// The secret of `round`: key then salt, 64 bytes of the round's own stream of the game's key or
/// seed. Knowing it says nothing about the game's key or seed, or any other round.
pub fn round_secret(state: &GameState, round: u32) -> RoundSecret {
    let mut stream = stream(state, streams::ROUND_SECRETS | u64::from(round));
    let mut key = [0u8; 32];
    let mut salt = [0u8; 32];
    stream.fill(&mut key);
    stream.fill(&mut salt);
    RoundSecret {
        key: Bytes32(key),
        salt: Bytes32(salt),
    }
}

/// Reveals the current round's secret (after its last draw, or when the game ends mid-round).
fn reveal_round(state: &GameState, out: &mut Emitter) {
    let secret = round_secret(state, state.round);
    out.push(Event::RoundRevealed {
        round: state.round,
        key: secret.key,
        salt: secret.salt,
    });
}

fn game_over(state: &mut GameState, winner: Option<PlayerId>, out: &mut Emitter) {
    state.phase = Phase::GameOver { winner };
    // An activation still open (an elimination ends the game mid-activation) ends with it, and a
    // double-action token's second action with that.
    state.extra_actions = 0;
    out.push(Event::GameOver { winner });
}

/// The living player with the most victory points, if exactly one has the most.
fn leader(state: &GameState) -> Option<PlayerId> {
    let best = state.living().map(|p| p.victory_points).max()?;
    let mut leaders = state.living().filter(|p| p.victory_points == best);
    match (leaders.next(), leaders.next()) {
        (Some(only), None) => Some(only.id),
        _ => None,
    }
}

/// Whether someone has reached the victory points that win at once.
pub fn has_winner(config: &GameConfig, state: &GameState) -> bool {
    victory_points_winner(config, state).is_some()
}

/// The player who has reached `victory_points_to_win`, if any: the one with the most; on a tie,
/// the first in turn order from the active player.
fn victory_points_winner(config: &GameConfig, state: &GameState) -> Option<PlayerId> {
    let target = config.victory_points_to_win?;
    let start = state.active.and_then(|a| state.seat(a)).unwrap_or(0);
    let seats = state.players.len();
    (0..seats)
        .map(|offset| &state.players[(start + offset) % seats])
        .filter(|p| !p.eliminated && p.victory_points >= target)
        .fold(
            None,
            |best: Option<&crate::game::state::Player>, p| match best {
                Some(b) if b.victory_points >= p.victory_points => Some(b),
                _ => Some(p),
            },
        )
        .map(|p| p.id)
}
