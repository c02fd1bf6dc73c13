//! Seat order: players round a table take turns one after another, as in Commander.
//!
//! ## Rules
//! - **First player**: drawn uniformly from the game's [`RandomStream`] ([`SeatOrder::new`]), or
//!   chosen ([`SeatOrder::with_first_player`]). Seats are given clockwise; play goes clockwise.
//! - **Natural order**: each natural turn goes to the next living seat after the seat of the last
//!   natural turn, in the current direction.
//! - **Reverse** toggles the direction: reversing twice restores it.
//! - **Skip** is a counter: each pending skip uses up the next natural turn (whoever would take
//!   it, an exchanged turn included); extra turns are never skipped.
//! - **Extra turns** are taken before the next natural turn, the first granted first (seed 004's
//!   queue), or the latest granted first (Magic's rule 500.7) after
//!   [`SeatCommand::SetExtraTurnOrder`]; they do not move the natural order. An extra turn for A
//!   granted during C's turn in A, B, C, D gives A, B, C, A*, D.
//! - **Exchange** swaps two players' next natural turns, once: in A, B, C, D with A playing, an
//!   exchange of B and D gives A, D, C, B, then A, B, C, D again. Seats never change.
//! - **Elimination**, at any time (their own turn, an extra turn, while reversed, with skips
//!   pending), takes a player out: their seat is passed over, their pending extra turns, exchanges
//!   and triggers go, and their turn in progress ends. An eliminated player never gets a turn and,
//!   as the order stands when they go, no living player loses one because of it: a pending skip
//!   that would have used up one of the eliminated player's turns goes with them, and an exchange
//!   with them not yet begun is cancelled, so their partner takes their own turn; one whose first
//!   half is taken (they took their partner's turn) keeps its second, so the partner still takes
//!   theirs, from their seat. A skip the cancelled exchange would move onto another living
//!   player (one never to lose a turn) is forgiven. The skips left count natural turns as the
//!   order is when they are used, as every pending skip does: a later reverse or seat swap moves
//!   them onto whoever is then next.
//! - **Swap seats** (seed 004's `ExchangeTurn`, which swaps two players in the turn order) trades
//!   two living players' seats for the rest of the game: in A, B, C, D with A playing, a swap of
//!   B and D seats A, D, C, B, and play goes A, D, C, B, A, D, ... Play goes on from the latest
//!   natural turn's player (the first player, before any), from wherever their seat now is: with
//!   A playing, a swap of A and C seats C, B, A, D and the next turns are D, C, B, A.
//! - **Shuffle** (seed 004's `TurnOrder::shuffle`) deals the seats again in a uniformly random
//!   order from the seat order's own [`RandomStream`], keeping the anchor — the player whose
//!   natural turn was the latest, or the first player before any — in the first seat, so play
//!   goes on from them. Pending skips, extra turns, exchanges and the direction stay as they are.
//! - **Beginning-of-turn triggers** fire at the start of every turn (extra turns included) whose
//!   player matches their [`TriggerScope`]: the controller's turns, the opponents' turns, or
//!   everyone's. They fire in APNAP order: the player whose turn it is first, then the others in
//!   turn order; one player's triggers by id.
//!
//! The current direction is the direction of play; "turn order" in the iterators means seat
//! order in the current direction, starting from the current player.

mod command;
mod table;

use serde::{Deserialize, Serialize};

pub use command::{ExtraTurnOrder, SeatCommand, SeatEvent, Trigger, TriggerScope};

use super::{MAX_PREDICTION_DEPTH, QueuedTurn, RoundTracker, TurnState};
use crate::error::{RulesError, TurnError};
use crate::ids::PlayerId;
use crate::random::RandomStream;

/// The most seats at one table.
pub const MAX_SEATS: usize = crate::bag::MAX_PLAYERS;
/// The most skips that may be pending at once.
pub const MAX_PENDING_SKIPS: u32 = 1_000;
/// The most extra turns that may be pending at once (each turn taken looks through them).
pub const MAX_PENDING_EXTRA_TURNS: usize = 1_000;
/// The most turn triggers at one table: every turn asks each of them.
pub const MAX_TRIGGERS: usize = 1_000;

/// One seat at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Who sits there.
    pub player: PlayerId,
    /// Whether they are out of the game.
    pub eliminated: bool,
}

/// The turn in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveTurn {
    /// Whose turn.
    pub player: PlayerId,
    /// Whether it is an extra turn.
    pub extra: bool,
}

/// A turn the seat order will give, as [`SeatOrder::upcoming_turns`] foresees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpcomingTurn {
    /// Whose turn.
    pub player: PlayerId,
    /// Whether it is an extra turn.
    pub extra: bool,
    /// Whether it starts a new virtual round.
    pub is_new_round: bool,
}

/// The table: seats, direction, pending skips, extra turns and exchanges, triggers and virtual
/// rounds. Serializable as a whole; it changes only through [`SeatOrder::apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatOrder {
    /// Clockwise.
    seats: Vec<Seat>,
    /// The first player's seat.
    first: usize,
    /// The seat of the latest natural turn (taken or skipped); `None` before the first.
    natural: Option<usize>,
    /// The turn in progress.
    active: Option<ActiveTurn>,
    /// Who had the latest turn taken.
    last: Option<PlayerId>,
    /// Whether play goes counter-clockwise.
    reversed: bool,
    /// Natural turns still to skip.
    pending_skips: u32,
    /// Extra turns, the newest last.
    extra_turns: Vec<PlayerId>,
    /// Which extra turn is taken first; left out of the JSON when it is the first granted, so
    /// that a game's seat order (which never grants extra turns) saves and hashes as before.
    #[serde(default, skip_serializing_if = "ExtraTurnOrder::is_first_granted")]
    extra_turn_order: ExtraTurnOrder,
    /// Pending exchanges: (whose natural turn, who takes it instead).
    exchanges: Vec<(PlayerId, PlayerId)>,
    /// Registered triggers, by id.
    triggers: Vec<Trigger>,
    /// Virtual rounds.
    rounds: RoundTracker<PlayerId>,
    /// Turns started so far, extra turns included: the table's clock.
    #[serde(default)]
    turns_started: u64,
    /// The stream [`SeatCommand::Shuffle`] draws from; none for a seat order that never shuffles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shuffle_stream: Option<Box<RandomStream>>,
}

impl SeatOrder {
    /// Seats `players` clockwise (1 to [`MAX_SEATS`], each once) and draws the first player
    /// uniformly from `rng`. No turn is in progress until the first [`SeatCommand::NextTurn`].
    pub fn new(players: Vec<PlayerId>, rng: &mut RandomStream) -> Result<SeatOrder, TurnError> {
        check_seating(&players)?;
        let first = rng.below(players.len() as u32) as usize;
        Ok(SeatOrder::seated(players, first))
    }

    /// Seats `players` clockwise (1 to [`MAX_SEATS`], each once) with `first` to play first.
    pub fn with_first_player(
        players: Vec<PlayerId>,
        first: PlayerId,
    ) -> Result<SeatOrder, TurnError> {
        check_seating(&players)?;
        let first = players
            .iter()
            .position(|&p| p == first)
            .ok_or(TurnError::UnknownPlayer { player: first })?;
        Ok(SeatOrder::seated(players, first))
    }

    fn seated(players: Vec<PlayerId>, first: usize) -> SeatOrder {
        SeatOrder {
            seats: players
                .into_iter()
                .map(|player| Seat {
                    player,
                    eliminated: false,
                })
                .collect(),
            first,
            natural: None,
            active: None,
            last: None,
            reversed: false,
            pending_skips: 0,
            extra_turns: Vec::new(),
            extra_turn_order: ExtraTurnOrder::default(),
            exchanges: Vec::new(),
            triggers: Vec::new(),
            rounds: RoundTracker::default(),
            turns_started: 0,
            shuffle_stream: None,
        }
    }

    /// The same seat order, with `stream` to draw [`SeatCommand::Shuffle`]'s seatings from.
    #[must_use]
    pub fn with_shuffle_stream(mut self, stream: RandomStream) -> SeatOrder {
        self.shuffle_stream = Some(Box::new(stream));
        self
    }

    /// Whether a seat order read from JSON holds together, as [`SeatOrder::apply`] keeps it: a
    /// valid seating, positions on it, every player it names seated, no turn for an eliminated
    /// player, and each exchanged turn handed to one other living player. The error says what
    /// does not.
    pub fn check(&self) -> Result<(), String> {
        let players: Vec<PlayerId> = self.seats.iter().map(|s| s.player).collect();
        check_seating(&players).map_err(|e| e.to_string())?;
        if self.first >= self.seats.len() || self.natural.is_some_and(|n| n >= self.seats.len()) {
            return Err("a seat position beyond the table".to_owned());
        }
        if self.pending_skips > MAX_PENDING_SKIPS {
            return Err(format!("{} pending skips", self.pending_skips));
        }
        if self.extra_turns.len() > MAX_PENDING_EXTRA_TURNS {
            return Err(format!("{} pending extra turns", self.extra_turns.len()));
        }
        let named = self
            .active
            .map(|a| a.player)
            .into_iter()
            .chain(self.last)
            .chain(self.extra_turns.iter().copied())
            .chain(self.exchanges.iter().flat_map(|&(a, b)| [a, b]))
            .chain(self.triggers.iter().map(|t| t.controller))
            .chain(self.rounds.members().copied());
        if let Some(stranger) = named.into_iter().find(|p| !players.contains(p)) {
            return Err(format!("player {stranger} is named but not seated"));
        }
        // Elimination ends their turn and takes their extra turns and triggers with them.
        let out = |player: &PlayerId| {
            self.seats
                .iter()
                .any(|seat| seat.player == *player && seat.eliminated)
        };
        if let Some(player) = self
            .active
            .map(|a| a.player)
            .into_iter()
            .chain(self.extra_turns.iter().copied())
            .chain(self.triggers.iter().map(|t| t.controller))
            .find(out)
        {
            return Err(format!(
                "player {player} is out of the game but has a turn, an extra turn or a trigger"
            ));
        }
        // As `Exchange` and `Eliminate` leave them: a turn is handed to one other living player.
        for (at, &(owner, taker)) in self.exchanges.iter().enumerate() {
            if owner == taker {
                return Err(format!("player {owner} exchanges with themselves"));
            }
            if out(&taker) {
                return Err(format!(
                    "player {taker} is out of the game but takes player {owner}'s turn"
                ));
            }
            if self.exchanges[..at]
                .iter()
                .any(|&(earlier, _)| earlier == owner)
            {
                return Err(format!("player {owner}'s turn is exchanged twice"));
            }
        }
        if self.triggers.len() > MAX_TRIGGERS {
            return Err(format!(
                "{} turn triggers; a table holds at most {MAX_TRIGGERS}",
                self.triggers.len()
            ));
        }
        // Sorted by id, as `AddTrigger` keeps them: lookups are binary searches.
        match self
            .triggers
            .windows(2)
            .find(|pair| pair[0].id >= pair[1].id)
        {
            Some(pair) => Err(format!(
                "triggers {} and {} are out of order (or one is there twice)",
                pair[0].id, pair[1].id
            )),
            None => Ok(()),
        }
    }

    /// Validates and carries out `command`; returns what happened, in order. On `Err` nothing has
    /// changed.
    pub fn apply(&mut self, command: SeatCommand) -> Result<Vec<SeatEvent>, RulesError> {
        let mut out = Vec::new();
        match command {
            SeatCommand::NextTurn => self.next_turn(&mut out)?,
            SeatCommand::EndTurn => {
                let active = self.active.ok_or(TurnError::NoActiveTurn)?;
                self.active = None;
                out.push(SeatEvent::TurnEnded {
                    player: active.player,
                });
            }
            SeatCommand::Reverse => {
                self.reversed = !self.reversed;
                out.push(SeatEvent::DirectionChanged {
                    reversed: self.reversed,
                });
            }
            SeatCommand::SkipNext => {
                room_for_one(
                    "pending skips",
                    self.pending_skips as usize,
                    MAX_PENDING_SKIPS as usize,
                )?;
                self.pending_skips += 1;
                out.push(SeatEvent::SkipAdded {
                    pending: self.pending_skips,
                });
            }
            SeatCommand::GrantExtraTurn { player } => {
                self.living_seat(player)?;
                room_for_one(
                    "pending extra turns",
                    self.extra_turns.len(),
                    MAX_PENDING_EXTRA_TURNS,
                )?;
                self.extra_turns.push(player);
                out.push(SeatEvent::ExtraTurnGranted { player });
            }
            SeatCommand::Exchange { first, second } => {
                self.living_seat(first)?;
                self.living_seat(second)?;
                if first == second {
                    return Err(TurnError::ExchangeWithSelf { player: first }.into());
                }
                for player in [first, second] {
                    if self.exchanges.iter().any(|&(owner, _)| owner == player) {
                        return Err(TurnError::ExchangePending { player }.into());
                    }
                }
                self.exchanges.push((first, second));
                self.exchanges.push((second, first));
                out.push(SeatEvent::TurnsExchanged { first, second });
            }
            SeatCommand::SetExtraTurnOrder { order } => {
                self.extra_turn_order = order;
                out.push(SeatEvent::ExtraTurnOrderSet { order });
            }
            SeatCommand::SwapSeats { first, second } => self.swap_seats(first, second, &mut out)?,
            SeatCommand::Eliminate { player } => self.eliminate(player, &mut out)?,
            SeatCommand::AddTrigger(trigger) => {
                self.living_seat(trigger.controller)?;
                let at = match self.triggers.binary_search_by_key(&trigger.id, |t| t.id) {
                    Ok(_) => {
                        return Err(TurnError::DuplicateTrigger {
                            trigger: trigger.id,
                        }
                        .into());
                    }
                    Err(at) => at,
                };
                room_for_one("turn triggers", self.triggers.len(), MAX_TRIGGERS)?;
                self.triggers.insert(at, trigger);
                out.push(SeatEvent::TriggerAdded {
                    trigger: trigger.id,
                });
            }
            SeatCommand::RemoveTrigger { trigger } => {
                let at = self
                    .triggers
                    .binary_search_by_key(&trigger, |t| t.id)
                    .map_err(|_| TurnError::UnknownTrigger { trigger })?;
                self.triggers.remove(at);
                out.push(SeatEvent::TriggerRemoved { trigger });
            }
            SeatCommand::Shuffle => self.shuffle(&mut out)?,
        }
        Ok(out)
    }

    /// The seats, clockwise, eliminated players included.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The player who plays (or played) first.
    pub fn first_player(&self) -> Option<PlayerId> {
        self.seats.get(self.first).map(|seat| seat.player)
    }

    /// The turn in progress, if any.
    pub fn active(&self) -> Option<ActiveTurn> {
        self.active
    }

    /// The player whose turn is in progress, if any.
    pub fn current_player(&self) -> Option<PlayerId> {
        self.active.map(|turn| turn.player)
    }

    /// Whether play goes counter-clockwise.
    pub fn is_reversed(&self) -> bool {
        self.reversed
    }

    /// Natural turns still to be skipped.
    pub fn pending_skips(&self) -> u32 {
        self.pending_skips
    }

    /// Pending extra turns, the next one first.
    pub fn pending_extra_turns(&self) -> Vec<PlayerId> {
        match self.extra_turn_order {
            ExtraTurnOrder::FirstGranted => self.extra_turns.clone(),
            ExtraTurnOrder::LatestGranted => self.extra_turns.iter().rev().copied().collect(),
        }
    }

    /// Which of several pending extra turns is taken first.
    pub fn extra_turn_order(&self) -> ExtraTurnOrder {
        self.extra_turn_order
    }

    /// The registered triggers, by id.
    pub fn triggers(&self) -> &[Trigger] {
        &self.triggers
    }

    /// The current virtual round, from 1; 0 before the first turn.
    pub fn round(&self) -> u32 {
        self.rounds.round()
    }

    /// Whether `player` is seated and not eliminated.
    pub fn is_living(&self, player: PlayerId) -> bool {
        self.seat_of(player)
            .is_some_and(|seat| !self.seats[seat].eliminated)
    }

    /// Every living player once, in turn order: the current player first (or, with no turn in
    /// progress, the player of the next turn), then round the table in the current direction.
    pub fn players_from_current(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let start = self
            .current_player()
            .or_else(|| self.upcoming_turns(1).first().map(|turn| turn.player))
            .and_then(|player| self.seat_of(player));
        let len = self.seats.len();
        (0..len)
            .filter_map(move |offset| start.map(|start| self.step(start, offset)))
            .filter_map(move |seat| self.seats.get(seat))
            .filter(|seat| !seat.eliminated)
            .map(|seat| seat.player)
    }

    /// The current player's living opponents in turn order: round the table in the current
    /// direction, starting after the current player.
    pub fn opponents_in_turn_order(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.players_from_current().skip(1)
    }

    /// The next `depth` turns to be taken (at most [`MAX_PREDICTION_DEPTH`]), without changing
    /// anything. The turn in progress is not included; skipped turns are not listed.
    pub fn upcoming_turns(&self, depth: usize) -> Vec<UpcomingTurn> {
        let mut copy = self.clone();
        // Triggers fire when a turn starts, not when one is foreseen: a thousand of them at each
        // of 100 000 foreseen turns took seconds.
        copy.triggers.clear();
        let mut turns = Vec::new();
        let mut events = Vec::new();
        for _ in 0..depth.min(MAX_PREDICTION_DEPTH) {
            events.clear();
            if copy.next_turn(&mut events).is_err() {
                break;
            }
            let is_new_round = events
                .iter()
                .any(|event| matches!(event, SeatEvent::TurnChanged(turn) if turn.is_new_round));
            if let Some(turn) = copy.active {
                turns.push(UpcomingTurn {
                    player: turn.player,
                    extra: turn.extra,
                    is_new_round,
                });
            }
        }
        turns
    }

    /// Turns started so far, extra turns included.
    pub fn turns_started(&self) -> u64 {
        self.turns_started
    }

    /// A snapshot: the current player, the turns started, the round and the next `depth` turns
    /// (each at the number it will have among the turns started).
    pub fn turn_state(&self, depth: usize) -> TurnState<PlayerId> {
        TurnState {
            active: self.current_player(),
            global_time: self.turns_started,
            round: self.round(),
            queue: self
                .upcoming_turns(depth)
                .into_iter()
                .zip((1..).map(|ahead| self.turns_started.saturating_add(ahead)))
                .map(|(turn, at_time)| QueuedTurn {
                    id: turn.player,
                    at_time,
                    is_new_round: turn.is_new_round,
                    is_extra_turn: turn.extra,
                })
                .collect(),
        }
    }
}

fn check_seating(players: &[PlayerId]) -> Result<(), TurnError> {
    if players.is_empty() || players.len() > MAX_SEATS {
        return Err(TurnError::InvalidSeating(format!(
            "{} players given; a table seats 1 to {MAX_SEATS}",
            players.len()
        )));
    }
    for (index, player) in players.iter().enumerate() {
        if players[..index].contains(player) {
            return Err(TurnError::InvalidSeating(format!(
                "player {player} is seated twice"
            )));
        }
    }
    Ok(())
}

/// Refuses one more of `what` when `count` of them are there already and `max` is the limit.
fn room_for_one(what: &'static str, count: usize, max: usize) -> Result<(), RulesError> {
    if count < max {
        return Ok(());
    }
    Err(TurnError::OutOfRange {
        what,
        value: count as u64 + 1,
        min: 0,
        max: max as u64,
    }
    .into())
}
