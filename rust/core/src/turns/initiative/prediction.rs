//! Prediction: the same race run on a copy of the charges (and of the health that statuses
//! change), so the predicted turns are exactly the turns that then happen.

use serde::{Deserialize, Serialize};

use super::race::ticks_until_ready;
use super::{CHARGE_TO_ACT, Initiative, Side, StatusDuration, StatusKind};
use crate::ids::UnitId;
use crate::turns::{MAX_PREDICTION_DEPTH, QueuedTurn, TurnState};

/// A turn the race will give, as [`Initiative::predicted_turns`] foresees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PredictedTurn {
    /// Whose turn.
    pub unit: UnitId,
    /// Global time when it starts.
    pub global_time: u64,
    /// Whether it starts a new virtual round.
    pub is_new_round: bool,
}

impl Initiative {
    /// The units of the next `depth` turns (at most [`MAX_PREDICTION_DEPTH`]), in order, without
    /// changing anything. The acting unit's current turn is not included.
    pub fn predicted_queue(&self, depth: usize) -> Vec<UnitId> {
        let mut queue = Vec::with_capacity(depth.min(MAX_PREDICTION_DEPTH));
        self.simulate(depth, |turn| queue.push(turn.unit));
        queue
    }

    /// The next `depth` turns (at most [`MAX_PREDICTION_DEPTH`]) with their start times and round
    /// marks, without changing anything. With no command in between, they are exactly the turns
    /// that [`InitiativeCommand::NextTurn`](super::InitiativeCommand::NextTurn) then starts.
    pub fn predicted_turns(&self, depth: usize) -> Vec<PredictedTurn> {
        let mut turns = Vec::with_capacity(depth.min(MAX_PREDICTION_DEPTH));
        self.simulate(depth, |turn| turns.push(turn));
        turns
    }

    /// A snapshot: the acting unit, the time, the round and the next `depth` turns.
    pub fn turn_state(&self, depth: usize) -> TurnState<UnitId> {
        TurnState {
            active: self.active,
            global_time: self.global_time,
            round: self.round(),
            queue: self
                .predicted_turns(depth)
                .into_iter()
                .map(|turn| QueuedTurn {
                    id: turn.unit,
                    at_time: turn.global_time,
                    is_new_round: turn.is_new_round,
                    is_extra_turn: false,
                })
                .collect(),
        }
    }

    /// Runs the race on a copy of the charges for `depth` turns, handing each to `visit`.
    fn simulate(&self, depth: usize, mut visit: impl FnMut(PredictedTurn)) {
        let mut racers: Vec<Racer> = self
            .units
            .iter()
            .map(|u| Racer {
                charge: if self.active == Some(u.id) {
                    u.charge.saturating_sub(CHARGE_TO_ACT)
                } else {
                    u.charge
                },
                speed: u.speed,
                side: u.side,
                id: u.id,
                had_turn: self.rounds.has_had_turn(&u.id),
                health: u.health,
                max_health: u.max_health,
                wounds: u
                    .statuses
                    .iter()
                    .filter(|s| s.kind.value() != 0)
                    .map(|s| (s.kind, s.duration))
                    .collect(),
            })
            .collect();
        // In tie-break order, so that among equal charges the first in the list acts.
        racers.sort_unstable_by_key(|r| (r.side, r.id));
        let mut had_turn = racers.iter().filter(|r| r.had_turn).count();
        let mut first = self.rounds.round() == 0;
        let mut time = self.global_time;
        for _ in 0..depth.min(MAX_PREDICTION_DEPTH) {
            let ticks = ticks_until_ready(racers.iter().map(|r| (r.charge, r.speed)));
            time = time.saturating_add(ticks);
            let mut next: Option<(usize, u64)> = None;
            for (index, racer) in racers.iter_mut().enumerate() {
                racer.charge = racer
                    .charge
                    .saturating_add(u64::from(racer.speed).saturating_mul(ticks));
                if racer.charge >= CHARGE_TO_ACT && next.is_none_or(|(_, best)| racer.charge > best)
                {
                    next = Some((index, racer.charge));
                }
            }
            let Some((index, _)) = next else {
                return;
            };
            let is_new_round = first || had_turn >= racers.len();
            if is_new_round {
                first = false;
                for racer in &mut racers {
                    racer.had_turn = false;
                }
                had_turn = 0;
            }
            let racer = &mut racers[index];
            if !racer.had_turn {
                racer.had_turn = true;
                had_turn += 1;
            }
            racer.charge = racer.charge.saturating_sub(CHARGE_TO_ACT);
            visit(PredictedTurn {
                unit: racer.id,
                global_time: time,
                is_new_round,
            });
            if racer.start_turn() == 0 {
                // Defeated: it leaves the race, as `start_turn` takes it out.
                racers.remove(index);
                had_turn -= 1;
            }
        }
    }
}

/// One unit as the prediction sees it.
struct Racer {
    charge: u64,
    speed: u32,
    side: Side,
    id: UnitId,
    had_turn: bool,
    health: u32,
    max_health: u32,
    /// Its statuses that change health, in the order they tick.
    wounds: Vec<(StatusKind, StatusDuration)>,
}

impl Racer {
    /// Ticks its health statuses as a turn starts; returns its health afterwards.
    fn start_turn(&mut self) -> u32 {
        let (mut health, max_health) = (self.health, self.max_health);
        self.wounds.retain_mut(|(kind, duration)| {
            health = kind.tick(health, max_health);
            duration.tick()
        });
        self.health = health;
        health
    }
}
