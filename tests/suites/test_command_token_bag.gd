extends TestSuite
## CommandTokenBag and CommandToken through the GDScript API, in the real engine.

## The owners of the 16 draws of seed 42 with four players of four tokens: the same sequence the
## Rust core pins in rust/core/tests/bag_determinism.rs.
const GOLDEN_SEED_42: Array[int] = [3, 1, 2, 1, 0, 0, 3, 2, 3, 3, 2, 1, 2, 0, 1, 0]


func test_classes_and_constants_are_registered() -> void:
	check(ClassDB.class_exists("CommandTokenBag"), "CommandTokenBag is registered")
	check(ClassDB.class_exists("CommandToken"), "CommandToken is registered")
	check_equal(CommandTokenBag.MAX_PLAYERS, 8, "MAX_PLAYERS")
	check_equal(CommandTokenBag.MAX_TOKENS_PER_PLAYER, 64, "MAX_TOKENS_PER_PLAYER")
	check_equal(CommandToken.KIND_COMMAND, 0, "KIND_COMMAND")
	check(not ClassDB.can_instantiate("CommandToken"), "tokens are made by the bag only")


func test_added_tokens_are_counted() -> void:
	var bag := _bag(1, [4, 6])
	bag.add_player_tokens(0, 1)
	check_equal(bag.get_remaining_count(), 11, "remaining")
	check_equal(bag.get_player_remaining_count(0), 5, "player 0 remaining")
	check_equal(bag.get_player_remaining_count(1), 6, "player 1 remaining")
	check_equal(bag.get_player_contributed_count(0), 5, "player 0 contributed")
	check_equal(bag.get_player_ids(), PackedInt64Array([0, 1]), "player ids")
	check_equal(bag.get_remaining_counts(), {0: 5, 1: 6}, "all counts at once")
	check_equal(bag.get_remaining_counts_array(), PackedInt64Array([5, 6]), "counts as an array")
	check(not bag.is_empty(), "bag is not empty")


func test_draws_return_read_only_tokens_and_update_counts() -> void:
	var bag := _bag(3, [4, 4, 4])
	var token := bag.draw_token()
	check(token != null, "a token is drawn")
	check_equal(token.kind, CommandToken.KIND_COMMAND, "kind")
	check_equal(bag.get_remaining_count(), 11, "remaining after one draw")
	check_equal(bag.get_player_remaining_count(token.player_id), 3, "owner's remaining")
	var owner := token.player_id
	token.set("player_id", owner + 1)
	check_equal(token.player_id, owner, "player_id cannot be changed")
	check_equal(str(token), "CommandToken(id %d, player %d)" % [token.token_id, owner], "to_string")


func test_drawing_everything_gives_each_player_their_tokens() -> void:
	var bag := _bag(5, [6, 6, 6, 6, 6, 6, 6, 6])
	var per_player := {}
	var ids := {}
	while not bag.is_empty():
		var token := bag.draw_token()
		per_player[token.player_id] = per_player.get(token.player_id, 0) + 1
		ids[token.token_id] = true
	check_equal(ids.size(), 48, "48 distinct token ids")
	for player_id in 8:
		check_equal(per_player.get(player_id, 0), 6, "draws of player %d" % player_id)


func test_signals_report_every_draw_then_the_emptying_once() -> void:
	var bag := _bag(9, [2, 2, 2])
	var events: Array = []
	bag.token_drawn.connect(
		func(player_id: int, remaining: int) -> void: events.append(["drawn", player_id, remaining])
	)
	bag.bag_emptied.connect(func() -> void: events.append(["emptied"]))
	var expected: Array = []
	for remaining in range(5, -1, -1):
		var token := bag.draw_token()
		expected.append(["drawn", token.player_id, remaining])
	expected.append(["emptied"])
	check_equal(events, expected, "signal sequence")


func test_a_handler_may_call_back_into_the_bag() -> void:
	var bag := _bag(4, [3, 3])
	var seen_remaining: Array[int] = []
	var handler := func(_player_id: int, _remaining: int) -> void:
		seen_remaining.append(bag.get_remaining_count())
		if bag.get_remaining_count() == 4:
			bag.draw_token()
	bag.token_drawn.connect(handler)
	var emptied := [0]
	bag.bag_emptied.connect(func() -> void: emptied[0] += 1)
	while not bag.is_empty():
		bag.draw_token()
	check_equal(seen_remaining, [5, 4, 3, 2, 1, 0] as Array[int], "state seen by handlers")
	check_equal(emptied[0], 1, "bag_emptied count")
	# The handler captures the bag: disconnect it, or the pair keeps each other alive.
	bag.token_drawn.disconnect(handler)


func test_tokens_in_and_out_emit_bag_changed_and_an_emptying_removal_bag_emptied() -> void:
	# bag_changed is what lets a display follow an elimination: without it a removal went unseen
	# (the display kept the removed tokens and its chances summed to 150 %).
	var bag := _bag(6, [1, 3])
	var events: Array = []
	bag.bag_changed.connect(
		func(player_id: int, change: int) -> void: events.append([player_id, change])
	)
	bag.bag_emptied.connect(func() -> void: events.append(["emptied"]))
	bag.remove_player_tokens(0)
	check_equal(events, [[0, -1]], "player 0's token left; the bag is not empty")
	check_equal(bag.add_player_tokens(2, 2), OK, "two tokens in")
	check_equal(events.back(), [2, 2], "and said so")
	bag.remove_player_tokens(2)
	bag.remove_player_tokens(1)
	check_equal(events.slice(2), [[2, -2], [1, -3], ["emptied"]], "the last removal empties it")
	check(bag.is_empty(), "bag is empty")
	check_equal(bag.remove_player_tokens(1), 0, "nothing left of player 1")
	check_equal(events.size(), 5, "a removal of nothing says nothing")


func test_a_bag_emptied_handler_connected_by_the_last_draws_handler_still_hears_it() -> void:
	# bag_emptied is queued only when someone may hear it: also while the last draw's signal
	# waits, as its handler may connect one.
	var bag := _bag(8, [1, 1])
	var emptied := [0]
	var on_emptied := func() -> void: emptied[0] += 1
	var handler := func(_player_id: int, remaining: int) -> void:
		if remaining == 0:
			bag.bag_emptied.connect(on_emptied)
	bag.token_drawn.connect(handler)
	bag.draw_token()
	bag.draw_token()
	check_equal(emptied[0], 1, "bag_emptied heard by the handler connected in time")
	bag.token_drawn.disconnect(handler)
	bag.bag_emptied.disconnect(on_emptied)
	bag.add_player_tokens(0, 1)
	bag.draw_token()
	check_equal(emptied[0], 1, "nobody connected, nothing heard")


func test_fixed_seed_gives_the_pinned_draws() -> void:
	var bag := _bag(42, [4, 4, 4, 4])
	check_equal(_owners(bag), GOLDEN_SEED_42, "seed 42 draws")
	check_equal(bag.get_seed(), 42, "get_seed")


func test_same_seed_same_draws_and_any_64_bit_seed() -> void:
	for seed_value in [0, -1, 9_223_372_036_854_775_807, -9_223_372_036_854_775_808]:
		var first := _owners(_bag(seed_value, [4, 4, 4]))
		check_equal(_owners(_bag(seed_value, [4, 4, 4])), first, "replay of seed %d" % seed_value)
		check_equal(_bag(seed_value, [1]).get_seed(), seed_value, "seed %d kept" % seed_value)


func test_peek_shows_the_next_draws_without_drawing() -> void:
	var bag := _bag(8, [4, 4, 4])
	var before := bag.to_json()
	var peeked := bag.peek_tokens(5)
	check_equal(bag.to_json(), before, "peek leaves the bag unchanged")
	check_equal(peeked.size(), 5, "peek size")
	for token in peeked:
		check_equal(bag.draw_token().token_id, token.token_id, "peeked token is drawn next")
	check_equal(bag.peek_tokens(100).size(), 7, "peek is capped by what is left")
	check_equal(bag.peek_tokens(0).size(), 0, "peek of zero")


func test_next_draw_chances_are_exact_shares() -> void:
	var bag := _bag(2, [6, 4, 2])
	var chances := bag.get_next_draw_chances()
	check_equal(chances, {0: 0.5, 1: 4.0 / 12.0, 2: 2.0 / 12.0}, "chances")
	check(chances.is_typed(), "chances is a typed Dictionary")
	check_equal(
		bag.get_next_draw_chances_array(),
		PackedFloat64Array([0.5, 4.0 / 12.0, 2.0 / 12.0]),
		"chances as an array, in the order of get_player_ids()"
	)
	var owner := bag.draw_token().player_id
	var index := bag.get_player_ids().find(owner)
	check_equal(bag.get_remaining_counts_array()[index], [6, 4, 2][index] - 1, "the drawn one")
	check_equal(bag.get_next_draw_chances_array()[index], ([6, 4, 2][index] - 1) / 11.0, "11 left")
	while not bag.is_empty():
		bag.draw_token()
	check_equal(bag.get_next_draw_chances(), {0: 0.0, 1: 0.0, 2: 0.0}, "chances when empty")
	check_equal(
		bag.get_next_draw_chances_array(), PackedFloat64Array([0, 0, 0]), "array when empty"
	)


func test_drawn_history_lists_the_round_in_order() -> void:
	var bag := _bag(12, [3, 3])
	var drawn: Array[int] = []
	for i in 4:
		drawn.append(bag.draw_token().token_id)
	var history: Array[int] = []
	for token in bag.get_drawn_history():
		history.append(token.token_id)
	check_equal(history, drawn, "history")


func test_removing_a_player_takes_only_their_remaining_tokens() -> void:
	var bag := _bag(13, [4, 4, 4])
	var drawn_of_1 := 0
	for i in 5:
		if bag.draw_token().player_id == 1:
			drawn_of_1 += 1
	check_equal(bag.remove_player_tokens(1), 4 - drawn_of_1, "removed count")
	check_equal(bag.get_player_remaining_count(1), 0, "player 1 remaining")
	check_equal(bag.get_remaining_count(), 7 - (4 - drawn_of_1), "remaining")
	while not bag.is_empty():
		check(bag.draw_token().player_id != 1, "no draw for a removed player")


func test_clear_empties_the_bag_and_forgets_the_round() -> void:
	var bag := _bag(14, [2, 2])
	bag.draw_token()
	bag.clear()
	check(bag.is_empty(), "empty after clear")
	check_equal(bag.get_player_ids(), PackedInt64Array(), "no players after clear")
	check_equal(bag.get_drawn_history().size(), 0, "no history after clear")


func test_json_round_trip_mid_round_continues_identically() -> void:
	var original := _bag(15, [5, 5, 5, 5])
	for i in 7:
		original.draw_token()
	var restored := CommandTokenBag.new()
	check_equal(restored.load_json(original.to_json()), OK, "load_json")
	check_equal(restored.to_json(), original.to_json(), "restored state")
	check_equal(_owners(restored), _owners(original), "draws after restore")


func test_bad_input_is_refused_and_changes_nothing() -> void:
	var bag := _bag(16, [4, 4, 4, 4, 4, 4, 4, 4])
	bag.draw_token()
	var before := bag.to_json()
	var cases := [
		[func() -> Variant: return bag.add_player_tokens(0, 0), "got 0", ERR_INVALID_PARAMETER],
		[func() -> Variant: return bag.add_player_tokens(0, -3), "got -3", ERR_INVALID_PARAMETER],
		[
			func() -> Variant: return bag.add_player_tokens(0, 1 << 40),
			"between 1 and 64",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return bag.add_player_tokens(0, 61),
			"limit is 64",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return bag.add_player_tokens(-1, 4),
			"player id -1 is out of range",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return bag.add_player_tokens(8, 4),
			"cannot join",
			ERR_INVALID_PARAMETER
		],
		[
			func() -> Variant: return bag.get_player_remaining_count(99),
			"player 99 has no tokens",
			-1
		],
		[func() -> Variant: return bag.get_player_contributed_count(-5), "out of range", -1],
		[func() -> Variant: return bag.remove_player_tokens(99), "player 99 has no tokens", -1],
		[func() -> Variant: return bag.peek_tokens(-1).size(), "peek count", 0],
		[func() -> Variant: return bag.load_json("not json"), "not valid JSON", ERR_PARSE_ERROR],
		[
			func() -> Variant: return bag.load_json(before.left(40)),
			"not valid JSON",
			ERR_PARSE_ERROR
		],
		[
			func() -> Variant: return bag.load_json(before.replace('"version":1', '"version":9')),
			"version 9 is not supported",
			ERR_FILE_UNRECOGNIZED
		],
		[
			func() -> Variant:
				return bag.load_json(before.replace('"contributed":4', '"contributed":5')),
			"inconsistent",
			ERR_INVALID_DATA
		],
	]
	for case in cases:
		var result: Variant = expect_refused(bag, case[0], case[1])
		check_equal(result, case[2], "return value when refusing '%s'" % case[1])
		check_equal(bag.to_json(), before, "state after refusing '%s'" % case[1])


func test_drawing_from_an_empty_bag_returns_null() -> void:
	var bag := CommandTokenBag.new()
	var drawn := [false]
	bag.token_drawn.connect(func(_p: int, _r: int) -> void: drawn[0] = true)
	var token: Variant = expect_refusal(bag, "bag_empty", bag.draw_token, "the bag is empty")
	check(token == null, "null from an empty bag")
	check(not drawn[0], "no token_drawn for a failed draw")


## A bag with the given seed and one entry of tokens per player (player ids 0, 1, ...), shuffled.
func test_odds_are_exact_from_the_counts_left() -> void:
	var bag := _bag(12, [3, 1])
	check(is_equal_approx(bag.get_chance_within(1, 1), 0.25), "1 of 4 next")
	check(is_equal_approx(bag.get_chance_within(1, 2), 0.5), "within 2: 1 - 3/4 * 2/3")
	check_equal(bag.get_chance_within(1, 4), 1.0, "within every draw left")
	check_equal(bag.get_chance_within(0, 0), 0.0, "within no draw")
	check_equal(bag.get_expected_activations_before(1), 1.5, "3 others / (1 + 1)")
	check_equal(bag.get_expected_activations_before(0), 0.25, "1 other / (3 + 1)")
	bag.remove_player_tokens(1)
	check_equal(bag.get_expected_activations_before(1), -1.0, "no token left")
	var refused: Variant = expect_error(func() -> float: return bag.get_chance_within(9, 1), "9")
	check_equal(refused, -1.0, "unknown player")
	expect_error(func() -> float: return bag.get_chance_within(0, -1), "draw count")


func test_sampled_futures_leave_the_bag_untouched() -> void:
	var bag := _bag(13, [2, 2, 1])
	var peeked := bag.peek_tokens(5)
	var futures := bag.sample_rest_of_round(50, 99)
	check_equal(futures.size(), 50, "fifty futures")
	for future in futures:
		var sorted := Array(future)
		sorted.sort()
		check_equal(sorted, [0, 0, 1, 1, 2], "each holds the tokens left")
	check_equal(bag.sample_rest_of_round(50, 99), futures, "same seed, same futures")
	check_equal(bag.draw_token().token_id, peeked[0].token_id, "the bag's own draws did not move")
	expect_error(func() -> Array: return bag.sample_rest_of_round(-1, 0), "sample count")


func _bag(seed_value: int, tokens_per_player: Array) -> CommandTokenBag:
	var bag := CommandTokenBag.new()
	bag.set_seed(seed_value)
	for player_id in tokens_per_player.size():
		bag.add_player_tokens(player_id, tokens_per_player[player_id])
	bag.shuffle()
	return bag


## Draws the bag empty and returns the owners in draw order.
func _owners(bag: CommandTokenBag) -> Array[int]:
	var owners: Array[int] = []
	while not bag.is_empty():
		owners.append(bag.draw_token().player_id)
	return owners
