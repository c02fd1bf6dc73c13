//! The race itself: units joining and leaving, time ticking until someone holds 100 charge, and
//! turns starting (statuses tick, defeats) and ending.

use std::cmp::Reverse;

use super::{
    ActionFlags, CHARGE_TO_ACT, Initiative, InitiativeEvent, MAX_CHARGE, MAX_HEALTH, MAX_SPEED,
    MAX_UNITS, Side, StatusKind, Unit, UnitSpec, check_range,
};
use crate::error::TurnError;
use crate::ids::UnitId;
use crate::turns::{SkipReason, TurnEvent};

impl Initiative {
    /// Adds the unit `spec` describes to the race, in its place by id.
    pub(super) fn add_unit(
        &mut self,
        spec: UnitSpec,
        out: &mut Vec<InitiativeEvent>,
    ) -> Result<(), TurnError> {
        let at = match self.units.binary_search_by_key(&spec.id, |u| u.id) {
            Ok(_) => return Err(TurnError::DuplicateUnit { unit: spec.id }),
            Err(at) => at,
        };
        check_range("units", self.units.len() as u64 + 1, 0, MAX_UNITS as u64)?;
        check_range("speed", u64::from(spec.speed), 1, u64::from(MAX_SPEED))?;
        check_range("charge", spec.charge, 0, MAX_CHARGE)?;
        check_range("health", u64::from(spec.health), 1, u64::from(MAX_HEALTH))?;
        self.units.insert(
            at,
            Unit {
                id: spec.id,
                side: spec.side,
                speed: spec.speed,
                charge: spec.charge,
                health: spec.health,
                max_health: spec.health,
                action_points: 0,
                skills: Vec::new(),
                statuses: Vec::new(),
                expiring: Vec::new(),
                flags: ActionFlags::default(),
            },
        );
        // Added again after a defeat: back in the race.
        self.defeated.retain(|&id| id != spec.id);
        out.push(InitiativeEvent::UnitAdded { unit: spec.id });
        Ok(())
    }

    /// Takes `unit` out of the race; its turn ends if it is on.
    pub(super) fn remove_unit(
        &mut self,
        unit: UnitId,
        out: &mut Vec<InitiativeEvent>,
    ) -> Result<(), TurnError> {
        let index = self.index(unit)?;
        let removed = self.units.remove(index);
        if self.active == Some(unit) {
            self.active = None;
            out.push(InitiativeEvent::TurnEnded {
                unit,
                charge: removed.charge,
            });
        }
        self.rounds.forget(&unit);
        out.push(InitiativeEvent::UnitRemoved { unit });
        Ok(())
    }

    /// Ends the current turn, advances time until a unit has the charge to act and starts its
    /// turn (the first in the tie order when several reach it together).
    pub(super) fn next_turn(&mut self, out: &mut Vec<InitiativeEvent>) -> Result<(), TurnError> {
        if self.units.is_empty() {
            return Err(TurnError::NoUnits);
        }
        if let Some(index) = self.active_index() {
            self.end_turn(index, out);
        }
        let ticks = ticks_until_ready(self.units.iter().map(|u| (u.charge, u.speed)));
        if ticks > 0 {
            for unit in &mut self.units {
                unit.charge = unit
                    .charge
                    .saturating_add(u64::from(unit.speed).saturating_mul(ticks));
            }
            self.global_time = self.global_time.saturating_add(ticks);
            out.push(InitiativeEvent::Ticked {
                ticks,
                global_time: self.global_time,
            });
        }
        let Some(index) = first_ready(
            self.units
                .iter()
                .enumerate()
                .map(|(i, u)| (i, u.charge, u.side, u.id)),
        ) else {
            // Unreachable: with at least one unit of speed ≥ 1, the ticks above bring one to 100.
            return Err(TurnError::NoUnits);
        };
        self.start_turn(index, out);
        Ok(())
    }

    fn start_turn(&mut self, index: usize, out: &mut Vec<InitiativeEvent>) {
        let living = self.units.len();
        let unit = &mut self.units[index];
        let id = unit.id;
        let is_new_round = self.rounds.turn_taken(&id, living);
        out.push(InitiativeEvent::TurnChanged(TurnEvent {
            previous: self.last,
            next: id,
            is_new_round,
            round: self.rounds.round(),
        }));
        self.last = Some(id);
        self.turns = self.turns.saturating_add(1);
        unit.action_points = Unit::action_points_for(unit.speed);
        for skill in &mut unit.skills {
            skill.remaining = skill.remaining.saturating_sub(1);
        }
        out.push(InitiativeEvent::TurnStarted {
            unit: id,
            action_points: unit.action_points,
        });
        let mut stunned = false;
        let max_health = unit.max_health;
        let health = &mut unit.health;
        let expiring = &mut unit.expiring;
        unit.statuses.retain_mut(|status| {
            *health = status.kind.tick(*health, max_health);
            stunned |= status.kind == StatusKind::Stun;
            out.push(InitiativeEvent::StatusTicked {
                unit: id,
                status: status.name.clone(),
                value: status.kind.value(),
                health: *health,
            });
            let keep = status.duration.tick();
            if !keep {
                out.push(InitiativeEvent::StatusEnded {
                    unit: id,
                    status: status.name.clone(),
                });
                if status.kind == StatusKind::Marker {
                    // Its effect is being read, so it lasts the turn out (see `Unit::expiring`).
                    expiring.push(status.name.clone());
                }
            }
            keep
        });
        let defeated = unit.health == 0;
        if !(stunned || defeated) {
            self.active = Some(id);
            return;
        }
        let reason = match defeated {
            true => SkipReason::Defeated,
            false => SkipReason::Stunned,
        };
        out.push(InitiativeEvent::TurnSkipped { unit: id, reason });
        self.end_turn(index, out);
        if defeated {
            // Seed 003 races the living units only: a unit at 0 health leaves the race.
            out.push(InitiativeEvent::UnitDefeated { unit: id });
            self.units.remove(index);
            if self.defeated.len() == MAX_UNITS {
                self.defeated.remove(0);
            }
            self.defeated.push(id);
            self.rounds.forget(&id);
            out.push(InitiativeEvent::UnitRemoved { unit: id });
        }
    }

    /// Ends the turn of the unit at `index`: it spends the charge to act, its action flags and
    /// points are cleared.
    pub(super) fn end_turn(&mut self, index: usize, out: &mut Vec<InitiativeEvent>) {
        let unit = &mut self.units[index];
        unit.charge = unit.charge.saturating_sub(CHARGE_TO_ACT);
        unit.flags = ActionFlags::default();
        unit.action_points = 0;
        unit.expiring.clear();
        self.active = None;
        out.push(InitiativeEvent::TurnEnded {
            unit: unit.id,
            charge: unit.charge,
        });
    }
}

/// Ticks until at least one unit holds [`CHARGE_TO_ACT`]: 0 if one already does, otherwise the
/// fewest ticks any unit needs, ⌈(100 − charge) / speed⌉. Exactly where the tick-by-tick loop
/// stops. A speed of 0 (never accepted) counts as 1.
pub(super) fn ticks_until_ready(units: impl Iterator<Item = (u64, u32)>) -> u64 {
    units
        .map(|(charge, speed)| match CHARGE_TO_ACT.checked_sub(charge) {
            // At most 100: 32-bit division is exact and much cheaper than 64-bit.
            Some(need) if need > 0 => u64::from((need as u32).div_ceil(speed.max(1))),
            _ => 0,
        })
        .min()
        .unwrap_or(0)
}

/// The index of the unit that acts first among those holding [`CHARGE_TO_ACT`] or more: higher
/// charge, then players before enemies, then the lower id.
pub(super) fn first_ready(
    units: impl Iterator<Item = (usize, u64, Side, UnitId)>,
) -> Option<usize> {
    units
        .filter(|&(_, charge, _, _)| charge >= CHARGE_TO_ACT)
        .max_by_key(|&(_, charge, side, id)| (charge, Reverse(side), Reverse(id)))
        .map(|(index, ..)| index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_until_ready_matches_the_tick_by_tick_loop() {
        for speed in 1..=150u32 {
            for charge in 0..=120u64 {
                let mut c = charge;
                let mut ticks = 0;
                while c < CHARGE_TO_ACT {
                    c += u64::from(speed);
                    ticks += 1;
                }
                assert_eq!(ticks_until_ready([(charge, speed)].into_iter()), ticks);
            }
        }
    }

    #[test]
    fn first_ready_is_a_total_order() {
        let units = [
            (0, 120, Side::Enemy, UnitId(1)),
            (1, 130, Side::Enemy, UnitId(9)),
            (2, 130, Side::Player, UnitId(8)),
            (3, 130, Side::Player, UnitId(7)),
            (4, 99, Side::Player, UnitId(0)),
        ];
        assert_eq!(first_ready(units.into_iter()), Some(3));
        assert_eq!(first_ready(units[..3].iter().copied()), Some(2));
        assert_eq!(first_ready(units[..2].iter().copied()), Some(1));
        assert_eq!(first_ready(units[4..].iter().copied()), None);
    }
}
