extends TestSuite
## TurnSystem through the GDScript API, in the real engine: charge initiative (the seed's
## conditions of acceptance), signals, and refused input. Seat order is in
## test_turn_system_seats.gd.


func test_class_and_constants_are_registered() -> void:
	check(ClassDB.class_exists("TurnSystem"), "TurnSystem is registered")
	check(ClassDB.is_parent_class("TurnSystem", "RefCounted"), "TurnSystem is a RefCounted")
	check_equal(TurnSystem.SIDE_PLAYER, 0, "SIDE_PLAYER")
	check_equal(TurnSystem.SIDE_ENEMY, 1, "SIDE_ENEMY")
	check_equal(TurnSystem.MODE_INITIATIVE, 0, "MODE_INITIATIVE")
	check_equal(TurnSystem.MODE_SEATS, 1, "MODE_SEATS")
	check_equal(TurnSystem.DURATION_PERMANENT, -1, "DURATION_PERMANENT")
	check_equal(TurnSystem.NONE, -1, "NONE")
	check_equal(TurnSystem.MAX_SPEED, 10000, "MAX_SPEED")
	var turns := TurnSystem.new()
	check_equal(turns.get_mode(), TurnSystem.MODE_INITIATIVE, "initiative by default")
	check_equal(turns.get_active_unit(), TurnSystem.NONE, "nobody acts at first")
	check_equal(str(turns), "TurnSystem(initiative, 0 units, time 0)", "to_string")


# --- The seed's conditions of acceptance ---------------------------------------------------------


func test_speed_20_against_speed_10_gets_twice_the_turns_over_30_turns() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_ENEMY, 10]])
	var counts := {1: 0, 2: 0}
	for i in 30:
		counts[turns.next_turn()] += 1
	check(counts[1] >= 19 and counts[1] <= 21, "fast unit turns: %d" % counts[1])
	check(counts[2] >= 9 and counts[2] <= 11, "slow unit turns: %d" % counts[2])


func test_a_duration_1_status_ticks_once_at_the_next_turn_then_is_gone() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_ENEMY, 10]])
	var ticks: Array = []
	turns.status_ticked.connect(
		func(id: int, status: String, value: int) -> void: ticks.append([id, status, value])
	)
	check_equal(turns.next_turn(), 1, "turn X is unit 1's")
	turns.apply_status(1, "burn", TurnSystem.STATUS_DAMAGE_OVER_TIME, 7, 1)
	check(turns.has_status(1, "burn"), "in force for the rest of turn X")
	while turns.next_turn() != 1:
		check_equal(ticks, [], "no tick on another unit's turn")
	check_equal(ticks, [[1, "burn", -7]], "one tick at the start of the unit's next turn")
	check(not turns.has_status(1, "burn"), "gone at the start of the unit's next turn")
	check_equal(turns.get_unit_health(1), 93, "health after one tick")
	for i in 6:
		turns.next_turn()
	check_equal(ticks.size(), 1, "it ticked only once")


func test_a_duration_1_marker_is_read_all_through_the_next_turn_then_is_gone() -> void:
	# Seed 003 CoA 3: it expires at the start of the unit's next turn, "ensuring it affects them
	# for one full action phase" - and a marker's effect is the game reading it.
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_ENEMY, 10]])
	var ended: Array = []
	turns.status_ended.connect(func(id: int, status: String) -> void: ended.append([id, status]))
	check_equal(turns.next_turn(), 1, "turn X is unit 1's")
	turns.apply_status(2, "slowed", TurnSystem.STATUS_MARKER, 0, 1)
	var read: Array = []
	while read.size() < 2:
		if turns.next_turn() == 2:
			read.append(turns.has_status(2, "slowed"))
			if read.size() == 1:
				check_equal(ended, [[2, "slowed"]], "it expired at the start of that turn")
				var copy := TurnSystem.new()
				check_equal(copy.load_json(turns.to_json()), OK, "a save in that turn loads")
				check(copy.has_status(2, "slowed"), "and still reads it")
	check_equal(read, [true, false], "read through the next turn, gone in the one after")


func test_a_duration_1_stun_costs_exactly_the_next_action_phase() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_ENEMY, 10]])
	var skipped: Array = []
	turns.turn_skipped.connect(func(id: int, reason: String) -> void: skipped.append([id, reason]))
	turns.next_turn()
	turns.apply_status(2, "daze", TurnSystem.STATUS_STUN, 0, 1)
	var phases: Array = []
	while phases.size() < 3:
		if turns.next_turn() == 2:
			phases.append(turns.get_active_unit())
	check_equal(phases, [TurnSystem.NONE, 2, 2], "only the first phase after the stun is lost")
	check_equal(skipped, [[2, "stunned"]], "turn_skipped")
	check(not turns.has_status(2, "daze"), "the stun is gone")


func test_a_five_deep_prediction_names_the_next_five_turns() -> void:
	var turns := _race(
		[
			[1, TurnSystem.SIDE_PLAYER, 17],
			[2, TurnSystem.SIDE_ENEMY, 23],
			[3, TurnSystem.SIDE_PLAYER, 9],
			[4, TurnSystem.SIDE_ENEMY, 31],
		]
	)
	for round_index in 3:
		var before := turns.to_json()
		var predicted := turns.get_predicted_queue(5)
		check_equal(turns.to_json(), before, "prediction changes nothing")
		var actual := PackedInt64Array()
		for i in 5:
			actual.append(turns.next_turn())
		check_equal(actual, predicted, "prediction %d" % round_index)


func test_a_long_prediction_matches_the_real_turns() -> void:
	var turns := _race(
		[
			[1, TurnSystem.SIDE_PLAYER, 7],
			[2, TurnSystem.SIDE_ENEMY, 13],
			[3, TurnSystem.SIDE_ENEMY, 130],
			[4, TurnSystem.SIDE_PLAYER, 1],
			[5, TurnSystem.SIDE_PLAYER, 44],
		]
	)
	turns.apply_status(2, "frozen", TurnSystem.STATUS_STUN, 0, TurnSystem.DURATION_PERMANENT)
	var predicted := turns.get_predicted_queue(1000)
	var actual := PackedInt64Array()
	for i in 1000:
		actual.append(turns.next_turn())
	check_equal(actual, predicted, "1000 turns")


func test_speed_changes_and_units_added_or_removed_change_the_prediction() -> void:
	# Each change is told by race_changed (with the unit), so a "Next 5 units" bar knows to read
	# the prediction again; a refused one tells nothing. Without it the bar went stale.
	var changes: Array[Callable] = [
		func(turns: TurnSystem) -> Error: return turns.set_unit_speed(2, 45),
		func(turns: TurnSystem) -> Error: return turns.add_unit(9, TurnSystem.SIDE_ENEMY, 33),
		func(turns: TurnSystem) -> Error: return turns.remove_unit(1),
		func(turns: TurnSystem) -> Error: return turns.set_unit_charge(3, 99),
		func(turns: TurnSystem) -> Error:
			return turns.apply_status(2, "venom", TurnSystem.STATUS_DAMAGE_OVER_TIME, 100, 1),
	]
	var changed_units: Array[int] = [2, 9, 1, 3, 2]
	for index in changes.size():
		var turns := _race(
			[
				[1, TurnSystem.SIDE_PLAYER, 20],
				[2, TurnSystem.SIDE_ENEMY, 12],
				[3, TurnSystem.SIDE_PLAYER, 7],
			]
		)
		turns.next_turn()
		var told: Array[int] = []
		turns.race_changed.connect(func(id: int) -> void: told.append(id))
		var old := turns.get_predicted_queue(12)
		var refused: Variant = expect_error(
			func() -> Error: return turns.set_unit_speed(2, 0), "speed"
		)
		check_equal(refused, ERR_INVALID_PARAMETER, "a refused change")
		check_equal(changes[index].call(turns), OK, "change %d" % index)
		check_equal(told, [changed_units[index]], "change %d told" % index)
		var new := turns.get_predicted_queue(12)
		check(new != old, "change %d changes the prediction" % index)
		var actual := PackedInt64Array()
		for i in 12:
			actual.append(turns.next_turn())
		check_equal(actual, new, "turns after change %d" % index)


# --- Initiative rules ----------------------------------------------------------------------------


func test_ties_go_to_players_then_the_lower_id() -> void:
	var turns := _race([[1, TurnSystem.SIDE_ENEMY, 20], [2, TurnSystem.SIDE_PLAYER, 20]])
	check_equal(turns.next_turn(), 2, "the player first")
	check_equal(turns.next_turn(), 1, "then the enemy, without ticks")
	check_equal(turns.get_global_time(), 5, "global time")
	var same_side := _race([[5, TurnSystem.SIDE_ENEMY, 20], [3, TurnSystem.SIDE_ENEMY, 20]])
	check_equal(same_side.next_turn(), 3, "the lower id")


func test_a_turn_end_keeps_the_charge_overflow() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 30], [2, TurnSystem.SIDE_ENEMY, 1]])
	turns.next_turn()
	check_equal(turns.get_unit_charge(1), 120, "charge when acting")
	check_equal(turns.end_turn(), OK, "end_turn")
	check_equal(turns.get_unit_charge(1), 20, "charge after the turn")
	check_equal(turns.get_active_unit(), TurnSystem.NONE, "nobody acts")


func test_action_points_are_spent_but_never_below_zero() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 10], [2, TurnSystem.SIDE_ENEMY, 3]])
	turns.next_turn()
	check_equal(turns.get_action_points(1), 5, "3 + 10 / 5")
	check_equal(turns.spend_action_points(1, 4), OK, "spend 4")
	var before := turns.to_json()
	var refused: Variant = expect_refusal(
		turns,
		"not_enough_action_points",
		func() -> Error: return turns.spend_action_points(1, 2),
		"1 action points; 2 are needed"
	)
	check_equal(refused, ERR_UNAVAILABLE, "unaffordable")
	check_equal(turns.to_json(), before, "nothing changed")
	check_equal(turns.spend_action_points(1, 1), OK, "spend the last point")
	check_equal(turns.get_action_points(1), 0, "none left")
	turns.next_turn()
	turns.next_turn()
	check_equal(turns.get_active_unit(), 1, "unit 1 again")
	check_equal(turns.get_action_points(1), 5, "no rollover, no debt")


func test_skills_cool_down_and_action_marks_clear_at_turn_end() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 10]])
	check_equal(turns.add_skill(1, "jab", 1, 1), OK, "add_skill")
	turns.next_turn()
	check_equal(turns.use_skill(1, "jab"), OK, "use_skill")
	check_equal(turns.get_skill_cooldown(1, "jab"), 1, "cooling down")
	check_equal(
		expect_refusal(
			turns, "skill_on_cooldown", func() -> Error: return turns.use_skill(1, "jab")
		),
		ERR_UNAVAILABLE,
		"a second use"
	)
	check_equal(turns.mark_action(1, TurnSystem.ACTION_MOVED), OK, "move")
	check(turns.has_taken_action(1, TurnSystem.ACTION_MOVED), "moved")
	check_equal(
		expect_refusal(
			turns,
			"action_already_taken",
			func() -> Error: return turns.mark_action(1, TurnSystem.ACTION_MOVED),
			"already moved"
		),
		ERR_UNAVAILABLE,
		"moving twice"
	)
	turns.next_turn()
	check(not turns.has_taken_action(1, TurnSystem.ACTION_MOVED), "the mark cleared")
	check_equal(turns.get_skill_cooldown(1, "jab"), 0, "ready on the next turn")
	check_equal(turns.use_skill(1, "jab"), OK, "used again")


func test_statuses_heal_and_permanent_ones_stay() -> void:
	var turns := TurnSystem.new()
	turns.add_unit(1, TurnSystem.SIDE_ENEMY, 50, 40)
	turns.apply_status(1, "poison", TurnSystem.STATUS_DAMAGE_OVER_TIME, 20, 2)
	turns.apply_status(1, "regen", TurnSystem.STATUS_HEAL_OVER_TIME, 15, -1)
	var expected: Array[Dictionary] = [
		{
			"name": "poison",
			"kind": TurnSystem.STATUS_DAMAGE_OVER_TIME,
			"value": 20,
			"health_change": -20,
			"duration": 2,
		},
		{
			"name": "regen",
			"kind": TurnSystem.STATUS_HEAL_OVER_TIME,
			"value": 15,
			"health_change": 15,
			"duration": -1,
		},
	]
	check_equal(turns.get_statuses(1), expected, "statuses in the order they tick")
	var healths: Array[int] = []
	for i in 4:
		turns.next_turn()
		healths.append(turns.get_unit_health(1))
	check_equal(healths, [35, 30, 40, 40] as Array[int], "healing capped at the maximum")
	check(turns.has_status(1, "regen"), "permanent")
	check(not turns.has_status(1, "poison"), "expired")


func test_turn_changed_marks_the_start_of_each_round() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_PLAYER, 10]])
	var changes: Array = []
	turns.turn_changed.connect(
		func(previous_id: int, next_id: int, is_new_round: bool) -> void:
			changes.append([previous_id, next_id, is_new_round])
	)
	for i in 4:
		turns.next_turn()
	check_equal(
		changes,
		[[-1, 1, true], [1, 1, false], [1, 2, false], [2, 1, true]],
		"turn_changed sequence"
	)
	check_equal(turns.get_round(), 2, "round")


func test_signals_follow_a_turn_in_order() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_ENEMY, 10]])
	turns.apply_status(1, "daze", TurnSystem.STATUS_STUN, 0, 1)
	var events: Array = []
	turns.turn_changed.connect(
		func(previous_id: int, next_id: int, is_new_round: bool) -> void:
			events.append(["changed", previous_id, next_id, is_new_round])
	)
	turns.turn_started.connect(
		func(id: int, extra: bool) -> void: events.append(["started", id, extra])
	)
	turns.turn_ended.connect(func(id: int) -> void: events.append(["ended", id]))
	turns.turn_skipped.connect(
		func(id: int, reason: String) -> void: events.append(["skipped", id, reason])
	)
	turns.status_ticked.connect(
		func(id: int, status: String, value: int) -> void:
			events.append(["ticked", id, status, value])
	)
	check_equal(turns.next_turn(), 1, "unit 1's turn, stunned")
	check_equal(turns.next_turn(), 1, "unit 1 again at time 10, before unit 2")
	turns.next_turn()
	check_equal(
		events,
		[
			["changed", -1, 1, true],
			["started", 1, false],
			["ticked", 1, "daze", 0],
			["skipped", 1, "stunned"],
			["ended", 1],
			["changed", 1, 1, false],
			["started", 1, false],
			["ended", 1],
			["changed", 1, 2, false],
			["started", 2, false],
		],
		"signal sequence"
	)


func test_handlers_see_the_updated_state_and_may_call_back_in() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_ENEMY, 10]])
	var seen: Array = []
	var handler := func(id: int, _extra: bool) -> void:
		seen.append([id, turns.get_active_unit(), turns.get_action_points(id)])
		if id == 2:
			turns.end_turn()
	turns.turn_started.connect(handler)
	for i in 3:
		turns.next_turn()
	check_equal(seen, [[1, 1, 7], [1, 1, 7], [2, 2, 5]], "state seen by handlers")
	check_equal(turns.get_active_unit(), TurnSystem.NONE, "the handler ended unit 2's turn")
	# The handler captures the object: disconnect it, or the pair keeps each other alive.
	turns.turn_started.disconnect(handler)


func test_removing_the_acting_unit_ends_its_turn() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_ENEMY, 10]])
	var ended: Array[int] = []
	turns.turn_ended.connect(func(id: int) -> void: ended.append(id))
	turns.next_turn()
	check_equal(turns.remove_unit(1), OK, "remove_unit")
	check_equal(ended, [1] as Array[int], "turn_ended")
	check(not turns.has_unit(1), "gone")
	check_equal(turns.get_unit_ids(), PackedInt64Array([2]), "unit ids")
	check_equal(turns.next_turn(), 2, "the race goes on")


# --- Refusals ------------------------------------------------------------------------------------


func test_bad_unit_input_is_refused_and_changes_nothing() -> void:
	var turns := _race([[1, TurnSystem.SIDE_PLAYER, 20], [2, TurnSystem.SIDE_ENEMY, 10]])
	turns.next_turn()
	var before := turns.to_json()
	var cases := [
		[
			func() -> Variant: return turns.add_unit(1, TurnSystem.SIDE_ENEMY, 5),
			"unit 1 is already in the turn order",
			ERR_ALREADY_EXISTS
		],
		[
			func() -> Variant: return turns.add_unit(3, TurnSystem.SIDE_ENEMY, 0),
			"speed must be between 1 and 10000, got 0",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.add_unit(3, TurnSystem.SIDE_ENEMY, -5),
			"got -5",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.add_unit(-3, TurnSystem.SIDE_ENEMY, 5),
			"unit id -3 is out of range",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.add_unit(3, 7, 5),
			"side must be between 0 and 1, got 7",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.set_unit_speed(2, -1),
			"speed must be between",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.set_unit_speed(9, 5),
			"unit 9 is not in the turn order",
			ERR_DOES_NOT_EXIST
		],
		[func() -> Variant: return turns.remove_unit(9), "unit 9", ERR_DOES_NOT_EXIST],
		[func() -> Variant: return turns.get_unit_speed(9), "unit 9", -1],
		[func() -> Variant: return turns.get_action_points(9), "unit 9", -1],
		[func() -> Variant: return turns.has_status(9, "x"), "unit 9", false],
		[func() -> Variant: return turns.get_statuses(9).size(), "unit 9", 0],
		[func() -> Variant: return turns.get_predicted_queue(-1), "depth", PackedInt64Array()],
		[
			func() -> Variant: return turns.spend_action_points(2, 1),
			"unit 2 is not acting",
			ERR_UNAVAILABLE
		],
		[
			func() -> Variant: return turns.spend_action_points(1, -1),
			"action points must be",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.apply_status(2, "x", TurnSystem.STATUS_STUN, 0, 0),
			"status duration must be between 1",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.apply_status(2, "x", 9, 0, 1),
			"status kind",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.apply_status(2, "", TurnSystem.STATUS_STUN, 0, 1),
			"non-empty name",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant:
				return turns.apply_status(2, "x".repeat(65), TurnSystem.STATUS_STUN, 0, 1),
			"at most 64 characters",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.add_skill(1, "a\nb", 0, 0),
			"control characters",
			ERR_INVALID_PARAMETER
		],
		[func() -> Variant: return turns.use_skill(1, "kick"), "no skill", ERR_DOES_NOT_EXIST],
		[func() -> Variant: return turns.set_mode(5), "mode must be", ERR_INVALID_PARAMETER],
	]
	for case in cases:
		var result: Variant = expect_refused(turns, case[0], case[1])
		check_equal(result, case[2], "return value when refusing '%s'" % case[1])
		check_equal(turns.to_json(), before, "state after refusing '%s'" % case[1])


func test_turns_cannot_start_with_nobody_to_take_them() -> void:
	var turns := TurnSystem.new()
	var started := [0]
	turns.turn_started.connect(func(_id: int, _extra: bool) -> void: started[0] += 1)
	check_equal(expect_refusal(turns, "no_units", turns.next_turn), -1, "no units")
	check_equal(expect_refusal(turns, "no_active_turn", turns.end_turn), ERR_UNAVAILABLE, "end")
	turns.set_mode(TurnSystem.MODE_SEATS)
	check_equal(expect_error(turns.next_turn, "no seating"), -1, "no seating")
	check_equal(
		expect_error(turns.reverse_turn_order, "no seating"), ERR_DOES_NOT_EXIST, "no seating"
	)
	check_equal(started[0], 0, "no turn_started")


func test_a_unit_a_status_defeats_is_asked_about_without_an_error() -> void:
	# next_turn() returns the id of a unit whose turn started and whose poison then took it to 0
	# health: asking about it, or cleansing it, is play. It was "unit 2 is not in the turn order"
	# in the debugger, and a status that ran out could not be removed without one either.
	var turns := TurnSystem.new()
	turns.add_unit(1, TurnSystem.SIDE_PLAYER, 20)
	turns.add_unit(2, TurnSystem.SIDE_ENEMY, 10, 10)
	turns.apply_status(2, "burn", TurnSystem.STATUS_DAMAGE_OVER_TIME, 50, -1)
	var started := []
	while not 2 in started:
		started.append(turns.next_turn())
	check_equal(turns.get_unit_health(2), 0, "a defeated unit reads 0 health")
	check_equal(turns.get_action_points(2), -1, "its action points: none")
	check_equal(error_log.take(), PackedStringArray(), "and no error for asking")
	expect_refusal(turns, "defeated", turns.remove_status.bind(2, "burn"), "was defeated")
	turns.apply_status(1, "daze", TurnSystem.STATUS_STUN, 0, 1)
	turns.next_turn()
	expect_refusal(turns, "unknown_status", turns.remove_status.bind(1, "daze"), "daze")


## A race of [code][id, side, speed][/code] units.
func _race(units: Array) -> TurnSystem:
	var turns := TurnSystem.new()
	for unit in units:
		turns.add_unit(unit[0], unit[1], unit[2])
	return turns
