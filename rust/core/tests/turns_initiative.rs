//! Charge initiative: the seed's conditions of acceptance, the race's order and arithmetic, turn
//! upkeep, prediction against real turns, and refusals that change nothing.

use horizons_edge_core::turns::initiative::{
    ActionFlag, CHARGE_TO_ACT, MAX_SPEED, StatusDuration, StatusEffect, StatusKind,
};
use horizons_edge_core::turns::{SkipReason, TurnEvent};
use horizons_edge_core::{
    Initiative, InitiativeCommand as Cmd, InitiativeEvent as Ev, RandomStream, RulesError, Side,
    TurnError, UnitId, UnitSpec,
};

fn u(id: u32) -> UnitId {
    UnitId(id)
}

fn race(units: &[(u32, Side, u32)]) -> Initiative {
    let mut race = Initiative::new();
    for &(id, side, speed) in units {
        race.apply(Cmd::AddUnit(UnitSpec::new(u(id), side, speed)))
            .unwrap();
    }
    race
}

fn json(race: &Initiative) -> String {
    serde_json::to_string(race).unwrap()
}

/// Starts the next turn; returns the unit whose turn started (skipped or not) and all events.
fn next(race: &mut Initiative) -> (UnitId, Vec<Ev>) {
    let events = race.apply(Cmd::NextTurn).unwrap();
    (started(&events).unwrap().next, events)
}

fn started(events: &[Ev]) -> Option<TurnEvent<UnitId>> {
    events.iter().find_map(|e| match e {
        Ev::TurnChanged(turn) => Some(turn.clone()),
        _ => None,
    })
}

fn status(name: &str, kind: StatusKind, duration: StatusDuration) -> StatusEffect {
    StatusEffect {
        name: name.into(),
        kind,
        duration,
    }
}

fn ticks_of(events: &[Ev], unit: UnitId) -> Vec<(String, i64)> {
    events
        .iter()
        .filter_map(|e| match e {
            Ev::StatusTicked {
                unit: who,
                status,
                value,
                ..
            } if *who == unit => Some((status.clone(), *value)),
            _ => None,
        })
        .collect()
}

fn was_skipped(events: &[Ev]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Ev::TurnSkipped {
                reason: SkipReason::Stunned,
                ..
            }
        )
    })
}

/// Asserts that `command` is refused with `expected` and leaves the serialized race identical.
fn assert_refused(race: &mut Initiative, command: Cmd, expected: TurnError) {
    let before = json(race);
    let result = race.apply(command.clone());
    assert_eq!(
        result,
        Err(RulesError::Turn(expected)),
        "refusal of {command:?}"
    );
    assert_eq!(json(race), before, "state after refusing {command:?}");
}

// --- The seed's conditions of acceptance -------------------------------------------------------

#[test]
fn speed_20_against_speed_10_gets_twice_the_turns_over_30_turns() {
    for (fast_side, slow_side, fast_id, slow_id) in [
        (Side::Player, Side::Enemy, 1, 2),
        (Side::Enemy, Side::Player, 2, 1),
        (Side::Player, Side::Player, 9, 3),
    ] {
        let mut race = race(&[(fast_id, fast_side, 20), (slow_id, slow_side, 10)]);
        let (mut fast, mut slow) = (0, 0);
        for _ in 0..30 {
            let (unit, _) = next(&mut race);
            if unit == u(fast_id) {
                fast += 1;
            } else {
                slow += 1;
            }
        }
        assert!(
            (19..=21).contains(&fast) && (9..=11).contains(&slow),
            "fast {fast} : slow {slow} ({fast_side:?} vs {slow_side:?})"
        );
        assert_eq!(fast + slow, 30);
    }
}

#[test]
fn a_duration_1_status_applied_on_a_units_own_turn_ticks_once_at_its_next_turn_then_is_gone() {
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Enemy, 10)]);
    let (x, _) = next(&mut race);
    assert_eq!(x, u(1), "turn X is unit 1's");
    let burn = status(
        "burn",
        StatusKind::DamageOverTime { amount: 7 },
        StatusDuration::Turns(1),
    );
    race.apply(Cmd::ApplyStatus {
        unit: u(1),
        status: burn,
    })
    .unwrap();
    assert!(
        race.unit(u(1)).unwrap().status("burn").is_some(),
        "in force for the rest of turn X"
    );
    // Turn X+1 for unit 1 (unit 2 may act in between; the status does not tick on others' turns).
    let mut events;
    loop {
        let (unit, e) = next(&mut race);
        events = e;
        if unit == u(1) {
            break;
        }
        assert!(ticks_of(&events, u(1)).is_empty());
    }
    assert_eq!(ticks_of(&events, u(1)), vec![("burn".to_owned(), -7)]);
    assert!(events.contains(&Ev::StatusEnded {
        unit: u(1),
        status: "burn".into()
    }));
    assert!(
        race.unit(u(1)).unwrap().status("burn").is_none(),
        "gone at the start of the unit's next turn"
    );
    assert_eq!(race.unit(u(1)).unwrap().health(), 93);
    assert_eq!(race.active(), Some(u(1)), "a burn does not skip the turn");
    for _ in 0..6 {
        let (_, events) = next(&mut race);
        assert!(ticks_of(&events, u(1)).is_empty(), "it ticked only once");
    }
    assert_eq!(race.unit(u(1)).unwrap().health(), 93);
}

#[test]
fn a_duration_1_marker_applied_on_turn_x_counts_through_the_units_next_turn_and_no_further() {
    // Seed 003 CoA 3: it "must expire exactly at the start of the unit's next turn (Turn X+1),
    // ensuring it affects them for one full action phase". A marker does nothing by itself: the
    // game reads it with `has_status`, so it must still read true all through that turn.
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Enemy, 10)]);
    let (x, _) = next(&mut race);
    assert_eq!(x, u(1), "turn X is unit 1's");
    race.apply(Cmd::ApplyStatus {
        unit: u(2),
        status: status("slowed", StatusKind::Marker, StatusDuration::Turns(1)),
    })
    .unwrap();
    let mut read_in_turns_of_2 = Vec::new();
    while read_in_turns_of_2.len() < 3 {
        let (unit, events) = next(&mut race);
        let target = race.unit(u(2)).unwrap();
        if unit == u(2) {
            if read_in_turns_of_2.is_empty() {
                assert!(
                    events.contains(&Ev::StatusEnded {
                        unit: u(2),
                        status: "slowed".into()
                    }),
                    "it expires at the start of the next turn"
                );
                assert!(target.status("slowed").is_none(), "no longer listed");
                let loaded: Initiative = serde_json::from_str(&json(&race)).unwrap();
                assert!(loaded.check().is_ok() && loaded.unit(u(2)).unwrap().has_status("slowed"));
            }
            read_in_turns_of_2.push(target.has_status("slowed"));
        } else {
            assert_eq!(
                target.has_status("slowed"),
                read_in_turns_of_2.is_empty(),
                "before its next turn it is on; after that turn it is gone"
            );
        }
    }
    assert_eq!(read_in_turns_of_2, vec![true, false, false]);
}

#[test]
fn a_race_holds_at_most_max_units() {
    use horizons_edge_core::turns::initiative::MAX_UNITS;
    let mut race = Initiative::new();
    for id in 0..MAX_UNITS as u32 {
        race.apply(Cmd::AddUnit(UnitSpec::new(u(id), Side::Enemy, 10)))
            .unwrap();
    }
    assert_refused(
        &mut race,
        Cmd::AddUnit(UnitSpec::new(u(MAX_UNITS as u32), Side::Enemy, 10)),
        TurnError::OutOfRange {
            what: "units",
            value: MAX_UNITS as u64 + 1,
            min: 0,
            max: MAX_UNITS as u64,
        },
    );
}

#[test]
fn a_marker_in_its_last_turn_can_still_be_removed() {
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Enemy, 10)]);
    next(&mut race);
    let marker = status("marked", StatusKind::Marker, StatusDuration::Turns(1));
    race.apply(Cmd::ApplyStatus {
        unit: u(1),
        status: marker,
    })
    .unwrap();
    while next(&mut race).0 != u(1) {}
    assert!(
        race.unit(u(1)).unwrap().has_status("marked"),
        "its last turn"
    );
    let removed = race
        .apply(Cmd::RemoveStatus {
            unit: u(1),
            status: "marked".into(),
        })
        .unwrap();
    assert!(
        removed.is_empty(),
        "it had ended already: no second status_ended"
    );
    assert!(!race.unit(u(1)).unwrap().has_status("marked"), "consumed");
    assert_refused(
        &mut race,
        Cmd::RemoveStatus {
            unit: u(1),
            status: "marked".into(),
        },
        TurnError::UnknownStatus {
            unit: u(1),
            status: "marked".into(),
        },
    );
}

#[test]
fn a_status_applied_again_ticks_last_as_the_latest_applied() {
    // A unit at full health: regen, then burn, then regen again. In the order of the latest
    // applications the burn (10) ticks first and the regen (5) heals after it.
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Enemy, 10)]);
    let (x, _) = next(&mut race);
    assert_eq!(x, u(1));
    let regen = status(
        "regen",
        StatusKind::HealOverTime { amount: 5 },
        StatusDuration::Turns(1),
    );
    let burn = status(
        "burn",
        StatusKind::DamageOverTime { amount: 10 },
        StatusDuration::Turns(1),
    );
    for status in [regen.clone(), burn, regen] {
        race.apply(Cmd::ApplyStatus { unit: u(1), status }).unwrap();
    }
    let names: Vec<&str> = race
        .unit(u(1))
        .unwrap()
        .statuses()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["burn", "regen"]);
    loop {
        let (unit, events) = next(&mut race);
        if unit == u(1) {
            let ticks = ticks_of(&events, u(1));
            assert_eq!(
                ticks,
                vec![("burn".to_owned(), -10), ("regen".to_owned(), 5)]
            );
            assert_eq!(race.unit(u(1)).unwrap().health(), 95);
            break;
        }
    }
}

#[test]
fn a_duration_1_stun_applied_on_turn_x_costs_exactly_the_next_action_phase() {
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Enemy, 10)]);
    let (x, _) = next(&mut race);
    assert_eq!(x, u(1));
    race.apply(Cmd::ApplyStatus {
        unit: u(2),
        status: status("daze", StatusKind::Stun, StatusDuration::Turns(1)),
    })
    .unwrap();
    let mut turns_of_2 = Vec::new();
    while turns_of_2.len() < 3 {
        let (unit, events) = next(&mut race);
        if unit == u(2) {
            turns_of_2.push((was_skipped(&events), race.active()));
            if turns_of_2.len() == 1 {
                assert_eq!(ticks_of(&events, u(2)), vec![("daze".to_owned(), 0)]);
                assert!(race.unit(u(2)).unwrap().status("daze").is_none());
                let ended = events
                    .iter()
                    .position(|e| matches!(e, Ev::TurnEnded { unit, .. } if *unit == u(2)));
                let skipped = events
                    .iter()
                    .position(|e| matches!(e, Ev::TurnSkipped { .. }));
                assert!(skipped.is_some() && ended > skipped, "skipped, then ended");
            }
        }
    }
    assert_eq!(
        turns_of_2,
        vec![(true, None), (false, Some(u(2))), (false, Some(u(2)))],
        "only the first action phase after the stun is lost"
    );
}

#[test]
fn a_five_deep_prediction_names_the_next_five_turns() {
    let mut race = race(&[
        (1, Side::Player, 17),
        (2, Side::Enemy, 23),
        (3, Side::Player, 9),
        (4, Side::Enemy, 31),
    ]);
    for _ in 0..3 {
        let before = json(&race);
        let predicted = race.predicted_queue(5);
        assert_eq!(json(&race), before, "prediction changes nothing");
        assert_eq!(predicted.len(), 5);
        let actual: Vec<UnitId> = (0..5).map(|_| next(&mut race).0).collect();
        assert_eq!(predicted, actual);
    }
}

// --- The race: ticks, order, overflow ----------------------------------------------------------

#[test]
fn the_race_stops_at_the_first_tick_anyone_reaches_100() {
    let mut race = race(&[(1, Side::Player, 30), (2, Side::Enemy, 7)]);
    let (unit, events) = next(&mut race);
    assert_eq!(unit, u(1));
    assert!(events.contains(&Ev::Ticked {
        ticks: 4,
        global_time: 4
    }));
    assert_eq!(race.global_time(), 4);
    assert_eq!(race.unit(u(1)).unwrap().charge(), 120);
    assert_eq!(race.unit(u(2)).unwrap().charge(), 28);
}

#[test]
fn ties_go_to_higher_charge_then_players_then_the_lower_id() {
    // Both reach 100 at tick 4: 120 beats 100 whatever the side.
    let mut race1 = race(&[(1, Side::Player, 25), (2, Side::Enemy, 30)]);
    assert_eq!(next(&mut race1).0, u(2));
    // Equal charge: the player goes first, even with the higher id.
    let mut race2 = race(&[(1, Side::Enemy, 20), (2, Side::Player, 20)]);
    assert_eq!(next(&mut race2).0, u(2));
    assert_eq!(
        next(&mut race2).0,
        u(1),
        "the enemy goes next, without ticks"
    );
    assert_eq!(race2.global_time(), 5);
    // Equal charge and side: the lower id.
    let mut race3 = race(&[(5, Side::Enemy, 20), (3, Side::Enemy, 20)]);
    assert_eq!(next(&mut race3).0, u(3));
}

#[test]
fn ending_a_turn_subtracts_100_and_keeps_the_overflow() {
    let mut race = race(&[(1, Side::Player, 30), (2, Side::Enemy, 1)]);
    next(&mut race);
    assert_eq!(race.unit(u(1)).unwrap().charge(), 120);
    let events = race.apply(Cmd::EndTurn).unwrap();
    assert_eq!(
        events,
        vec![Ev::TurnEnded {
            unit: u(1),
            charge: 20
        }]
    );
    // 20 + 3 × 30 = 110: three ticks, not four as it would be from 0.
    let (_, events) = next(&mut race);
    assert!(events.contains(&Ev::Ticked {
        ticks: 3,
        global_time: 7
    }));
}

#[test]
fn a_unit_still_over_100_acts_again_without_time_passing() {
    let mut race = Initiative::new();
    race.apply(Cmd::AddUnit(
        UnitSpec::new(u(1), Side::Player, 10).with_charge(250),
    ))
    .unwrap();
    race.apply(Cmd::AddUnit(UnitSpec::new(u(2), Side::Enemy, 10)))
        .unwrap();
    assert_eq!(next(&mut race).0, u(1));
    assert_eq!(next(&mut race).0, u(1));
    assert_eq!(race.global_time(), 0);
    assert_eq!(race.unit(u(1)).unwrap().charge(), 150);
    // 50 + 5 × 10 = 100 against 0 + 5 × 10: the overflow wins the next race too.
    assert_eq!(next(&mut race).0, u(1));
    assert_eq!(race.global_time(), 5);
    assert_eq!(next(&mut race).0, u(2));
    assert_eq!(race.global_time(), 10);
}

// --- Turn upkeep -------------------------------------------------------------------------------

#[test]
fn action_points_are_3_plus_a_fifth_of_speed_and_do_not_roll_over() {
    for (speed, expected) in [(1, 3), (4, 3), (5, 4), (24, 7), (100, 23)] {
        let mut race = race(&[(1, Side::Player, speed)]);
        let (_, events) = next(&mut race);
        assert!(events.contains(&Ev::TurnStarted {
            unit: u(1),
            action_points: expected
        }));
        assert_eq!(race.unit(u(1)).unwrap().action_points(), expected);
        let (_, _) = next(&mut race);
        assert_eq!(
            race.unit(u(1)).unwrap().action_points(),
            expected,
            "unspent points do not roll over (speed {speed})"
        );
    }
}

#[test]
fn spending_never_goes_below_zero() {
    let mut race = race(&[(1, Side::Player, 10), (2, Side::Enemy, 3)]);
    next(&mut race);
    assert_eq!(race.unit(u(1)).unwrap().action_points(), 5);
    race.apply(Cmd::SpendActionPoints {
        unit: u(1),
        amount: 4,
    })
    .unwrap();
    assert_refused(
        &mut race,
        Cmd::SpendActionPoints {
            unit: u(1),
            amount: 2,
        },
        TurnError::NotEnoughActionPoints {
            unit: u(1),
            cost: 2,
            available: 1,
        },
    );
    let events = race
        .apply(Cmd::SpendActionPoints {
            unit: u(1),
            amount: 1,
        })
        .unwrap();
    assert_eq!(
        events,
        vec![Ev::ActionPointsSpent {
            unit: u(1),
            amount: 1,
            remaining: 0
        }]
    );
    assert_refused(
        &mut race,
        Cmd::SpendActionPoints {
            unit: u(2),
            amount: 1,
        },
        TurnError::NotActing {
            unit: u(2),
            active: Some(u(1)),
        },
    );
}

#[test]
fn cooldowns_drop_by_one_at_each_turn_start() {
    let mut race = race(&[(1, Side::Player, 10)]);
    for (name, cost, cooldown) in [("jab", 1, 1), ("blast", 2, 2)] {
        race.apply(Cmd::AddSkill {
            unit: u(1),
            name: name.into(),
            cost,
            cooldown,
        })
        .unwrap();
    }
    let use_skill = |race: &mut Initiative, skill: &str| {
        race.apply(Cmd::UseSkill {
            unit: u(1),
            skill: skill.into(),
        })
    };
    next(&mut race);
    use_skill(&mut race, "jab").unwrap();
    use_skill(&mut race, "blast").unwrap();
    assert_eq!(race.unit(u(1)).unwrap().action_points(), 2);
    assert_refused(
        &mut race,
        Cmd::UseSkill {
            unit: u(1),
            skill: "jab".into(),
        },
        TurnError::SkillOnCooldown {
            unit: u(1),
            skill: "jab".into(),
            turns: 1,
        },
    );
    next(&mut race);
    use_skill(&mut race, "jab").expect("a 1-turn cooldown is ready on the next turn");
    assert_refused(
        &mut race,
        Cmd::UseSkill {
            unit: u(1),
            skill: "blast".into(),
        },
        TurnError::SkillOnCooldown {
            unit: u(1),
            skill: "blast".into(),
            turns: 1,
        },
    );
    next(&mut race);
    use_skill(&mut race, "blast").expect("a 2-turn cooldown is ready two turns later");
    assert_refused(
        &mut race,
        Cmd::UseSkill {
            unit: u(1),
            skill: "blast".into(),
        },
        TurnError::SkillOnCooldown {
            unit: u(1),
            skill: "blast".into(),
            turns: 2,
        },
    );
}

#[test]
fn an_unaffordable_skill_is_refused_and_stays_ready() {
    let mut race = race(&[(1, Side::Player, 1)]);
    race.apply(Cmd::AddSkill {
        unit: u(1),
        name: "nova".into(),
        cost: 4,
        cooldown: 3,
    })
    .unwrap();
    next(&mut race);
    assert_refused(
        &mut race,
        Cmd::UseSkill {
            unit: u(1),
            skill: "nova".into(),
        },
        TurnError::NotEnoughActionPoints {
            unit: u(1),
            cost: 4,
            available: 3,
        },
    );
    assert_eq!(race.unit(u(1)).unwrap().skill("nova").unwrap().remaining, 0);
}

#[test]
fn statuses_tick_in_order_and_permanent_ones_stay() {
    let mut race = Initiative::new();
    race.apply(Cmd::AddUnit(
        UnitSpec::new(u(2), Side::Enemy, 1).with_health(50),
    ))
    .unwrap();
    for s in [
        status(
            "poison",
            StatusKind::DamageOverTime { amount: 20 },
            StatusDuration::Turns(3),
        ),
        status(
            "regen",
            StatusKind::HealOverTime { amount: 15 },
            StatusDuration::Permanent,
        ),
        status("slowed", StatusKind::Marker, StatusDuration::Turns(2)),
    ] {
        race.apply(Cmd::ApplyStatus {
            unit: u(2),
            status: s,
        })
        .unwrap();
    }
    let mut healths = Vec::new();
    for turn in 0..5 {
        let (_, events) = next(&mut race);
        let ticks = ticks_of(&events, u(2));
        let expected: Vec<(String, i64)> = [("poison", -20), ("regen", 15), ("slowed", 0)]
            .into_iter()
            .filter(|(name, _)| match *name {
                "poison" => turn < 3,
                "slowed" => turn < 2,
                _ => true,
            })
            .map(|(name, value)| (name.to_owned(), value))
            .collect();
        assert_eq!(ticks, expected, "turn {turn}");
        healths.push(race.unit(u(2)).unwrap().health());
    }
    // 50 → 30 → 45 (healing capped at 50), 45 → 25 → 40, 40 → 20 → 35, then +15 capped at 50.
    assert_eq!(healths, vec![45, 40, 35, 50, 50]);
    let names: Vec<&str> = race
        .unit(u(2))
        .unwrap()
        .statuses()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, vec!["regen"]);
}

/// Seed 003 races "all alive units": damage over time that takes a unit to 0 health stops at 0,
/// skips that turn and takes the unit out of the race, and the prediction knew it.
#[test]
fn a_unit_whose_damage_over_time_reaches_zero_health_is_defeated_and_leaves_the_race() {
    let mut race = race(&[(1, Side::Player, 20)]);
    race.apply(Cmd::AddUnit(
        UnitSpec::new(u(2), Side::Enemy, 10).with_health(10),
    ))
    .unwrap();
    next(&mut race);
    race.apply(Cmd::ApplyStatus {
        unit: u(2),
        status: status(
            "burn",
            StatusKind::DamageOverTime { amount: 50 },
            StatusDuration::Permanent,
        ),
    })
    .unwrap();
    let predicted = race.predicted_queue(6);
    assert_eq!(predicted, vec![u(1), u(2), u(1), u(1), u(1), u(1)]);
    next(&mut race);
    let (unit, events) = next(&mut race);
    assert_eq!(unit, u(2));
    assert!(events.contains(&Ev::StatusTicked {
        unit: u(2),
        status: "burn".into(),
        value: -50,
        health: 0
    }));
    let tail: Vec<&Ev> = events
        .iter()
        .skip_while(|e| !matches!(e, Ev::TurnSkipped { .. }))
        .collect();
    assert_eq!(
        tail,
        vec![
            &Ev::TurnSkipped {
                unit: u(2),
                reason: SkipReason::Defeated
            },
            &Ev::TurnEnded {
                unit: u(2),
                charge: 0
            },
            &Ev::UnitDefeated { unit: u(2) },
            &Ev::UnitRemoved { unit: u(2) },
        ]
    );
    assert_eq!(race.active(), None);
    assert!(race.unit(u(2)).is_none(), "out of the race");
    assert_eq!(race.predicted_queue(3), vec![u(1); 3]);
    // Asking about it is a refusal of play, not misuse: dying of a status is play. It was
    // "unit 2 is not in the turn order", an error in the debugger.
    let refused = race
        .apply(Cmd::RemoveStatus {
            unit: u(2),
            status: "burn".into(),
        })
        .unwrap_err();
    assert_eq!(refused, TurnError::Defeated { unit: u(2) }.into());
    assert!(!refused.is_misuse());
    assert!(race.is_defeated(u(2)));
    let saved = serde_json::to_string(&race).unwrap();
    let loaded: Initiative = serde_json::from_str(&saved).unwrap();
    assert!(
        loaded.check().is_ok() && loaded.is_defeated(u(2)),
        "saved with the race"
    );
    for _ in 0..4 {
        assert_eq!(next(&mut race).0, u(1));
    }
    // Added again: back in the race, no longer defeated.
    race.apply(Cmd::AddUnit(UnitSpec::new(u(2), Side::Enemy, 10)))
        .unwrap();
    assert!(!race.is_defeated(u(2)) && race.unit(u(2)).is_some());
}

/// A status the unit does not have (it ran out at the start of the turn, and a cleanse comes
/// after) is a refusal of play, not misuse.
#[test]
fn removing_a_status_that_ran_out_is_a_refusal_of_play() {
    let mut race = race(&[(1, Side::Player, 20)]);
    let refused = race
        .apply(Cmd::RemoveStatus {
            unit: u(1),
            status: "daze".into(),
        })
        .unwrap_err();
    assert!(!refused.is_misuse(), "{refused}");
}

#[test]
fn healing_after_damage_in_the_same_tick_keeps_a_unit_alive() {
    let mut race = Initiative::new();
    race.apply(Cmd::AddUnit(
        UnitSpec::new(u(1), Side::Enemy, 50).with_health(30),
    ))
    .unwrap();
    for (name, kind) in [
        ("burn", StatusKind::DamageOverTime { amount: 50 }),
        ("mend", StatusKind::HealOverTime { amount: 20 }),
    ] {
        race.apply(Cmd::ApplyStatus {
            unit: u(1),
            status: status(name, kind, StatusDuration::Turns(1)),
        })
        .unwrap();
    }
    let (_, events) = next(&mut race);
    assert_eq!(ticks_of(&events, u(1)).len(), 2);
    assert_eq!(race.unit(u(1)).unwrap().health(), 20, "0, then 20");
    assert_eq!(race.active(), Some(u(1)));
}

#[test]
fn a_permanent_stun_skips_every_turn_until_removed() {
    let mut race = race(&[(1, Side::Player, 10), (2, Side::Enemy, 10)]);
    race.apply(Cmd::ApplyStatus {
        unit: u(1),
        status: status("frozen", StatusKind::Stun, StatusDuration::Permanent),
    })
    .unwrap();
    for _ in 0..3 {
        let (unit, events) = next(&mut race);
        assert_eq!(unit, u(1));
        assert!(was_skipped(&events));
        assert_eq!(race.active(), None);
        assert_eq!(next(&mut race).0, u(2));
    }
    race.apply(Cmd::RemoveStatus {
        unit: u(1),
        status: "frozen".into(),
    })
    .unwrap();
    let (_, events) = next(&mut race);
    assert!(!was_skipped(&events));
    assert_eq!(race.active(), Some(u(1)));
}

#[test]
fn reapplying_a_status_replaces_it() {
    let mut race = race(&[(1, Side::Player, 10)]);
    for duration in [3, 1] {
        race.apply(Cmd::ApplyStatus {
            unit: u(1),
            status: status(
                "burn",
                StatusKind::DamageOverTime { amount: duration },
                StatusDuration::Turns(duration),
            ),
        })
        .unwrap();
    }
    let statuses = race.unit(u(1)).unwrap().statuses();
    assert_eq!(statuses.len(), 1);
    assert_eq!(statuses[0].duration, StatusDuration::Turns(1));
}

#[test]
fn action_flags_are_taken_once_per_turn_and_cleared_at_its_end() {
    let mut race = race(&[(1, Side::Player, 10)]);
    next(&mut race);
    for action in [
        ActionFlag::Moved,
        ActionFlag::Attacked,
        ActionFlag::StandardAction,
    ] {
        race.apply(Cmd::MarkAction { unit: u(1), action }).unwrap();
        assert!(race.unit(u(1)).unwrap().flags().get(action));
    }
    assert_refused(
        &mut race,
        Cmd::MarkAction {
            unit: u(1),
            action: ActionFlag::Moved,
        },
        TurnError::ActionAlreadyTaken {
            unit: u(1),
            action: "moved",
        },
    );
    race.apply(Cmd::EndTurn).unwrap();
    assert_eq!(race.unit(u(1)).unwrap().flags(), Default::default());
    assert_eq!(race.unit(u(1)).unwrap().action_points(), 0);
    next(&mut race);
    race.apply(Cmd::MarkAction {
        unit: u(1),
        action: ActionFlag::Moved,
    })
    .expect("moving again on the next turn");
}

// --- Virtual rounds ----------------------------------------------------------------------------

#[test]
fn a_round_ends_when_every_living_unit_has_acted() {
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Player, 10)]);
    let mut seen = Vec::new();
    for _ in 0..7 {
        let (_, events) = next(&mut race);
        let turn = started(&events).unwrap();
        seen.push((turn.next.0, turn.is_new_round, turn.round));
    }
    // t5: 1; t10: 1 and 2 both at 100, lower id first; t15: 1; t20: 1 and 2 ...
    assert_eq!(
        seen,
        vec![
            (1, true, 1),
            (1, false, 1),
            (2, false, 1),
            (1, true, 2),
            (1, false, 2),
            (2, false, 2),
            (1, true, 3),
        ]
    );
}

#[test]
fn removing_the_last_unit_to_act_closes_the_round_and_a_newcomer_extends_it() {
    let mut race = race(&[(1, Side::Player, 30), (2, Side::Enemy, 10)]);
    let (_, events) = next(&mut race);
    assert!(started(&events).unwrap().is_new_round);
    race.apply(Cmd::RemoveUnit { unit: u(2) }).unwrap();
    let (_, events) = next(&mut race);
    assert!(started(&events).unwrap().is_new_round, "unit 1 alone");
    race.apply(Cmd::AddUnit(UnitSpec::new(u(3), Side::Enemy, 1)))
        .unwrap();
    for _ in 0..2 {
        let (unit, events) = next(&mut race);
        assert_eq!(unit, u(1));
        assert!(
            !started(&events).unwrap().is_new_round,
            "waiting for unit 3"
        );
    }
}

// --- Prediction --------------------------------------------------------------------------------

/// The seed's loop, literally: tick by tick until someone holds 100, then the documented order.
fn reference_queue(
    units: &[(UnitId, Side, u32, u64)],
    active: Option<UnitId>,
    depth: usize,
) -> Vec<UnitId> {
    let mut charges: Vec<(UnitId, Side, u64, u64)> = units
        .iter()
        .map(|&(id, side, speed, charge)| {
            let charge = if Some(id) == active {
                charge.saturating_sub(CHARGE_TO_ACT)
            } else {
                charge
            };
            (id, side, u64::from(speed), charge)
        })
        .collect();
    let mut queue = Vec::new();
    while queue.len() < depth {
        while charges.iter().all(|c| c.3 < CHARGE_TO_ACT) {
            for c in &mut charges {
                c.3 += c.2;
            }
        }
        let mut ready: Vec<_> = charges.iter().filter(|c| c.3 >= CHARGE_TO_ACT).collect();
        ready.sort_by(|a, b| {
            b.3.cmp(&a.3)
                .then((a.1 == Side::Enemy).cmp(&(b.1 == Side::Enemy)))
                .then(a.0.cmp(&b.0))
        });
        let id = ready[0].0;
        queue.push(id);
        let c = charges.iter_mut().find(|c| c.0 == id).unwrap();
        c.3 = c.3.saturating_sub(CHARGE_TO_ACT);
    }
    queue
}

/// A race of 1 to 12 random units: mixed sides, speeds 1 to 150 (some above 100), charges, and
/// statuses that do and do not skip turns; with `lethal`, also damage over time, and some units
/// frail enough for it to defeat them within a prediction.
fn random_race(rng: &mut RandomStream, lethal: bool) -> Initiative {
    let mut race = Initiative::new();
    let count = 1 + rng.below(12);
    for _ in 0..count {
        let id = u(rng.below(40));
        let side = if rng.below(2) == 0 {
            Side::Player
        } else {
            Side::Enemy
        };
        let speed = if rng.below(5) == 0 {
            1 + rng.below(150)
        } else {
            1 + rng.below(40)
        };
        // Some frail enough for their statuses to defeat them within the prediction.
        let health = if lethal && rng.below(3) == 0 {
            1 + rng.below(20)
        } else {
            100
        };
        let spec = UnitSpec::new(id, side, speed)
            .with_charge(u64::from(rng.below(130)))
            .with_health(health);
        if race.apply(Cmd::AddUnit(spec)).is_err() {
            continue; // a repeated id
        }
        for name in ["effect", "second"] {
            let kind = match rng.below(4) {
                0 => StatusKind::Stun,
                1 if lethal => StatusKind::DamageOverTime {
                    amount: 1 + rng.below(6),
                },
                2 => StatusKind::HealOverTime {
                    amount: 1 + rng.below(4),
                },
                _ => StatusKind::Marker,
            };
            let duration = match rng.below(3) {
                0 => StatusDuration::Permanent,
                _ => StatusDuration::Turns(1 + rng.below(4)),
            };
            if rng.below(3) == 0 {
                race.apply(Cmd::ApplyStatus {
                    unit: id,
                    status: status(name, kind, duration),
                })
                .unwrap();
            }
        }
    }
    race
}

#[test]
fn prediction_equals_the_turns_that_then_happen_up_to_depth_1000() {
    for seed in 0..60 {
        let mut rng = RandomStream::from_seed(seed);
        let mut race = random_race(&mut rng, true);
        // Start some races mid-turn, so the acting unit's charge is consumed first.
        for _ in 0..rng.below(3) {
            race.apply(Cmd::NextTurn).unwrap();
        }
        let depth = [1, 2, 5, 37, 100, 1000][(seed % 6) as usize];
        let before = json(&race);
        let predicted = race.predicted_turns(depth);
        assert_eq!(
            json(&race),
            before,
            "seed {seed}: prediction changed the race"
        );
        for (index, turn) in predicted.iter().enumerate() {
            let events = race.apply(Cmd::NextTurn).unwrap();
            let actual = started(&events).unwrap();
            assert_eq!(
                (actual.next, race.global_time(), actual.is_new_round),
                (turn.unit, turn.global_time, turn.is_new_round),
                "seed {seed}, turn {index} of {depth}"
            );
        }
        // Shorter only when every unit was defeated on the way.
        if predicted.len() < depth {
            assert!(race.units().is_empty(), "seed {seed}: units left");
            assert!(race.apply(Cmd::NextTurn).is_err());
        }
    }
}

#[test]
fn prediction_follows_the_literal_tick_loop_and_documented_order() {
    for seed in 100..160 {
        let mut rng = RandomStream::from_seed(seed);
        let mut race = random_race(&mut rng, false);
        if rng.below(2) == 0 {
            race.apply(Cmd::NextTurn).unwrap();
        }
        let units: Vec<_> = race
            .units()
            .iter()
            .map(|unit| (unit.id(), unit.side(), unit.speed(), unit.charge()))
            .collect();
        assert_eq!(
            race.predicted_queue(300),
            reference_queue(&units, race.active(), 300),
            "seed {seed}"
        );
    }
}

#[test]
fn rounds_in_a_long_prediction_each_hold_every_unit() {
    for seed in 200..220 {
        let mut rng = RandomStream::from_seed(seed);
        let race = random_race(&mut rng, false);
        let living = race.units().len();
        let turns = race.predicted_turns(500);
        assert!(turns[0].is_new_round);
        let mut since_mark = std::collections::BTreeSet::new();
        for turn in &turns {
            if turn.is_new_round {
                assert!(
                    since_mark.is_empty() || since_mark.len() == living,
                    "seed {seed}: a round closed before every unit acted"
                );
                since_mark.clear();
            } else {
                assert!(
                    since_mark.len() < living,
                    "seed {seed}: a round went on after every unit acted"
                );
            }
            since_mark.insert(turn.unit);
        }
    }
}

#[test]
fn a_speed_change_or_a_unit_added_or_removed_changes_the_next_prediction() {
    let changes = [
        Cmd::SetSpeed {
            unit: u(2),
            speed: 45,
        },
        Cmd::AddUnit(UnitSpec::new(u(9), Side::Enemy, 33)),
        Cmd::RemoveUnit { unit: u(1) },
        Cmd::SetCharge {
            unit: u(3),
            charge: 99,
        },
    ];
    for change in changes {
        let mut race = race(&[
            (1, Side::Player, 20),
            (2, Side::Enemy, 12),
            (3, Side::Player, 7),
        ]);
        next(&mut race);
        let old = race.predicted_queue(12);
        race.apply(change.clone()).unwrap();
        let new = race.predicted_queue(12);
        assert_ne!(new, old, "{change:?} changed nothing");
        let actual: Vec<UnitId> = (0..12).map(|_| next(&mut race).0).collect();
        assert_eq!(actual, new, "after {change:?}");
    }
}

#[test]
fn turn_state_shows_the_acting_unit_time_and_queue() {
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Enemy, 10)]);
    next(&mut race);
    let state = race.turn_state(4);
    assert_eq!(state.active, Some(u(1)));
    assert_eq!(state.global_time, 5);
    assert_eq!(state.round, 1);
    let queue: Vec<(UnitId, u64, bool)> = state
        .queue
        .iter()
        .map(|t| (t.id, t.at_time, t.is_new_round))
        .collect();
    // Unit 1 (speed 20) acts at ticks 5, 10, 15, 20; unit 2 (speed 10) at 10. Round 1 closes
    // when unit 2 has had its turn, so unit 1's turn at 15 opens round 2.
    assert_eq!(
        queue,
        vec![
            (u(1), 10, false),
            (u(2), 10, false),
            (u(1), 15, true),
            (u(1), 20, false)
        ]
    );
    assert!(state.queue.iter().all(|t| !t.is_extra_turn));
    assert!(Initiative::new().predicted_queue(10).is_empty());
}

// --- Removal, saves, refusals ------------------------------------------------------------------

#[test]
fn removing_the_acting_unit_ends_its_turn_and_the_race_goes_on() {
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Enemy, 10)]);
    next(&mut race);
    let events = race.apply(Cmd::RemoveUnit { unit: u(1) }).unwrap();
    assert_eq!(
        events,
        vec![
            Ev::TurnEnded {
                unit: u(1),
                charge: 100
            },
            Ev::UnitRemoved { unit: u(1) }
        ]
    );
    assert_eq!(race.active(), None);
    let (unit, events) = next(&mut race);
    assert_eq!(unit, u(2));
    assert_eq!(started(&events).unwrap().previous, Some(u(1)));
    assert_refused(
        &mut race,
        Cmd::SetSpeed {
            unit: u(1),
            speed: 5,
        },
        TurnError::UnknownUnit { unit: u(1) },
    );
}

#[test]
fn a_saved_race_continues_exactly_as_the_original() {
    let mut rng = RandomStream::from_seed(77);
    let mut original = random_race(&mut rng, true);
    for _ in 0..9 {
        original.apply(Cmd::NextTurn).unwrap();
    }
    let mut restored: Initiative = serde_json::from_str(&json(&original)).unwrap();
    assert_eq!(restored, original);
    for _ in 0..50 {
        assert_eq!(restored.apply(Cmd::NextTurn), original.apply(Cmd::NextTurn));
    }
}

#[test]
fn refused_commands_change_nothing() {
    let mut race = race(&[(1, Side::Player, 20), (2, Side::Enemy, 10)]);
    race.apply(Cmd::AddSkill {
        unit: u(1),
        name: "jab".into(),
        cost: 1,
        cooldown: 1,
    })
    .unwrap();
    next(&mut race);
    let cases = [
        (
            Cmd::AddUnit(UnitSpec::new(u(1), Side::Enemy, 5)),
            TurnError::DuplicateUnit { unit: u(1) },
        ),
        (
            Cmd::AddUnit(UnitSpec::new(u(3), Side::Enemy, 0)),
            TurnError::OutOfRange {
                what: "speed",
                value: 0,
                min: 1,
                max: u64::from(MAX_SPEED),
            },
        ),
        (
            Cmd::AddUnit(UnitSpec::new(u(3), Side::Enemy, MAX_SPEED + 1)),
            TurnError::OutOfRange {
                what: "speed",
                value: u64::from(MAX_SPEED) + 1,
                min: 1,
                max: u64::from(MAX_SPEED),
            },
        ),
        (
            Cmd::AddUnit(UnitSpec::new(u(3), Side::Enemy, 5).with_health(0)),
            TurnError::OutOfRange {
                what: "health",
                value: 0,
                min: 1,
                max: 1_000_000,
            },
        ),
        (
            Cmd::SetSpeed {
                unit: u(2),
                speed: 0,
            },
            TurnError::OutOfRange {
                what: "speed",
                value: 0,
                min: 1,
                max: u64::from(MAX_SPEED),
            },
        ),
        (
            Cmd::SetSpeed {
                unit: u(7),
                speed: 5,
            },
            TurnError::UnknownUnit { unit: u(7) },
        ),
        (
            Cmd::RemoveUnit { unit: u(7) },
            TurnError::UnknownUnit { unit: u(7) },
        ),
        (
            Cmd::UseSkill {
                unit: u(1),
                skill: "kick".into(),
            },
            TurnError::UnknownSkill {
                unit: u(1),
                skill: "kick".into(),
            },
        ),
        (
            Cmd::AddSkill {
                unit: u(1),
                name: "jab".into(),
                cost: 0,
                cooldown: 0,
            },
            TurnError::DuplicateSkill {
                unit: u(1),
                skill: "jab".into(),
            },
        ),
        (
            Cmd::AddSkill {
                unit: u(1),
                name: String::new(),
                cost: 0,
                cooldown: 0,
            },
            TurnError::EmptyName { what: "skill" },
        ),
        (
            Cmd::ApplyStatus {
                unit: u(2),
                status: status("x", StatusKind::Stun, StatusDuration::Turns(0)),
            },
            TurnError::OutOfRange {
                what: "status duration",
                value: 0,
                min: 1,
                max: 1_000_000,
            },
        ),
        (
            Cmd::ApplyStatus {
                unit: u(2),
                status: status("", StatusKind::Stun, StatusDuration::Permanent),
            },
            TurnError::EmptyName {
                what: "status effect",
            },
        ),
        // Names no player could be given: a status named over ten million characters was taken
        // and sent with every tick, a skill's with a line break.
        (
            Cmd::ApplyStatus {
                unit: u(2),
                status: status(&"x".repeat(65), StatusKind::Stun, StatusDuration::Permanent),
            },
            TurnError::InvalidName {
                what: "status effect",
                reason: "a name has at most 64 characters".into(),
            },
        ),
        (
            Cmd::AddSkill {
                unit: u(1),
                name: "a\nb".into(),
                cost: 0,
                cooldown: 0,
            },
            TurnError::InvalidName {
                what: "skill",
                reason: "a name may not hold control characters (line breaks, tabs, ...)".into(),
            },
        ),
        (
            Cmd::RemoveStatus {
                unit: u(2),
                status: "nothing".into(),
            },
            TurnError::UnknownStatus {
                unit: u(2),
                status: "nothing".into(),
            },
        ),
        (
            Cmd::MarkAction {
                unit: u(2),
                action: ActionFlag::Moved,
            },
            TurnError::NotActing {
                unit: u(2),
                active: Some(u(1)),
            },
        ),
    ];
    for (command, expected) in cases {
        assert_refused(&mut race, command, expected);
    }
    race.apply(Cmd::EndTurn).unwrap();
    assert_refused(&mut race, Cmd::EndTurn, TurnError::NoActiveTurn);
    assert_refused(
        &mut race,
        Cmd::SpendActionPoints {
            unit: u(1),
            amount: 0,
        },
        TurnError::NotActing {
            unit: u(1),
            active: None,
        },
    );
    let mut empty = Initiative::new();
    assert_refused(&mut empty, Cmd::NextTurn, TurnError::NoUnits);
}

#[test]
fn error_messages_name_the_problem() {
    let cases = [
        (
            TurnError::NotEnoughActionPoints {
                unit: u(3),
                cost: 4,
                available: 1,
            },
            "unit 3 has 1 action points; 4 are needed",
        ),
        (
            TurnError::OutOfRange {
                what: "speed",
                value: 0,
                min: 1,
                max: 10_000,
            },
            "speed must be between 1 and 10000, got 0",
        ),
        (
            TurnError::NotActing {
                unit: u(2),
                active: Some(u(1)),
            },
            "unit 2 is not acting (it is unit 1's turn)",
        ),
        (
            TurnError::DuplicateUnit { unit: u(5) },
            "unit 5 is already in the turn order",
        ),
    ];
    for (error, message) in cases {
        assert_eq!(RulesError::from(error).to_string(), message);
    }
}
