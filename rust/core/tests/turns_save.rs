//! Saving a turn system (both orders and the mode) and loading it back: a loaded pair continues
//! exactly as the original, and JSON that does not hold together is refused.

use horizons_edge_core::turns::initiative::{StatusDuration, StatusEffect, StatusKind};
use horizons_edge_core::turns::save::{self, TurnMode};
use horizons_edge_core::turns::seats::{ExtraTurnOrder, Trigger};
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
        SeatCommand::SwapSeats {
            first: PlayerId(2),
            second: PlayerId(4),
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
        "health must be between 1 and 30",
    );
    // Seed 003 races the living units only: a unit at 0 health in the race won it and took a
    // turn after a load.
    inconsistent(
        |v| v["initiative"]["units"][1]["health"] = 0.into(),
        "health must be between 1 and 30",
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
    // Values no command gives: a charge past any the race reaches, a status in its last turn
    // on a unit not acting, and an eliminated player (1) with a turn or an extra turn.
    inconsistent(
        |v| v["initiative"]["units"][0]["charge"] = 18_000_000_000_000_000_000u64.into(),
        "charge must be between",
    );
    inconsistent(
        |v| {
            for unit in v["initiative"]["units"].as_array_mut().unwrap() {
                unit["expiring"] = serde_json::json!(["slowed"]);
            }
        },
        "in their last turn but is not acting",
    );
    // Action points and actions taken belong to the acting unit's turn too (a waiting unit
    // showed 9 points and a move until its next turn).
    inconsistent(
        |v| {
            for unit in v["initiative"]["units"].as_array_mut().unwrap() {
                unit["action_points"] = 9.into();
            }
        },
        "has action points but is not acting",
    );
    inconsistent(
        |v| {
            for unit in v["initiative"]["units"].as_array_mut().unwrap() {
                unit["flags"]["moved"] = true.into();
            }
        },
        "has actions taken this turn but is not acting",
    );
    inconsistent(
        |v| v["seats"]["extra_turns"] = serde_json::json!([1]),
        "player 1 is out of the game",
    );
    inconsistent(
        |v| v["seats"]["active"]["player"] = 1.into(),
        "player 1 is out of the game",
    );
    // A race never skips a turn, so its round record never waits to announce a round: one that
    // did made the next turn a new round the prediction did not show.
    inconsistent(
        |v| v["initiative"]["rounds"]["announce"] = true.into(),
        "a race skips none",
    );
    for (text, fragment) in [
        ("", "not valid JSON"),
        ("{\"format\": 1}", "not valid JSON"),
        (
            &json.replace("horizons_edge.turn_system", "chess") as &str,
            "\"chess\"",
        ),
        (&json.replace("\"version\":2", "\"version\":3"), "version 3"),
    ] {
        let error = save::from_json(text).unwrap_err();
        assert!(error.to_string().contains(fragment), "{fragment}: {error}");
    }
}

/// Exchanges no command leaves were taken: one with an eliminated player as the taker (who then
/// got a turn, after which the object could not load its own save), a player exchanging with
/// themselves, and a player's turn given to two others (the second played twice in a row).
#[test]
fn exchanges_no_command_leaves_are_refused() {
    let (race, seats) = in_progress();
    let json = save::to_json(TurnMode::Seats, &race, Some(&seats));
    for (exchanges, fragment) in [
        (serde_json::json!([[2, 1]]), "player 1 is out of the game"),
        (
            serde_json::json!([[2, 2]]),
            "player 2 exchanges with themselves",
        ),
        (
            serde_json::json!([[2, 4], [2, 0]]),
            "player 2's turn is exchanged twice",
        ),
    ] {
        let text = edited(&json, |v| v["seats"]["exchanges"] = exchanges.clone());
        let error = save::from_json(&text).unwrap_err();
        assert!(
            matches!(error, SaveError::Inconsistent(_)) && error.to_string().contains(fragment),
            "{exchanges}: expected '{fragment}' in {error}"
        );
    }
    // Half of an exchange used (player 2 took player 0's turn; player 0 still takes player
    // 2's), and an eliminated player's turn still owed to their partner: as commands leave them.
    for exchanges in [serde_json::json!([[2, 0]]), serde_json::json!([[1, 3]])] {
        let text = edited(&json, |v| v["seats"]["exchanges"] = exchanges.clone());
        assert!(save::from_json(&text).is_ok(), "{exchanges}");
    }
}

/// Triggers out of id order were taken, after which the seat order looked them up wrongly: a
/// trigger added again under an id it held went in twice, and the object could not load its
/// own save. Too many triggers, statuses or skills are refused as the commands refuse them.
#[test]
fn triggers_out_of_order_and_lists_beyond_their_limits_are_refused() {
    use horizons_edge_core::turns::initiative::{MAX_SKILLS_PER_UNIT, MAX_STATUSES_PER_UNIT};
    use horizons_edge_core::turns::seats::MAX_TRIGGERS;
    let (race, mut seats) = in_progress();
    let trigger = |id| Trigger {
        id: TriggerId(id),
        controller: PlayerId(2),
        scope: TriggerScope::Opponents,
    };
    seats.apply(SeatCommand::AddTrigger(trigger(5))).unwrap();
    seats.apply(SeatCommand::AddTrigger(trigger(7))).unwrap();
    let json = save::to_json(TurnMode::Seats, &race, Some(&seats));
    let refused = |json: String, fragment: &str| {
        let error = save::from_json(&json).unwrap_err();
        assert!(error.to_string().contains(fragment), "{fragment}: {error}");
    };
    refused(
        edited(&json, |v| {
            v["seats"]["triggers"].as_array_mut().unwrap().reverse();
        }),
        "triggers 7 and 5 are out of order",
    );
    refused(
        edited(&json, |v| {
            let copy = v["seats"]["triggers"][0].clone();
            let triggers = v["seats"]["triggers"].as_array_mut().unwrap();
            triggers.resize(MAX_TRIGGERS + 1, copy);
            for (id, trigger) in triggers.iter_mut().enumerate() {
                trigger["id"] = id.into();
            }
        }),
        "1001 turn triggers",
    );
    refused(
        edited(&json, |v| {
            let unit = &mut v["initiative"]["units"][1];
            let copy = unit["statuses"][0].clone();
            let statuses: Vec<Value> = (0..=MAX_STATUSES_PER_UNIT)
                .map(|n| {
                    let mut status = copy.clone();
                    status["name"] = format!("s{n}").into();
                    status
                })
                .collect();
            unit["statuses"] = statuses.into();
        }),
        "statuses",
    );
    refused(
        edited(&json, |v| {
            let unit = &mut v["initiative"]["units"][0];
            let copy = unit["skills"][0].clone();
            let skills: Vec<Value> = (0..=MAX_SKILLS_PER_UNIT)
                .map(|n| {
                    let mut skill = copy.clone();
                    skill["name"] = format!("k{n}").into();
                    skill
                })
                .collect();
            unit["skills"] = skills.into();
        }),
        "skills",
    );
    // The commands refuse the one too many as well.
    let mut full =
        SeatOrder::with_first_player((0..3).map(PlayerId).collect(), PlayerId(0)).unwrap();
    for id in 0..MAX_TRIGGERS as u32 {
        full.apply(SeatCommand::AddTrigger(trigger(id))).unwrap();
    }
    assert!(
        full.apply(SeatCommand::AddTrigger(trigger(99_999)))
            .is_err()
    );
    let mut busy = Initiative::new();
    busy.apply(Cmd::AddUnit(UnitSpec::new(UnitId(1), Side::Player, 10)))
        .unwrap();
    for n in 0..MAX_STATUSES_PER_UNIT {
        let status = StatusEffect {
            name: format!("s{n}"),
            kind: StatusKind::Stun,
            duration: StatusDuration::Permanent,
        };
        busy.apply(Cmd::ApplyStatus {
            unit: UnitId(1),
            status,
        })
        .unwrap();
        busy.apply(Cmd::AddSkill {
            unit: UnitId(1),
            name: format!("k{n}"),
            cost: 0,
            cooldown: 0,
        })
        .unwrap();
    }
    let again = StatusEffect {
        name: "s0".into(),
        kind: StatusKind::Stun,
        duration: StatusDuration::Permanent,
    };
    assert!(
        busy.apply(Cmd::ApplyStatus {
            unit: UnitId(1),
            status: again
        })
        .is_ok(),
        "re-applied"
    );
    let extra = StatusEffect {
        name: "one too many".into(),
        kind: StatusKind::Stun,
        duration: StatusDuration::Permanent,
    };
    assert!(
        busy.apply(Cmd::ApplyStatus {
            unit: UnitId(1),
            status: extra
        })
        .is_err()
    );
    let skill = Cmd::AddSkill {
        unit: UnitId(1),
        name: "one too many".into(),
        cost: 0,
        cooldown: 0,
    };
    assert!(busy.apply(skill).is_err());
}

/// A seat order that has started as many turns as its counter holds still answers: the turn
/// numbers it predicts stay at the most rather than overflowing (the initiative race's counters
/// do the same).
#[test]
fn a_turn_counter_at_its_most_still_predicts() {
    let (race, seats) = in_progress();
    let json = edited(&save::to_json(TurnMode::Seats, &race, Some(&seats)), |v| {
        v["seats"]["turns_started"] = u64::MAX.into();
    });
    let (_, _, seats) = save::from_json(&json).unwrap();
    let state = seats.unwrap().turn_state(3);
    assert!(state.queue.iter().all(|turn| turn.at_time == u64::MAX));
}

mod any_history {
    //! Whatever commands a turn system was given, its save loads back: the loader's consistency
    //! checks may refuse only what no history of commands can produce. (A speed lowered
    //! mid-turn left the turn's action points above what the new speed grants at a turn's
    //! start, and the save of that state was refused as inconsistent; found by the GDScript
    //! fuzzer.)

    use super::*;
    use horizons_edge_core::turns::initiative::ActionFlag;
    use proptest::prelude::*;

    fn unit() -> impl Strategy<Value = UnitId> {
        (1u32..5).prop_map(UnitId)
    }

    fn player() -> impl Strategy<Value = PlayerId> {
        (0u32..5).prop_map(PlayerId)
    }

    fn status() -> impl Strategy<Value = StatusEffect> {
        let kind = prop_oneof![
            (0u32..60).prop_map(|amount| StatusKind::DamageOverTime { amount }),
            (0u32..60).prop_map(|amount| StatusKind::HealOverTime { amount }),
            Just(StatusKind::Stun),
            Just(StatusKind::Marker),
        ];
        let duration = prop_oneof![
            (1u32..4).prop_map(StatusDuration::Turns),
            Just(StatusDuration::Permanent),
        ];
        (
            prop::sample::select(vec!["burn", "mend", "daze"]),
            kind,
            duration,
        )
            .prop_map(|(name, kind, duration)| StatusEffect {
                name: name.into(),
                kind,
                duration,
            })
    }

    fn initiative_command() -> impl Strategy<Value = Cmd> {
        prop_oneof![
            (unit(), 1u32..40, 1u32..200).prop_map(|(id, speed, health)| Cmd::AddUnit(
                UnitSpec::new(id, Side::Enemy, speed).with_health(health)
            )),
            unit().prop_map(|unit| Cmd::RemoveUnit { unit }),
            (unit(), 1u32..40).prop_map(|(unit, speed)| Cmd::SetSpeed { unit, speed }),
            (unit(), 0u64..1200).prop_map(|(unit, charge)| Cmd::SetCharge { unit, charge }),
            Just(Cmd::NextTurn),
            Just(Cmd::NextTurn),
            Just(Cmd::EndTurn),
            (unit(), 0u32..6).prop_map(|(unit, amount)| Cmd::SpendActionPoints { unit, amount }),
            (unit(), 0u32..4, 0u32..3).prop_map(|(unit, cost, cooldown)| Cmd::AddSkill {
                unit,
                name: "volley".into(),
                cost,
                cooldown,
            }),
            unit().prop_map(|unit| Cmd::UseSkill {
                unit,
                skill: "volley".into(),
            }),
            (
                unit(),
                prop::sample::select(vec![
                    ActionFlag::Moved,
                    ActionFlag::Attacked,
                    ActionFlag::StandardAction
                ])
            )
                .prop_map(|(unit, action)| Cmd::MarkAction { unit, action }),
            (unit(), status()).prop_map(|(unit, status)| Cmd::ApplyStatus { unit, status }),
            (unit(), prop::sample::select(vec!["burn", "mend", "daze"])).prop_map(
                |(unit, status)| Cmd::RemoveStatus {
                    unit,
                    status: status.into(),
                }
            ),
        ]
    }

    fn seat_command() -> impl Strategy<Value = SeatCommand> {
        prop_oneof![
            Just(SeatCommand::NextTurn),
            Just(SeatCommand::NextTurn),
            Just(SeatCommand::EndTurn),
            Just(SeatCommand::Reverse),
            Just(SeatCommand::SkipNext),
            player().prop_map(|player| SeatCommand::GrantExtraTurn { player }),
            (player(), player())
                .prop_map(|(first, second)| SeatCommand::Exchange { first, second }),
            (player(), player())
                .prop_map(|(first, second)| SeatCommand::SwapSeats { first, second }),
            player().prop_map(|player| SeatCommand::Eliminate { player }),
            (1u32..3, player()).prop_map(|(id, controller)| SeatCommand::AddTrigger(Trigger {
                id: TriggerId(id),
                controller,
                scope: TriggerScope::Everyone,
            })),
            (1u32..3).prop_map(|id| SeatCommand::RemoveTrigger {
                trigger: TriggerId(id)
            }),
            Just(SeatCommand::Shuffle),
            prop_oneof![
                Just(ExtraTurnOrder::FirstGranted),
                Just(ExtraTurnOrder::LatestGranted)
            ]
            .prop_map(|order| SeatCommand::SetExtraTurnOrder { order }),
        ]
    }

    proptest! {
        #[test]
        fn every_reachable_state_saves_and_loads_back(
            race_commands in prop::collection::vec(initiative_command(), 0..60),
            seat_commands in prop::collection::vec(seat_command(), 0..40),
        ) {
            let mut race = Initiative::new();
            let players: Vec<PlayerId> = (0..5).map(PlayerId).collect();
            let mut seats = SeatOrder::with_first_player(players, PlayerId(0)).unwrap();
            let steps = race_commands.len().max(seat_commands.len());
            for step in 0..steps {
                if let Some(command) = race_commands.get(step) {
                    let _ = race.apply(command.clone());
                }
                if let Some(command) = seat_commands.get(step) {
                    let _ = seats.apply(command.clone());
                }
                let json = save::to_json(TurnMode::Initiative, &race, Some(&seats));
                let loaded = save::from_json(&json);
                prop_assert!(loaded.is_ok(), "step {}: {:?}\n{}", step, loaded.err(), json);
                let (mode, loaded_race, loaded_seats) = loaded.unwrap();
                prop_assert_eq!(save::to_json(mode, &loaded_race, loaded_seats.as_ref()), json);
            }
        }
    }
}

/// Extra turns had no limit (skips and triggers had): a careless loop granting a million made
/// every turn taken, and every prediction, move the whole list. The command refuses the one
/// past the limit, and a save past it is refused.
#[test]
fn extra_turns_past_their_limit_are_refused() {
    use horizons_edge_core::turns::seats::MAX_PENDING_EXTRA_TURNS;
    let mut seats =
        SeatOrder::with_first_player((0..3).map(PlayerId).collect(), PlayerId(0)).unwrap();
    for _ in 0..MAX_PENDING_EXTRA_TURNS {
        seats
            .apply(SeatCommand::GrantExtraTurn {
                player: PlayerId(1),
            })
            .unwrap();
    }
    let before = seats.clone();
    let refused = seats.apply(SeatCommand::GrantExtraTurn {
        player: PlayerId(2),
    });
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .contains("pending extra turns"),
        "the one past the limit is refused"
    );
    assert_eq!(seats, before, "and changes nothing");
    let race = Initiative::new();
    let json = save::to_json(TurnMode::Seats, &race, Some(&seats));
    assert!(save::from_json(&json).is_ok(), "a full list loads");
    let over = edited(&json, |v| {
        v["seats"]["extra_turns"]
            .as_array_mut()
            .unwrap()
            .push(2.into());
    });
    let error = save::from_json(&over).unwrap_err();
    assert!(
        error.to_string().contains("1001 pending extra turns"),
        "{error}"
    );
}
