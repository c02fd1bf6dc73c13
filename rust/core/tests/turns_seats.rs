//! Seat order: the first player, clockwise play, reversal, skips, extra turns, exchanges, swapped seats,
//! elimination at awkward moments, iterators, triggers, and refusals that change nothing.

mod chi_square;

use horizons_edge_core::turns::SkipReason;
use horizons_edge_core::turns::seats::{ExtraTurnOrder, Trigger, UpcomingTurn};
use horizons_edge_core::{
    PlayerId, RandomStream, RulesError, SeatCommand as Cmd, SeatEvent as Ev, SeatOrder, TriggerId,
    TriggerScope, TurnError,
};

const A: PlayerId = PlayerId(10);
const B: PlayerId = PlayerId(11);
const C: PlayerId = PlayerId(12);
const D: PlayerId = PlayerId(13);

fn table(first: PlayerId) -> SeatOrder {
    SeatOrder::with_first_player(vec![A, B, C, D], first).unwrap()
}

fn json(order: &SeatOrder) -> String {
    serde_json::to_string(order).unwrap()
}

/// Starts the next turn; returns whose it is and the events.
fn next(order: &mut SeatOrder) -> (PlayerId, Vec<Ev>) {
    let events = order.apply(Cmd::NextTurn).unwrap();
    let player = events
        .iter()
        .find_map(|e| match e {
            Ev::TurnStarted { player, .. } => Some(*player),
            _ => None,
        })
        .unwrap();
    (player, events)
}

/// The next `n` turns taken, with a `*` for extra turns.
fn play(order: &mut SeatOrder, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            let (player, _) = next(order);
            name(player, order.active().unwrap().extra)
        })
        .collect()
}

fn name(player: PlayerId, extra: bool) -> String {
    let letter = ["A", "B", "C", "D"][(player.0 - 10) as usize];
    format!("{letter}{}", if extra { "*" } else { "" })
}

fn names(turns: &[UpcomingTurn]) -> Vec<String> {
    turns.iter().map(|t| name(t.player, t.extra)).collect()
}

fn skipped(events: &[Ev]) -> Vec<PlayerId> {
    events
        .iter()
        .filter_map(|e| match e {
            Ev::TurnSkipped {
                player,
                reason: SkipReason::Skipped,
            } => Some(*player),
            _ => None,
        })
        .collect()
}

fn assert_refused(order: &mut SeatOrder, command: Cmd, expected: TurnError) {
    let before = json(order);
    assert_eq!(
        order.apply(command.clone()),
        Err(RulesError::Turn(expected)),
        "refusal of {command:?}"
    );
    assert_eq!(json(order), before, "state after refusing {command:?}");
}

fn seq(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

// --- Shuffle ----------------------------------------------------------------------------------

fn shuffled(events: &[Ev]) -> Vec<PlayerId> {
    events
        .iter()
        .find_map(|e| match e {
            Ev::SeatsShuffled { order } => Some(order.clone()),
            _ => None,
        })
        .expect("a SeatsShuffled event")
}

#[test]
fn a_shuffle_keeps_the_anchor_first_and_play_goes_on_from_them() {
    let mut order = table(B).with_shuffle_stream(RandomStream::from_seed(3));
    assert_eq!(play(&mut order, 2), seq("B C"));
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    order
        .apply(Cmd::Exchange {
            first: A,
            second: D,
        })
        .unwrap();
    order.apply(Cmd::Reverse).unwrap();
    let events = order.apply(Cmd::Shuffle).unwrap();
    let seating = shuffled(&events);
    let players: Vec<PlayerId> = order.seats().iter().map(|s| s.player).collect();
    assert_eq!(seating, players, "the event carries the new seating");
    assert_eq!(seating[0], C, "the latest natural turn's player sits first");
    assert_eq!(
        order.current_player(),
        Some(C),
        "the turn in progress goes on"
    );
    assert_eq!(
        order.first_player(),
        Some(B),
        "the first player is still the first player"
    );
    assert!(order.is_reversed(), "the direction stays");
    // The extra turn comes first, then play goes counter-clockwise from C round the new table,
    // with the exchange of A and D still pending.
    let after_c: Vec<PlayerId> = (1..4).map(|i| seating[4 - i]).collect();
    let swap = |p: PlayerId| match p {
        p if p == A => D,
        p if p == D => A,
        p => p,
    };
    let mut expected = vec![name(A, true)];
    expected.extend(after_c.iter().map(|&p| name(swap(p), false)));
    expected.push(name(C, false));
    assert_eq!(play(&mut order, 5), expected);
}

#[test]
fn before_any_turn_a_shuffle_keeps_the_first_player_first() {
    let mut order = table(C).with_shuffle_stream(RandomStream::from_seed(8));
    let seating = shuffled(&order.apply(Cmd::Shuffle).unwrap());
    assert_eq!(seating[0], C);
    assert_eq!(order.first_player(), Some(C));
    let names: Vec<String> = seating.iter().map(|&p| name(p, false)).collect();
    assert_eq!(
        play(&mut order, 4),
        names,
        "play goes round the new table from C"
    );
}

#[test]
fn shuffles_are_uniform_reproducible_and_saved() {
    // Every order of the three players after the anchor is equally likely: 6 cells of 1 000.
    let mut counts = std::collections::BTreeMap::<Vec<PlayerId>, u64>::new();
    let mut order = table(A).with_shuffle_stream(RandomStream::from_seed(21));
    for round in 0..6000 {
        if round == 3000 {
            // Halfway, save and load: the stream is part of the state.
            let restored: SeatOrder = serde_json::from_str(&json(&order)).unwrap();
            assert_eq!(restored, order);
            let mut copy = restored.clone();
            assert_eq!(copy.apply(Cmd::Shuffle), order.clone().apply(Cmd::Shuffle));
            order = restored;
        }
        let seating = shuffled(&order.apply(Cmd::Shuffle).unwrap());
        assert_eq!(seating[0], A);
        *counts.entry(seating[1..].to_vec()).or_default() += 1;
    }
    let observed: Vec<u64> = counts.values().copied().collect();
    assert_eq!(observed.len(), 6, "every order happens: {counts:?}");
    let p = chi_square::chi_square_p(&observed, &[1.0 / 6.0; 6]);
    // 5 degrees of freedom; p below 0.001 is a failure (a fixed seed, so this never flickers).
    assert!(p > 0.001, "chi-square p = {p} for {counts:?}");
}

#[test]
fn a_seat_order_without_a_stream_refuses_to_shuffle() {
    let mut order = table(A);
    assert_refused(&mut order, Cmd::Shuffle, TurnError::NoShuffleStream);
}

#[test]
fn turn_state_counts_turns_and_marks_extra_turns_and_rounds() {
    let mut order = table(A);
    assert_eq!(order.turn_state(2).global_time, 0);
    play(&mut order, 3);
    order.apply(Cmd::GrantExtraTurn { player: B }).unwrap();
    let state = order.turn_state(3);
    assert_eq!(state.active, Some(C));
    assert_eq!((state.global_time, state.round), (3, 1));
    let queue: Vec<(PlayerId, u64, bool, bool)> = state
        .queue
        .iter()
        .map(|t| (t.id, t.at_time, t.is_new_round, t.is_extra_turn))
        .collect();
    // B's extra turn, D (round 1 complete), then A opens round 2.
    assert_eq!(
        queue,
        vec![
            (B, 4, false, true),
            (D, 5, false, false),
            (A, 6, true, false)
        ]
    );
}

// --- First player and direction ----------------------------------------------------------------

#[test]
fn the_first_player_comes_from_the_random_stream() {
    let mut firsts = [0u32; 4];
    for seed in 0..2000 {
        let order = SeatOrder::new(vec![A, B, C, D], &mut RandomStream::from_seed(seed)).unwrap();
        let again = SeatOrder::new(vec![A, B, C, D], &mut RandomStream::from_seed(seed)).unwrap();
        assert_eq!(order, again, "seed {seed} gives one seating");
        let first = order.first_player().unwrap();
        assert_eq!(first.0 - 10, RandomStream::from_seed(seed).below(4));
        firsts[(first.0 - 10) as usize] += 1;
        let mut copy = order.clone();
        assert_eq!(
            next(&mut copy).0,
            first,
            "the first turn is the first player's"
        );
    }
    // Each player expects 500; a fixed or biased pick lands far outside ±100.
    for count in firsts {
        assert!(
            (400..=600).contains(&count),
            "first-player counts {firsts:?}"
        );
    }
}

#[test]
fn play_goes_clockwise_from_the_first_player() {
    let mut order = table(C);
    assert_eq!(play(&mut order, 6), seq("C D A B C D"));
}

#[test]
fn reverse_is_a_toggle_and_reversing_twice_restores_the_order() {
    let mut plain = table(A);
    let mut twice = table(A);
    play(&mut plain, 2);
    play(&mut twice, 2);
    for _ in 0..2 {
        twice.apply(Cmd::Reverse).unwrap();
    }
    assert!(!twice.is_reversed());
    assert_eq!(play(&mut twice, 9), play(&mut plain, 9));

    let mut once = table(A);
    assert_eq!(play(&mut once, 3), seq("A B C"));
    let events = once.apply(Cmd::Reverse).unwrap();
    assert_eq!(events, vec![Ev::DirectionChanged { reversed: true }]);
    assert_eq!(play(&mut once, 5), seq("B A D C B"));
}

// --- Skips -------------------------------------------------------------------------------------

#[test]
fn a_skip_uses_up_the_next_natural_turn_and_skips_stack() {
    let mut order = table(A);
    next(&mut order);
    order.apply(Cmd::SkipNext).unwrap();
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (C, vec![B]));
    assert_eq!(order.pending_skips(), 0);
    for _ in 0..2 {
        order.apply(Cmd::SkipNext).unwrap();
    }
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (B, vec![D, A]));
    assert_eq!(play(&mut order, 4), seq("C D A B"), "back to normal");
}

#[test]
fn more_skips_than_players_go_round_the_table() {
    let mut order = table(A);
    next(&mut order);
    for _ in 0..5 {
        order.apply(Cmd::SkipNext).unwrap();
    }
    let (player, events) = next(&mut order);
    assert_eq!(skipped(&events), vec![B, C, D, A, B]);
    assert_eq!(player, C);
}

#[test]
fn extra_turns_are_not_skipped() {
    let mut order = table(A);
    next(&mut order);
    order.apply(Cmd::SkipNext).unwrap();
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (A, vec![]));
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (C, vec![B]));
}

// --- Extra turns -------------------------------------------------------------------------------

#[test]
fn an_extra_turn_comes_next_then_play_resumes_from_the_natural_next_seat() {
    let mut order = table(A);
    assert_eq!(play(&mut order, 3), seq("A B C"));
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    assert_eq!(play(&mut order, 5), seq("A* D A B C"));
}

/// Seed 004 queues extra turns (`push_back`, `pop_front`): the first granted is taken first.
/// They were taken newest first, as Magic's rule 500.7 has it, which is now a choice.
#[test]
fn extra_turns_are_taken_first_granted_first_as_seed_004_queues_them() {
    let mut order = table(A);
    play(&mut order, 3);
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    order.apply(Cmd::GrantExtraTurn { player: B }).unwrap();
    assert_eq!(order.pending_extra_turns(), vec![A, B]);
    assert_eq!(play(&mut order, 1), seq("A*"));
    // Granted during A's extra turn: taken after B's older one.
    order.apply(Cmd::GrantExtraTurn { player: D }).unwrap();
    assert_eq!(play(&mut order, 5), seq("B* D* D A B"));
}

#[test]
fn extra_turns_can_be_taken_newest_first_as_in_magic() {
    let mut order = table(A);
    play(&mut order, 3);
    let latest = ExtraTurnOrder::LatestGranted;
    let events = order
        .apply(Cmd::SetExtraTurnOrder { order: latest })
        .unwrap();
    assert_eq!(events, vec![Ev::ExtraTurnOrderSet { order: latest }]);
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    order.apply(Cmd::GrantExtraTurn { player: B }).unwrap();
    assert_eq!(order.pending_extra_turns(), vec![B, A]);
    assert_eq!(play(&mut order, 1), seq("B*"));
    // Granted during B's extra turn: taken before A's older one.
    order.apply(Cmd::GrantExtraTurn { player: D }).unwrap();
    assert_eq!(play(&mut order, 5), seq("D* A* D A B"));
}

/// A turn system saved before the choice (version 1) goes on as it was played: newest first.
/// The default order is left out of the JSON, so a game's seat order hashes as before.
#[test]
fn a_save_from_before_the_choice_takes_extra_turns_newest_first() {
    use horizons_edge_core::Initiative;
    use horizons_edge_core::turns::save::{self, TurnMode};
    let mut order = table(A);
    play(&mut order, 3);
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    order.apply(Cmd::GrantExtraTurn { player: B }).unwrap();
    assert!(
        !json(&order).contains("extra_turn_order"),
        "the default is left out"
    );
    let saved = save::to_json(TurnMode::Seats, &Initiative::new(), Some(&order));
    let old = saved.replace("\"version\":2", "\"version\":1");
    let (_, _, loaded) = save::from_json(&old).unwrap();
    let mut loaded = loaded.unwrap();
    assert_eq!(loaded.extra_turn_order(), ExtraTurnOrder::LatestGranted);
    assert_eq!(play(&mut loaded, 2), seq("B* A*"));
    let (_, _, current) = save::from_json(&saved).unwrap();
    assert_eq!(play(&mut current.unwrap(), 2), seq("A* B*"));
}

#[test]
fn the_current_player_can_take_an_extra_turn_straight_after_their_own() {
    let mut order = table(B);
    next(&mut order);
    order.apply(Cmd::GrantExtraTurn { player: B }).unwrap();
    order.apply(Cmd::GrantExtraTurn { player: B }).unwrap();
    assert_eq!(play(&mut order, 4), seq("B* B* C D"));
}

// --- Exchange ----------------------------------------------------------------------------------

#[test]
fn an_exchange_swaps_the_next_turns_once_and_leaves_the_seats() {
    let mut order = table(A);
    next(&mut order);
    let seats = order.seats().to_vec();
    order
        .apply(Cmd::Exchange {
            first: B,
            second: D,
        })
        .unwrap();
    assert_eq!(play(&mut order, 7), seq("D C B A B C D"));
    assert_eq!(order.seats(), &seats[..]);
}

#[test]
fn an_exchange_with_the_current_player_swaps_their_next_turn() {
    let mut order = table(A);
    next(&mut order);
    order
        .apply(Cmd::Exchange {
            first: A,
            second: C,
        })
        .unwrap();
    assert_eq!(play(&mut order, 7), seq("B A D C B C D"));
}

// --- Swapped seats (seed 004's ExchangeTurn) ---------------------------------------------------

fn swap(first: PlayerId, second: PlayerId) -> Cmd {
    Cmd::SwapSeats { first, second }
}

fn seating(order: &SeatOrder) -> Vec<PlayerId> {
    order.seats().iter().map(|seat| seat.player).collect()
}

#[test]
fn swapped_seats_stay_swapped_as_seed_004_swaps_the_turn_order() {
    let mut order = table(A);
    next(&mut order);
    let events = order.apply(swap(B, D)).unwrap();
    assert_eq!(
        events,
        vec![Ev::SeatsSwapped {
            first: B,
            second: D
        }]
    );
    assert_eq!(seating(&order), vec![A, D, C, B]);
    assert_eq!(names(&order.upcoming_turns(8)), seq("D C B A D C B A"));
    assert_eq!(play(&mut order, 8), seq("D C B A D C B A"));
}

#[test]
fn play_goes_on_from_the_latest_natural_turns_player_wherever_they_now_sit() {
    let mut order = table(A);
    next(&mut order);
    order.apply(swap(A, C)).unwrap();
    assert_eq!(seating(&order), vec![C, B, A, D]);
    assert_eq!(
        order.current_player(),
        Some(A),
        "the turn in progress stays A's"
    );
    assert_eq!(play(&mut order, 5), seq("D C B A D"));
    // Before any turn the first player keeps playing first, from their new seat.
    let mut fresh = table(A);
    fresh.apply(swap(A, C)).unwrap();
    assert_eq!(fresh.first_player(), Some(A));
    assert_eq!(play(&mut fresh, 5), seq("A D C B A"));
    // Reversed, play goes the other way round the new seating.
    let mut reversed = table(A);
    next(&mut reversed);
    reversed.apply(Cmd::Reverse).unwrap();
    reversed.apply(swap(B, D)).unwrap();
    assert_eq!(play(&mut reversed, 4), seq("B C D A"));
}

#[test]
fn a_swap_with_oneself_an_eliminated_or_an_unknown_player_changes_nothing() {
    let mut order = table(A);
    next(&mut order);
    order.apply(Cmd::Eliminate { player: C }).unwrap();
    assert_refused(
        &mut order,
        swap(B, B),
        TurnError::ExchangeWithSelf { player: B },
    );
    assert_refused(&mut order, swap(B, C), TurnError::Eliminated { player: C });
    let stranger = PlayerId(99);
    assert_refused(
        &mut order,
        swap(stranger, B),
        TurnError::UnknownPlayer { player: stranger },
    );
}

#[test]
fn an_exchange_follows_the_direction_of_play() {
    let mut order = table(A);
    next(&mut order);
    order
        .apply(Cmd::Exchange {
            first: B,
            second: C,
        })
        .unwrap();
    order.apply(Cmd::Reverse).unwrap();
    // Reversed from A: D, then C's turn (taken by B), B's turn (taken by C), A, ...
    assert_eq!(play(&mut order, 6), seq("D B C A D C"));
}

// --- Elimination -------------------------------------------------------------------------------

#[test]
fn an_eliminated_player_never_gets_another_turn() {
    let mut order = table(A);
    next(&mut order);
    order.apply(Cmd::Eliminate { player: C }).unwrap();
    assert_eq!(play(&mut order, 6), seq("B D A B D A"));
}

#[test]
fn elimination_during_their_own_extra_turn_ends_it_and_play_resumes_naturally() {
    let mut order = table(A);
    play(&mut order, 3);
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    assert_eq!(play(&mut order, 1), seq("A*"));
    let events = order.apply(Cmd::Eliminate { player: A }).unwrap();
    assert_eq!(
        events,
        vec![
            Ev::TurnEnded { player: A },
            Ev::PlayerEliminated { player: A }
        ]
    );
    assert_eq!(order.active(), None);
    assert_eq!(
        order.pending_extra_turns(),
        vec![],
        "A's second extra turn goes"
    );
    assert_eq!(play(&mut order, 4), seq("D B C D"));
}

#[test]
fn elimination_of_another_player_during_an_extra_turn() {
    let mut order = table(A);
    play(&mut order, 3);
    order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
    play(&mut order, 1);
    order.apply(Cmd::Eliminate { player: D }).unwrap();
    assert_eq!(play(&mut order, 4), seq("A B C A"));
}

#[test]
fn elimination_of_the_natural_seat_while_reversed() {
    let mut order = table(A);
    play(&mut order, 3);
    order.apply(Cmd::Reverse).unwrap();
    order.apply(Cmd::Eliminate { player: C }).unwrap();
    assert_eq!(order.active(), None, "C's turn ended");
    assert_eq!(play(&mut order, 5), seq("B A D B A"));
    order.apply(Cmd::Eliminate { player: A }).unwrap();
    assert_eq!(play(&mut order, 3), seq("D B D"));
}

#[test]
fn elimination_with_skips_pending_skips_no_other_living_player() {
    // Skips pending for B and C; C is eliminated: only B is skipped, D plays.
    let mut order = table(A);
    next(&mut order);
    order.apply(Cmd::SkipNext).unwrap();
    order.apply(Cmd::SkipNext).unwrap();
    order.apply(Cmd::Eliminate { player: C }).unwrap();
    assert_eq!(order.pending_skips(), 1);
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (D, vec![B]));

    // A skip pending for B; B is eliminated: C, the next living player, is not skipped.
    let mut order = table(A);
    next(&mut order);
    order.apply(Cmd::SkipNext).unwrap();
    order.apply(Cmd::Eliminate { player: B }).unwrap();
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (C, vec![]));

    // A skip pending for B; D is eliminated: B is still skipped.
    let mut order = table(A);
    next(&mut order);
    order.apply(Cmd::SkipNext).unwrap();
    order.apply(Cmd::Eliminate { player: D }).unwrap();
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (C, vec![B]));
    assert_eq!(play(&mut order, 3), seq("A B C"));
}

#[test]
fn the_skips_an_elimination_leaves_fall_on_whoever_is_next_when_they_are_used() {
    // A skip pending for B; D is eliminated (the skip stays, as the order stands); then the
    // order is reversed: the skip falls on the next natural turn then, C's, as README says.
    let mut order = table(A);
    next(&mut order);
    order.apply(Cmd::SkipNext).unwrap();
    order.apply(Cmd::Eliminate { player: D }).unwrap();
    order.apply(Cmd::Reverse).unwrap();
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (B, vec![C]));
}

#[test]
fn elimination_with_skips_pending_while_reversed_and_during_an_extra_turn() {
    let mut order = table(A);
    play(&mut order, 2);
    order.apply(Cmd::GrantExtraTurn { player: C }).unwrap();
    play(&mut order, 1);
    order.apply(Cmd::Reverse).unwrap();
    order.apply(Cmd::SkipNext).unwrap();
    // Natural order after B, reversed: A (skipped), D, C. A is eliminated during C's extra turn.
    order.apply(Cmd::Eliminate { player: A }).unwrap();
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (D, vec![]));
    assert_eq!(play(&mut order, 3), seq("C B D"));
}

/// A's turn, with B and D exchanging their next turns.
fn b_and_d_exchanged() -> SeatOrder {
    let mut order = table(A);
    next(&mut order);
    order
        .apply(Cmd::Exchange {
            first: B,
            second: D,
        })
        .unwrap();
    order
}

#[test]
fn elimination_cancels_the_exchanges_it_breaks() {
    let mut order = b_and_d_exchanged();
    order.apply(Cmd::Eliminate { player: D }).unwrap();
    assert_eq!(play(&mut order, 4), seq("B C A B"));
}

#[test]
fn a_skip_an_elimination_moves_onto_another_living_player_is_forgiven() {
    // A plays; B and D exchange, so D takes B's turn next, and that turn is skipped. B is
    // eliminated: the exchange is cancelled and D's turn is its own again, after C's. The skip
    // would now fall on C, who was never to lose a turn: it is forgiven (seen from outside).
    let mut order = b_and_d_exchanged();
    order.apply(Cmd::SkipNext).unwrap();
    assert_eq!(names(&order.upcoming_turns(3)), seq("C B A"));
    order.apply(Cmd::Eliminate { player: B }).unwrap();
    assert_eq!(order.pending_skips(), 0);
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (C, vec![]));
    assert_eq!(play(&mut order, 3), seq("D A C"));

    // Two skips, for D (in B's seat) and C; B is eliminated: the next natural turns are C's
    // and D's, both due to be skipped, so both skips stand.
    let mut order = b_and_d_exchanged();
    order.apply(Cmd::SkipNext).unwrap();
    order.apply(Cmd::SkipNext).unwrap();
    order.apply(Cmd::Eliminate { player: B }).unwrap();
    assert_eq!(order.pending_skips(), 2);
    let (player, events) = next(&mut order);
    assert_eq!((player, skipped(&events)), (A, vec![C, D]));
}

#[test]
fn an_elimination_halfway_through_an_exchange_keeps_the_partner_s_turn() {
    // D takes B's turn and is eliminated during it. B's own turn went to D: B still takes D's,
    // from D's seat, as without the elimination (A D C B A).
    let mut order = b_and_d_exchanged();
    assert_eq!(play(&mut order, 1), seq("D"));
    order.apply(Cmd::Eliminate { player: D }).unwrap();
    assert_eq!(names(&order.upcoming_turns(3)), seq("C B A"));
    assert_eq!(play(&mut order, 4), seq("C B A B"));
    // Once B is gone too, D's seat has no turn left to give.
    let mut order = b_and_d_exchanged();
    play(&mut order, 1);
    order.apply(Cmd::Eliminate { player: D }).unwrap();
    order.apply(Cmd::Eliminate { player: B }).unwrap();
    assert_eq!(play(&mut order, 3), seq("C A C"));
}

#[test]
fn eliminating_everyone_but_one_leaves_them_every_turn_and_then_nobody() {
    let mut order = table(A);
    next(&mut order);
    for player in [B, A, D] {
        order.apply(Cmd::Eliminate { player }).unwrap();
    }
    assert_eq!(play(&mut order, 3), seq("C C C"));
    order.apply(Cmd::Eliminate { player: C }).unwrap();
    assert_refused(&mut order, Cmd::NextTurn, TurnError::NoLivingPlayers);
    assert!(order.upcoming_turns(5).is_empty());
    assert_eq!(order.players_from_current().count(), 0);
}

// --- Iterators ---------------------------------------------------------------------------------

#[test]
fn iterators_go_from_the_current_player_in_the_direction_of_play() {
    let mut order = table(A);
    let from = |order: &SeatOrder| order.players_from_current().collect::<Vec<_>>();
    let opponents = |order: &SeatOrder| order.opponents_in_turn_order().collect::<Vec<_>>();
    assert_eq!(
        from(&order),
        vec![A, B, C, D],
        "before the first turn: from the next player"
    );
    play(&mut order, 3);
    assert_eq!(from(&order), vec![C, D, A, B]);
    assert_eq!(opponents(&order), vec![D, A, B]);
    order.apply(Cmd::Reverse).unwrap();
    assert_eq!(from(&order), vec![C, B, A, D]);
    order.apply(Cmd::Eliminate { player: B }).unwrap();
    assert_eq!(from(&order), vec![C, A, D]);
    order.apply(Cmd::EndTurn).unwrap();
    assert_eq!(
        from(&order),
        vec![A, D, C],
        "no turn in progress: from the next player"
    );
    next(&mut order);
    assert_eq!(opponents(&order), vec![D, C]);
}

// --- Triggers ----------------------------------------------------------------------------------

fn fired(events: &[Ev]) -> Vec<u32> {
    events
        .iter()
        .filter_map(|e| match e {
            Ev::TriggerFired { trigger, .. } => Some(trigger.0),
            _ => None,
        })
        .collect()
}

#[test]
fn beginning_of_turn_triggers_fire_by_scope_in_apnap_order() {
    let mut order = table(A);
    for (id, controller, scope) in [
        (1, A, TriggerScope::Controller),
        (2, B, TriggerScope::Opponents),
        (3, C, TriggerScope::Everyone),
        (4, A, TriggerScope::Opponents),
        (5, B, TriggerScope::Controller),
        (0, D, TriggerScope::Everyone),
    ] {
        order
            .apply(Cmd::AddTrigger(Trigger {
                id: TriggerId(id),
                controller,
                scope,
            }))
            .unwrap();
    }
    // A's turn: A's (1), then B's (2), C's (3), D's (0).
    assert_eq!(fired(&next(&mut order).1), vec![1, 2, 3, 0]);
    // B's turn: B's (5), then C's (3), D's (0), A's (4).
    assert_eq!(fired(&next(&mut order).1), vec![5, 3, 0, 4]);
    // C's turn: C's (3), D's (0), A's (4), B's (2).
    assert_eq!(fired(&next(&mut order).1), vec![3, 0, 4, 2]);
    order.apply(Cmd::Eliminate { player: B }).unwrap();
    order
        .apply(Cmd::RemoveTrigger {
            trigger: TriggerId(0),
        })
        .unwrap();
    // D's turn: A's (4), then C's (3); B's triggers left with B, D's was removed.
    assert_eq!(fired(&next(&mut order).1), vec![4, 3]);
}

#[test]
fn trigger_scopes_answer_whose_turn_they_fire_on() {
    for (scope, own, other) in [
        (TriggerScope::Controller, true, false),
        (TriggerScope::Opponents, false, true),
        (TriggerScope::Everyone, true, true),
    ] {
        assert_eq!(scope.fires(A, A), own, "{scope:?}");
        assert_eq!(scope.fires(A, B), other, "{scope:?}");
        assert_eq!(TriggerScope::from_code(scope.code()), Some(scope));
    }
    assert_eq!(TriggerScope::from_code(3), None);
}

// --- Rounds, prediction, saves, refusals -------------------------------------------------------

#[test]
fn rounds_close_when_every_living_player_has_had_a_turn() {
    let mut order = table(A);
    let mut marks = Vec::new();
    for step in 0..12 {
        if step == 3 {
            order.apply(Cmd::GrantExtraTurn { player: A }).unwrap();
        }
        if step == 5 {
            order.apply(Cmd::SkipNext).unwrap();
        }
        let (player, events) = next(&mut order);
        let new_round = events
            .iter()
            .any(|e| matches!(e, Ev::TurnChanged(turn) if turn.is_new_round));
        marks.push(format!(
            "{}{}",
            name(player, order.active().unwrap().extra),
            if new_round { "!" } else { "" }
        ));
    }
    // Round 2 starts with A's skipped turn, so B's is the first taken in it; the skipped turn
    // counts as A's, so A's next turn starts round 3.
    assert_eq!(marks, seq("A! B C A* D B! C D A! B C D"));
}

#[test]
fn upcoming_turns_are_the_turns_that_then_happen() {
    for seed in 0..40 {
        let mut rng = RandomStream::from_seed(seed);
        let mut order = SeatOrder::new(vec![A, B, C, D], &mut rng).unwrap();
        for _ in 0..30 {
            let command = match rng.below(8) {
                0 => Cmd::Reverse,
                1 => Cmd::SkipNext,
                2 => Cmd::GrantExtraTurn {
                    player: PlayerId(10 + rng.below(4)),
                },
                3 => Cmd::Exchange {
                    first: PlayerId(10 + rng.below(4)),
                    second: PlayerId(10 + rng.below(4)),
                },
                4 if rng.below(4) == 0 => Cmd::Eliminate {
                    player: PlayerId(10 + rng.below(4)),
                },
                _ => Cmd::NextTurn,
            };
            let _ = order.apply(command);
        }
        let before = json(&order);
        let upcoming = order.upcoming_turns(25);
        assert_eq!(
            json(&order),
            before,
            "seed {seed}: prediction changed the order"
        );
        let mut actual = Vec::new();
        while actual.len() < 25 {
            let Ok(events) = order.apply(Cmd::NextTurn) else {
                break;
            };
            let turn = order.active().unwrap();
            actual.push(UpcomingTurn {
                player: turn.player,
                extra: turn.extra,
                is_new_round: events
                    .iter()
                    .any(|e| matches!(e, Ev::TurnChanged(t) if t.is_new_round)),
            });
        }
        assert_eq!(names(&actual), names(&upcoming), "seed {seed}");
        assert_eq!(actual, upcoming, "seed {seed}: round marks too");
    }
}

#[test]
fn a_saved_order_continues_exactly_as_the_original() {
    let mut original = table(B);
    play(&mut original, 2);
    original.apply(Cmd::GrantExtraTurn { player: D }).unwrap();
    original.apply(Cmd::SkipNext).unwrap();
    original.apply(Cmd::Reverse).unwrap();
    let mut restored: SeatOrder = serde_json::from_str(&json(&original)).unwrap();
    for _ in 0..10 {
        assert_eq!(restored.apply(Cmd::NextTurn), original.apply(Cmd::NextTurn));
    }
}

#[test]
fn refused_commands_change_nothing() {
    let mut order = table(A);
    next(&mut order);
    order
        .apply(Cmd::Exchange {
            first: B,
            second: C,
        })
        .unwrap();
    order
        .apply(Cmd::AddTrigger(Trigger {
            id: TriggerId(1),
            controller: A,
            scope: TriggerScope::Everyone,
        }))
        .unwrap();
    order.apply(Cmd::Eliminate { player: D }).unwrap();
    let stranger = PlayerId(99);
    let cases = [
        (
            Cmd::GrantExtraTurn { player: stranger },
            TurnError::UnknownPlayer { player: stranger },
        ),
        (
            Cmd::GrantExtraTurn { player: D },
            TurnError::Eliminated { player: D },
        ),
        (
            Cmd::Eliminate { player: D },
            TurnError::Eliminated { player: D },
        ),
        (
            Cmd::Exchange {
                first: A,
                second: A,
            },
            TurnError::ExchangeWithSelf { player: A },
        ),
        (
            Cmd::Exchange {
                first: A,
                second: C,
            },
            TurnError::ExchangePending { player: C },
        ),
        (
            Cmd::Exchange {
                first: A,
                second: D,
            },
            TurnError::Eliminated { player: D },
        ),
        (
            Cmd::AddTrigger(Trigger {
                id: TriggerId(1),
                controller: B,
                scope: TriggerScope::Controller,
            }),
            TurnError::DuplicateTrigger {
                trigger: TriggerId(1),
            },
        ),
        (
            Cmd::AddTrigger(Trigger {
                id: TriggerId(2),
                controller: D,
                scope: TriggerScope::Controller,
            }),
            TurnError::Eliminated { player: D },
        ),
        (
            Cmd::RemoveTrigger {
                trigger: TriggerId(7),
            },
            TurnError::UnknownTrigger {
                trigger: TriggerId(7),
            },
        ),
    ];
    for (command, expected) in cases {
        assert_refused(&mut order, command, expected);
    }
    order.apply(Cmd::EndTurn).unwrap();
    assert_refused(&mut order, Cmd::EndTurn, TurnError::NoActiveTurn);
}

#[test]
fn bad_seatings_are_refused() {
    let mut rng = RandomStream::from_seed(1);
    assert!(matches!(
        SeatOrder::new(vec![], &mut rng),
        Err(TurnError::InvalidSeating(_))
    ));
    assert!(matches!(
        SeatOrder::new(vec![A, B, A], &mut rng),
        Err(TurnError::InvalidSeating(m)) if m == "player 10 is seated twice"
    ));
    assert!(matches!(
        SeatOrder::new((0..9).map(PlayerId).collect(), &mut rng),
        Err(TurnError::InvalidSeating(_))
    ));
    assert_eq!(
        SeatOrder::with_first_player(vec![A, B], C),
        Err(TurnError::UnknownPlayer { player: C })
    );
}

/// A trigger goes with its player when they are eliminated, which no signal tells a card script:
/// removing it afterwards is a refusal of play, not misuse (it was an error in the debugger).
#[test]
fn removing_a_trigger_that_went_with_its_eliminated_player_is_a_refusal_of_play() {
    let mut order = table(A);
    order
        .apply(Cmd::AddTrigger(Trigger {
            id: TriggerId(7),
            controller: B,
            scope: TriggerScope::Opponents,
        }))
        .unwrap();
    order.apply(Cmd::Eliminate { player: B }).unwrap();
    let refused = order
        .apply(Cmd::RemoveTrigger {
            trigger: TriggerId(7),
        })
        .unwrap_err();
    assert_eq!(
        refused,
        TurnError::UnknownTrigger {
            trigger: TriggerId(7)
        }
        .into()
    );
    assert!(!refused.is_misuse(), "{refused}");
}
