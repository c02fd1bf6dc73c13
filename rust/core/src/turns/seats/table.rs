//! The table's mechanics: finding the next natural seat, starting turns (extra, exchanged or
//! skipped), firing triggers, shuffling seats and eliminating players.

use super::{ActiveTurn, ExtraTurnOrder, SeatEvent, SeatOrder, Trigger};
use crate::error::TurnError;
use crate::ids::PlayerId;
use crate::turns::{SkipReason, TurnEvent};

impl SeatOrder {
    /// The seat of `player`, if seated (living or not).
    pub(super) fn seat_of(&self, player: PlayerId) -> Option<usize> {
        self.seats.iter().position(|seat| seat.player == player)
    }

    /// The seat of `player`, who must be seated and living.
    pub(super) fn living_seat(&self, player: PlayerId) -> Result<usize, TurnError> {
        let seat = self
            .seat_of(player)
            .ok_or(TurnError::UnknownPlayer { player })?;
        if self.seats[seat].eliminated {
            return Err(TurnError::Eliminated { player });
        }
        Ok(seat)
    }

    /// How many seated players are still in the game.
    pub(super) fn living_count(&self) -> usize {
        self.seats.iter().filter(|seat| !seat.eliminated).count()
    }

    /// The seat `offset` steps from `from` in the current direction.
    pub(super) fn step(&self, from: usize, offset: usize) -> usize {
        let len = self.seats.len().max(1);
        let offset = offset % len;
        if self.reversed {
            (from + len - offset) % len
        } else {
            (from + offset) % len
        }
    }

    /// The seat of the next natural turn: the first living seat after the latest natural turn's
    /// seat (or from the first player's seat, inclusive, before any).
    pub(super) fn next_natural_seat(&self) -> Option<usize> {
        self.natural_seat_after(self.natural)
    }

    /// The first seat with a turn to give after `natural` in the current direction (or from the
    /// first player's seat, inclusive, for `None`): a living player's, or an eliminated player's
    /// whose turn is still owed to their partner in a half-used exchange.
    pub(super) fn natural_seat_after(&self, natural: Option<usize>) -> Option<usize> {
        let (from, skip_from) = match natural {
            Some(seat) => (seat, 1),
            None => (self.first, 0),
        };
        (skip_from..skip_from + self.seats.len())
            .map(|offset| self.step(from, offset))
            .find(|&seat| {
                self.seats.get(seat).is_some_and(|s| {
                    !s.eliminated || self.exchanges.iter().any(|&(owner, _)| owner == s.player)
                })
            })
    }

    /// Who takes each of the next `count` natural turns (skips and extra turns aside).
    pub(super) fn natural_turns(&self, count: u32) -> Vec<PlayerId> {
        let mut natural = self.natural;
        let mut exchanges = self.exchanges.clone();
        let mut takers = Vec::new();
        for _ in 0..count {
            let Some(seat) = self.natural_seat_after(natural) else {
                break;
            };
            natural = Some(seat);
            let Some(owner) = self.seats.get(seat).map(|s| s.player) else {
                break;
            };
            takers.push(match exchanges.iter().position(|&(o, _)| o == owner) {
                Some(at) => exchanges.remove(at).1,
                None => owner,
            });
        }
        takers
    }

    /// How many of the skips that would have used up `skipped`'s turns (as the order stood
    /// before an elimination) stay pending once the order has changed: as many of the next
    /// natural turns as fall only on players among them, so that no living player loses a turn
    /// they would not have lost (with an exchange cancelled, the rest are forgiven).
    fn skips_sparing_the_others(&self, mut skipped: Vec<PlayerId>) -> u32 {
        let mut kept = 0;
        for taker in self.natural_turns(u32::try_from(skipped.len()).unwrap_or(u32::MAX)) {
            let Some(at) = skipped.iter().position(|&player| player == taker) else {
                break;
            };
            skipped.swap_remove(at);
            kept += 1;
        }
        kept
    }

    /// Ends the current turn and starts the next: a pending extra turn first, else the next
    /// living seat in the current direction, past pending skips and with exchanges applied.
    pub(super) fn next_turn(&mut self, out: &mut Vec<SeatEvent>) -> Result<(), TurnError> {
        if self.living_count() == 0 {
            return Err(TurnError::NoLivingPlayers);
        }
        if let Some(active) = self.active.take() {
            out.push(SeatEvent::TurnEnded {
                player: active.player,
            });
        }
        let extra = match self.extra_turn_order {
            _ if self.extra_turns.is_empty() => None,
            ExtraTurnOrder::FirstGranted => Some(self.extra_turns.remove(0)),
            ExtraTurnOrder::LatestGranted => self.extra_turns.pop(),
        };
        if let Some(player) = extra {
            self.start_turn(player, true, out);
            return Ok(());
        }
        // Each pending skip uses up one natural turn, so this ends after at most
        // `pending_skips + 1` seats.
        while let Some(seat) = self.next_natural_seat() {
            self.natural = Some(seat);
            let Some(owner) = self.seats.get(seat).map(|s| s.player) else {
                break;
            };
            let player = match self.exchanges.iter().position(|&(o, _)| o == owner) {
                Some(at) => self.exchanges.remove(at).1,
                None => owner,
            };
            if self.pending_skips > 0 {
                self.pending_skips -= 1;
                self.rounds.turn_skipped(&player, self.living_count());
                out.push(SeatEvent::TurnSkipped {
                    player,
                    reason: SkipReason::Skipped,
                });
                continue;
            }
            self.start_turn(player, false, out);
            return Ok(());
        }
        // Unreachable: a living player exists, so a natural seat does.
        Err(TurnError::NoLivingPlayers)
    }

    /// Starts `player`'s turn (an extra one if `extra`), counting it towards the round, and
    /// fires the turn triggers in order from the current player.
    pub(super) fn start_turn(&mut self, player: PlayerId, extra: bool, out: &mut Vec<SeatEvent>) {
        let is_new_round = self.rounds.turn_taken(&player, self.living_count());
        out.push(SeatEvent::TurnChanged(TurnEvent {
            previous: self.last,
            next: player,
            is_new_round,
            round: self.rounds.round(),
        }));
        self.last = Some(player);
        self.turns_started = self.turns_started.saturating_add(1);
        self.active = Some(ActiveTurn { player, extra });
        out.push(SeatEvent::TurnStarted { player, extra });
        if self.triggers.is_empty() {
            return;
        }
        let order: Vec<PlayerId> = self.players_from_current().collect();
        for controller in order {
            for trigger in &self.triggers {
                if trigger.controller == controller && trigger.scope.fires(controller, player) {
                    out.push(SeatEvent::TriggerFired {
                        trigger: trigger.id,
                        controller,
                        player,
                    });
                }
            }
        }
    }

    /// Deals the seats again: the anchor (the latest natural turn's player, or the first player
    /// before any) takes the first seat and the others are shuffled round the table after them.
    pub(super) fn shuffle(&mut self, out: &mut Vec<SeatEvent>) -> Result<(), TurnError> {
        let stream = self
            .shuffle_stream
            .as_mut()
            .ok_or(TurnError::NoShuffleStream)?;
        let anchor = self.natural.unwrap_or(self.first);
        let first_player = self.seats[self.first].player;
        let mut seats = self.seats.clone();
        let anchor_seat = seats.remove(anchor);
        stream.shuffle(&mut seats);
        seats.insert(0, anchor_seat);
        self.seats = seats;
        self.natural = self.natural.map(|_| 0);
        self.first = self.seat_of(first_player).unwrap_or(0);
        out.push(SeatEvent::SeatsShuffled {
            order: self.seats.iter().map(|seat| seat.player).collect(),
        });
        Ok(())
    }

    /// Trades the seats of `first` and `second` (both living, not the same), keeping the first
    /// player and the latest natural turn with their players.
    pub(super) fn swap_seats(
        &mut self,
        first: PlayerId,
        second: PlayerId,
        out: &mut Vec<SeatEvent>,
    ) -> Result<(), TurnError> {
        let (a, b) = (self.living_seat(first)?, self.living_seat(second)?);
        if a == b {
            return Err(TurnError::ExchangeWithSelf { player: first });
        }
        let moved = |seat: usize| match seat {
            seat if seat == a => b,
            seat if seat == b => a,
            seat => seat,
        };
        self.seats.swap(a, b);
        self.first = moved(self.first);
        self.natural = self.natural.map(moved);
        out.push(SeatEvent::SeatsSwapped { first, second });
        Ok(())
    }

    /// Takes `player` out of the order: their turn ends if it is on, their extra turns go,
    /// an exchange with them not yet begun is cancelled, and pending skips stay on the turns they
    /// would have used up.
    pub(super) fn eliminate(
        &mut self,
        player: PlayerId,
        out: &mut Vec<SeatEvent>,
    ) -> Result<(), TurnError> {
        let seat = self.living_seat(player)?;
        // Whose turns the pending skips would use up as the order stands: the eliminated
        // player's go with them; the others' stay, as far as the order left lets them.
        let mut skipped = self.natural_turns(self.pending_skips);
        skipped.retain(|&taker| taker != player);
        if self.current_player() == Some(player) {
            self.active = None;
            out.push(SeatEvent::TurnEnded { player });
        }
        self.seats[seat].eliminated = true;
        self.extra_turns.retain(|&p| p != player);
        // An exchange not yet begun is cancelled: the partner takes their own turn. One half
        // used (the partner's turn taken by the eliminated player) keeps the other: the partner
        // still takes the eliminated player's turn, in their seat.
        let half_used = |partner: PlayerId| !self.exchanges.contains(&(partner, player));
        let kept: Vec<_> = self
            .exchanges
            .iter()
            .copied()
            .filter(|&(owner, taker)| taker != player && (owner != player || half_used(taker)))
            .collect();
        self.exchanges = kept;
        self.pending_skips = self.skips_sparing_the_others(skipped);
        self.rounds.forget(&player);
        out.push(SeatEvent::PlayerEliminated { player });
        let (gone, kept): (Vec<Trigger>, Vec<Trigger>) = self
            .triggers
            .iter()
            .partition(|trigger| trigger.controller == player);
        self.triggers = kept;
        for trigger in gone {
            out.push(SeatEvent::TriggerRemoved {
                trigger: trigger.id,
            });
        }
        Ok(())
    }
}
