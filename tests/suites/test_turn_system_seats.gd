extends TestSuite
## TurnSystem's seat order through the GDScript API, in the real engine: the seeded first player,
## extra turns, reversal, skips, exchanges, elimination, iterators, triggers, and refused input.

const A := 10
const B := 11
const C := 12
const D := 13


func test_the_first_player_comes_from_the_seed() -> void:
	var firsts := {}
	for seed_value in 64:
		var turns := TurnSystem.new()
		check_equal(turns.setup_seats(PackedInt64Array([A, B, C, D]), seed_value), OK, "setup")
		var again := TurnSystem.new()
		again.setup_seats(PackedInt64Array([A, B, C, D]), seed_value)
		check_equal(turns.get_first_player(), again.get_first_player(), "seed %d" % seed_value)
		firsts[turns.get_first_player()] = true
		turns.set_mode(TurnSystem.MODE_SEATS)
		check_equal(turns.next_turn(), turns.get_first_player(), "first turn")
	check_equal(firsts.size(), 4, "every player is first for some seed")


func test_seats_of_anything_but_ids_are_misuse_and_seat_nobody() -> void:
	# The engine made an Array of Strings or floats into the PackedInt64Array the methods took,
	# element by element: ["10", 11.9, 12.2] seated players 10, 11 and 12.
	var turns := TurnSystem.new()
	turns.setup_seats([A, B], 1)
	var bad: Array = [["10", 11, 12], [10.0, 11, 12], [11.9, 12.2], "10,11", PackedStringArray()]
	for ids: Variant in bad:
		expect_error(turns.setup_seats.bind(ids, 1), "not an Array of player ids")
		expect_error(turns.setup_seats_with_first_player.bind(ids, A), "not an Array of player ids")
		check_equal(turns.get_seat_order(), PackedInt64Array([A, B]), "the seats of %s" % [ids])
	check_equal(turns.setup_seats([A, B, C], 1), OK, "an Array of ints")
	check_equal(turns.setup_seats_with_first_player(PackedInt32Array([C, D]), D), OK, "packed")


func test_an_extra_turn_comes_next_then_play_resumes_from_the_natural_seat() -> void:
	var turns := _table(A)
	check_equal(_play(turns, 3), "A B C", "start")
	check_equal(turns.grant_extra_turn(A), OK, "grant_extra_turn")
	check_equal(turns.get_upcoming_players(2), PackedInt64Array([A, D]), "upcoming")
	check_equal(_play(turns, 5), "A* D A B C", "A, B, C, A*, D")


func test_extra_turns_are_taken_first_granted_first_or_newest_first_as_set() -> void:
	# Seed 004 queues extra turns (push_back, pop_front); they were taken newest first.
	var turns := _table(A)
	_play(turns, 3)
	turns.grant_extra_turn(A)
	turns.grant_extra_turn(B)
	check_equal(turns.get_extra_turn_order(), TurnSystem.EXTRA_TURNS_FIRST_GRANTED, "default")
	check_equal(turns.get_pending_extra_turns(), PackedInt64Array([A, B]), "pending")
	check_equal(_play(turns, 4), "A* B* D A", "first granted first")
	turns = _table(A)
	_play(turns, 3)
	check_equal(turns.set_extra_turn_order(TurnSystem.EXTRA_TURNS_LATEST_GRANTED), OK, "set")
	turns.grant_extra_turn(A)
	turns.grant_extra_turn(B)
	check_equal(turns.get_pending_extra_turns(), PackedInt64Array([B, A]), "pending")
	var saved := turns.to_json()
	check_equal(_play(turns, 4), "B* A* D A", "newest first, as in Magic")
	var loaded := TurnSystem.new()
	check_equal(loaded.load_json(saved), OK, "load")
	check_equal(_play(loaded, 4), "B* A* D A", "the order is saved with the table")


func test_reversing_twice_restores_the_order() -> void:
	var plain := _table(A)
	var twice := _table(A)
	_play(plain, 2)
	_play(twice, 2)
	twice.reverse_turn_order()
	check(twice.is_turn_order_reversed(), "reversed")
	twice.reverse_turn_order()
	check(not twice.is_turn_order_reversed(), "restored")
	check_equal(_play(twice, 8), _play(plain, 8), "same order")
	var once := _table(A)
	_play(once, 3)
	once.reverse_turn_order()
	check_equal(_play(once, 4), "B A D C", "counter-clockwise from C")


func test_skips_use_up_natural_turns() -> void:
	var turns := _table(A)
	var skipped: Array = []
	turns.turn_skipped.connect(func(id: int, reason: String) -> void: skipped.append([id, reason]))
	turns.next_turn()
	turns.skip_next_turn()
	turns.skip_next_turn()
	check_equal(turns.get_pending_skips(), 2, "pending skips")
	check_equal(turns.next_turn(), D, "B and C skipped")
	check_equal(skipped, [[B, "skipped"], [C, "skipped"]], "turn_skipped")
	check_equal(turns.get_pending_skips(), 0, "none left")


func test_an_exchange_swaps_the_next_turns_once() -> void:
	var turns := _table(A)
	turns.next_turn()
	check_equal(turns.exchange_turns(B, D), OK, "exchange_turns")
	check_equal(_play(turns, 7), "D C B A B C D", "swapped once")
	check_equal(turns.get_seat_order(), PackedInt64Array([A, B, C, D]), "seats unchanged")


func test_swapped_seats_stay_swapped_as_seed_004_exchanges_turns() -> void:
	var turns := _table(A)
	var swapped: Array = []
	turns.seats_swapped.connect(func(a: int, b: int) -> void: swapped.append([a, b]))
	turns.next_turn()
	check_equal(turns.swap_seats(B, D), OK, "swap_seats")
	check_equal(swapped, [[B, D]], "seats_swapped")
	check_equal(turns.get_seat_order(), PackedInt64Array([A, D, C, B]), "seats traded")
	check_equal(turns.get_current_player(), A, "A's turn goes on")
	check_equal(Array(turns.get_upcoming_players(4)), [D, C, B, A], "foreseen")
	check_equal(_play(turns, 8), "D C B A D C B A", "for good")
	var code: Variant = expect_error(turns.swap_seats.bind(C, C), "with themselves")
	check_equal(code, ERR_INVALID_PARAMETER, "not with oneself")
	check_equal(turns.get_seat_order(), PackedInt64Array([A, D, C, B]), "unchanged")


func test_elimination_during_an_extra_turn_reversed_with_skips_pending() -> void:
	var turns := _table(A)
	var ended: Array[int] = []
	turns.turn_ended.connect(func(id: int) -> void: ended.append(id))
	_play(turns, 3)
	turns.grant_extra_turn(A)
	check_equal(_play(turns, 1), "A*", "extra turn")
	ended.clear()
	check_equal(turns.eliminate_player(A), OK, "eliminate_player")
	check_equal(ended, [A] as Array[int], "A's extra turn ended")
	check(turns.is_player_eliminated(A), "A is out")
	check_equal(_play(turns, 3), "D B C", "play resumes after C, without A")
	turns.reverse_turn_order()
	turns.skip_next_turn()
	# Reversed from C: B would be skipped; B is eliminated, so D is not skipped instead.
	turns.eliminate_player(B)
	check_equal(_play(turns, 3), "D C D", "nobody living skipped")


func test_iterators_and_triggers_follow_the_turn_order() -> void:
	var turns := _table(A)
	var fired: Array = []
	turns.trigger_fired.connect(
		func(trigger_id: int, controller_id: int, player_id: int) -> void:
			fired.append([trigger_id, controller_id, player_id])
	)
	check_equal(turns.add_turn_trigger(1, A, TurnSystem.TRIGGER_CONTROLLER), OK, "trigger 1")
	check_equal(turns.add_turn_trigger(2, B, TurnSystem.TRIGGER_OPPONENTS), OK, "trigger 2")
	check_equal(turns.add_turn_trigger(3, C, TurnSystem.TRIGGER_EVERYONE), OK, "trigger 3")
	_play(turns, 3)
	check_equal(turns.get_players_from_current(), PackedInt64Array([C, D, A, B]), "from current")
	check_equal(turns.get_opponents_in_turn_order(), PackedInt64Array([D, A, B]), "opponents")
	check_equal(
		fired,
		[[1, A, A], [2, B, A], [3, C, A], [3, C, B], [3, C, C], [2, B, C]],
		"triggers on A's, B's and C's turns"
	)
	turns.reverse_turn_order()
	check_equal(turns.get_opponents_in_turn_order(), PackedInt64Array([B, A, D]), "reversed")


# --- Refusals -----------------------------------------------------------------------------------


func test_bad_seat_input_is_refused_and_changes_nothing() -> void:
	var turns := _table(A)
	turns.next_turn()
	turns.eliminate_player(D)
	var before := turns.to_json()
	var cases := [
		[
			func() -> Variant: return turns.setup_seats(PackedInt64Array([A, A]), 1),
			"seated twice",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.setup_seats(PackedInt64Array(), 1),
			"invalid seating",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.setup_seats(PackedInt64Array([-2]), 1),
			"player id -2 is out of range",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.grant_extra_turn(99),
			"player 99 is not seated",
			ERR_DOES_NOT_EXIST
		],
		[
			func() -> Variant: return turns.grant_extra_turn(D),
			"player 13 has been eliminated",
			ERR_UNAVAILABLE
		],
		[
			func() -> Variant: return turns.set_extra_turn_order(2),
			"extra turn order",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.exchange_turns(B, B),
			"with themselves",
			ERR_INVALID_PARAMETER
		],
		[func() -> Variant: return turns.eliminate_player(D), "eliminated", ERR_UNAVAILABLE],
		[
			func() -> Variant: return turns.add_turn_trigger(1, A, 3),
			"trigger scope",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return turns.remove_turn_trigger(4),
			"trigger 4 is not registered",
			ERR_DOES_NOT_EXIST
		],
		[func() -> Variant: return turns.get_upcoming_players(-1), "depth", PackedInt64Array()],
		[func() -> Variant: return turns.is_player_eliminated(99), "not seated", false],
	]
	for case in cases:
		var result: Variant = expect_refused(turns, case[0], case[1])
		check_equal(result, case[2], "return value when refusing '%s'" % case[1])
		check_equal(turns.to_json(), before, "state after refusing '%s'" % case[1])


func test_a_trigger_gone_with_its_eliminated_player_is_a_quiet_refusal_to_remove() -> void:
	# A card script removing its own upkeep trigger after its player was eliminated (the trigger
	# went with them, and nothing said so) got an error in the debugger.
	var turns := _table(A)
	turns.add_turn_trigger(7, B, TurnSystem.TRIGGER_OPPONENTS)
	turns.eliminate_player(B)
	var removed: Variant = expect_refusal(
		turns, "unknown_trigger", func() -> Error: return turns.remove_turn_trigger(7), "7"
	)
	check_equal(removed, ERR_DOES_NOT_EXIST, "remove_turn_trigger")
	# The value of a stun or a marker is ignored, as apply_status says (-3 was refused).
	var race := TurnSystem.new()
	race.add_unit(1, TurnSystem.SIDE_PLAYER, 10)
	check_equal(race.apply_status(1, "daze", TurnSystem.STATUS_STUN, -3, 1), OK, "a stun")
	check_equal(race.apply_status(1, "mark", TurnSystem.STATUS_MARKER, -1, 1), OK, "a marker")
	check(race.has_status(1, "daze") and race.has_status(1, "mark"), "both on the unit")
	var burn := func() -> Error: return race.apply_status(1, "burn", 0, -3, 1)
	check_equal(expect_error(burn, "status value"), ERR_INVALID_PARAMETER, "damage of -3")


## Players A, B, C, D clockwise, [param first] first, in seat mode.
func test_seating_again_mid_turn_ends_that_turn_with_turn_ended() -> void:
	var turns := _table(B)
	var ended: Array = []
	turns.turn_ended.connect(func(player: int) -> void: ended.append(player))
	check_equal(turns.next_turn(), B, "B's turn is in progress")
	check_equal(
		turns.setup_seats(PackedInt64Array([A, A]), 0), ERR_INVALID_PARAMETER, "a bad seating"
	)
	check_equal(error_log.take().size(), 1, "said in the error log")
	check_equal(ended, [], "a refused seating leaves the turn as it was")
	check_equal(turns.get_current_player(), B, "still B's turn")
	check_equal(turns.setup_seats_with_first_player(PackedInt64Array([C, D]), D), OK, "seated anew")
	check_equal(ended, [B], "B's turn ended, and said so")
	check_equal(turns.get_current_player(), TurnSystem.NONE, "no turn in progress")
	check_equal(turns.next_turn(), D, "play starts on the new seating")


func test_seating_anew_from_a_handler_drops_the_old_tables_signals_still_waiting() -> void:
	# A trigger of the replaced table still fired after the new seating, naming a controller no
	# longer seated: acting on it was an error. load_json dropped them already.
	var turns := _table(A)
	turns.add_turn_trigger(1, C, TurnSystem.TRIGGER_EVERYONE)
	var heard: Array = []
	turns.trigger_fired.connect(func(trigger: int, _c: int, _p: int) -> void: heard.append(trigger))
	turns.turn_ended.connect(func(player: int) -> void: heard.append("ended %d" % player))
	var reseated: Array[bool] = [false]
	var reseat := func(_player: int, _extra: bool) -> void:
		if not reseated[0]:
			reseated[0] = true
			turns.setup_seats_with_first_player(PackedInt64Array([7, 8]), 7)
	turns.turn_started.connect(reseat)
	check_equal(turns.next_turn(), A, "A's turn started")
	check_equal(heard, ["ended %d" % A], "only the end of A's turn, from the new seating")
	check_equal(turns.get_seat_order(), PackedInt64Array([7, 8]), "seated anew")
	check_equal(turns.next_turn(), 7, "play starts on the new seating")
	check_equal(heard, ["ended %d" % A], "no trigger: the new table has none")
	turns.turn_started.disconnect(reseat)  # it holds the TurnSystem: no cycle left at exit


func _table(first: int) -> TurnSystem:
	var turns := TurnSystem.new()
	turns.setup_seats_with_first_player(PackedInt64Array([A, B, C, D]), first)
	turns.set_mode(TurnSystem.MODE_SEATS)
	return turns


## Plays [param count] turns and names them ("A B C A* D").
func _play(turns: TurnSystem, count: int) -> String:
	var names := PackedStringArray()
	for i in count:
		var player := turns.next_turn()
		names.append("ABCD"[player - A] + ("*" if turns.is_extra_turn() else ""))
	return " ".join(names)
