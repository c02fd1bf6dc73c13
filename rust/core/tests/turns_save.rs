//! Saving a turn system (both orders and the mode) and loading it back: a loaded pair continues
//! exactly as the original, and JSON that does not hold together is refused.

use horizons_edge_core::turns::initiative::{StatusDuration, StatusEffect, StatusKind};
use horizons_edge_core::turns::save::{self, TurnMode};
use horizons_edge_core::turns::seats::Trigger;
use horizons_edge_core::{
    Initiative, InitiativeCommand as Cmd, PlayerId, SaveError, SeatCommand, SeatOrder, Side,
    TriggerId, TriggerScope, UnitId, UnitSpec,
};
use serde_json::Value;

/// A fight in progress (skills, statuses, a unit acting) and a table in progress (reversed,
/// skips, extra turns, an exchange, a trigger, an eliminated player).
fn in_progress() -> (Initiative, SeatOrder) {
    let mut race = Initiative::new();
    for (id, side, speed, health) in [
        (1, Side::Player, 20, 100),
        (2, Side::Enemy, 13, 30),
        (3, Side::Enemy, 9, 100),
    ] {
        race.apply(Cmd::AddUnit(
            UnitSpec::new(UnitId(id), side, speed).with_health(health),
        ))
        .unwrap();
    }
    race.apply(Cmd::AddSkill {
        unit: UnitId(1),
        name: "volley".into(),
        cost: 2,
        cooldown: 2,
    })
    .unwrap();
    for (unit, name, kind, duration) in [
        (
            2,
            "burn",
            StatusKind::DamageOverTime { amount: 7 },
            StatusDuration::Permanent,
        ),
        (3, "daze", StatusKind::Stun, StatusDuration::Turns(1)),
        (
            1,
            "mend",
            StatusKind::HealOverTime { amount: 3 },
            StatusDuration::Turns(3),
        ),
    ] {
        let status = StatusEffect {
            name: name.into(),
            kind,
            duration,
        };
        race.apply(Cmd::ApplyStatus {
            unit: UnitId(unit),
            status,
        })
        .unwrap();
    }
    for _ in 0..4 {
        race.apply(Cmd::NextTurn).unwrap();
    }
    let players: Vec<PlayerId> = (0..5).map(PlayerId).collect();
    let mut seats = SeatOrder::with_first_player(players, PlayerId(2)).unwrap();
    for command in [
        SeatCommand::NextTurn,
        SeatCommand::Reverse,
        SeatCommand::SkipNext,
        SeatCommand::GrantExtraTurn {
            player: PlayerId(4),
        },
        SeatCommand::Exchange {
            first: PlayerId(0),
            second: PlayerId(3),
        },
        SeatCommand::AddTrigger(Trigger {
            id: TriggerId(9),
            controller: PlayerId(1),
            scope: TriggerScope::Opponents,
        }),
        SeatCommand::Eliminate {
            player: PlayerId(1),
        },
    ] {
        seats.apply(command).unwrap();
    }
    (race, seats)
}

#[test]
fn a_loaded_turn_system_continues_exactly_as_the_original() {
    let (mut race, mut seats) = in_progress();
    let json = save::to_json(TurnMode::Seats, &race, Some(&seats));
    let (mode, mut loaded_race, loaded_seats) = save::from_json(&json).unwrap();
    let mut loaded_seats = loaded_seats.unwrap();
    assert_eq!(mode, TurnMode::Seats);
    assert_eq!(save::to_json(mode, &loaded_race, Some(&loaded_seats)), json);
    assert_eq!(loaded_race.predicted_queue(50), race.predicted_queue(50));
    for _ in 0..40 {
        let original = race.apply(Cmd::NextTurn);
        assert_eq!(loaded_race.apply(Cmd::NextTurn), original);
        let original = seats.apply(SeatCommand::NextTurn);
        assert_eq!(loaded_seats.apply(SeatCommand::NextTurn), original);
    }
}

/// `json` with `edit` applied to its value.
fn edited(json: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut value: Value = serde_json::from_str(json).unwrap();
    edit(&mut value);
    value.to_string()
}

#[test]
fn a_save_that_does_not_hold_together_is_refused_with_the_reason() {
    let (race, seats) = in_progress();
    let json = save::to_json(TurnMode::Initiative, &race, Some(&seats));
    let inconsistent = |edit: fn(&mut Value), fragment: &str| {
        let error = save::from_json(&edited(&json, edit)).unwrap_err();
        assert!(
            matches!(error, SaveError::Inconsistent(_)) && error.to_string().contains(fragment),
            "expected '{fragment}' in {error}"
        );
    };
    inconsistent(
        |v| v["initiative"]["units"].as_array_mut().unwrap().reverse(),
        "out of order",
    );
    inconsistent(
        |v| v["initiative"]["active"] = 77.into(),
        "the acting unit 77 is not in the race",
    );
    inconsistent(
        |v| v["initiative"]["units"][1]["health"] = 500.into(),
        "health must be between 0 and 30",
    );
    inconsistent(
        |v| v["initiative"]["units"][0]["speed"] = 0.into(),
        "speed must be between 1",
    );
    inconsistent(
        |v| v["initiative"]["units"][0]["skills"][0]["remaining"] = 9.into(),
        "skill cooldown left",
    );
    inconsistent(
        |v| v["seats"]["seats"][1]["player"] = 0.into(),
        "seated twice",
    );
    inconsistent(
        |v| v["seats"]["extra_turns"] = serde_json::json!([42]),
        "player 42 is named but not seated",
    );
    inconsistent(|v| v["seats"]["first"] = 9.into(), "beyond the table");
    for (text, fragment) in [
        ("", "not valid JSON"),
        ("{\"format\": 1}", "not valid JSON"),
        (
            &json.replace("horizons_edge.turn_system", "chess") as &str,
            "\"chess\"",
        ),
        (&json.replace("\"version\":1", "\"version\":2"), "version 2"),
    ] {
        let error = save::from_json(text).unwrap_err();
        assert!(error.to_string().contains(fragment), "{fragment}: {error}");
    }
}
