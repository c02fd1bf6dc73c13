//! What a turn system drives: the race and the seat order side by side, changed only through
//! `TurnOrder::apply`; seating a new table ends the turn in progress at the old one, and a seat
//! command before any table is refused without changing anything.

use horizons_edge_core::turns::order::{TurnOrder, TurnOrderCommand as Cmd, TurnOrderEvent as Ev};
use horizons_edge_core::turns::save::TurnMode;
use horizons_edge_core::{
    InitiativeCommand, InitiativeEvent, PlayerId, RulesError, SeatCommand, SeatEvent, SeatOrder,
    Side, TurnError, UnitId, UnitSpec,
};

const A: PlayerId = PlayerId(1);
const B: PlayerId = PlayerId(2);

fn table() -> Cmd {
    Cmd::Seat(Box::new(
        SeatOrder::with_first_player(vec![A, B], A).unwrap(),
    ))
}

#[test]
fn a_seat_command_before_any_table_is_refused_and_changes_nothing() {
    let mut order = TurnOrder::default();
    let before = order.to_json();
    assert_eq!(
        order.apply(Cmd::Seats(SeatCommand::NextTurn)),
        Err(RulesError::Turn(TurnError::NoSeating))
    );
    assert_eq!(order.to_json(), before);
}

#[test]
fn seating_a_new_table_ends_the_turn_in_progress_at_the_old_one() {
    let mut order = TurnOrder::default();
    assert_eq!(order.apply(table()).unwrap(), [], "no turn was in progress");
    order.apply(Cmd::Seats(SeatCommand::NextTurn)).unwrap();
    assert_eq!(order.seats().unwrap().current_player(), Some(A));
    assert_eq!(
        order.apply(table()).unwrap(),
        [Ev::Seats(SeatEvent::TurnEnded { player: A })]
    );
    assert_eq!(order.seats().unwrap().current_player(), None);
}

#[test]
fn both_orders_keep_their_state_whichever_is_in_use_and_save_with_the_mode() {
    let mut order = TurnOrder::default();
    let unit = UnitSpec::new(UnitId(7), Side::Player, 10);
    let added = order
        .apply(Cmd::Initiative(InitiativeCommand::AddUnit(unit)))
        .unwrap();
    assert!(matches!(
        added[..],
        [Ev::Initiative(InitiativeEvent::UnitAdded { .. })]
    ));
    order.apply(table()).unwrap();
    assert_eq!(order.apply(Cmd::SetMode(TurnMode::Seats)).unwrap(), []);
    assert_eq!(order.mode(), TurnMode::Seats);
    assert_eq!(
        order.initiative().units().len(),
        1,
        "the race kept its unit"
    );
    let loaded = TurnOrder::from_json(&order.to_json()).unwrap();
    assert_eq!(loaded, order);
}
