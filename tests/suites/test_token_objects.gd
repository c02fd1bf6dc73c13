extends TestSuite
## One CommandToken object per token: a bag hands out the same object for a token every time,
## an object someone holds never changes, and objects nobody holds are reused instead of made anew
## for every draw.

## The owners of the 16 draws of seed 42 with four players of four tokens (see
## test_command_token_bag.gd).
const GOLDEN_SEED_42: Array[int] = [3, 1, 2, 1, 0, 0, 3, 2, 3, 3, 2, 1, 2, 0, 1, 0]


func test_a_draw_returns_the_object_peek_gave_and_history_holds() -> void:
	var bag := _bag(42, 4, 4)
	var peeked := bag.peek_tokens(3)
	check(is_same(bag.peek_tokens(3)[0], peeked[0]), "peeking twice gives the same objects")
	var drawn: Array[CommandToken] = []
	for index in 3:
		var token := bag.draw_token()
		check(is_same(token, peeked[index]), "draw %d is the object peeked" % index)
		drawn.append(token)
	var history := bag.get_drawn_history()
	check_equal(history.size(), 3, "history size")
	for index in 3:
		check(is_same(history[index], drawn[index]), "history %d is the object drawn" % index)
	check(is_same(bag.get_drawn_history()[0], drawn[0]), "history twice gives the same objects")


func test_a_handler_sees_the_object_the_draw_returns() -> void:
	var bag := _bag(7, 3, 2)
	var seen: Array[CommandToken] = []
	var handler := func(_player_id: int, _remaining: int) -> void:
		seen.append(bag.get_drawn_history().back())
	bag.token_drawn.connect(handler)
	var drawn: Array[CommandToken] = []
	while not bag.is_empty():
		drawn.append(bag.draw_token())
	# The handler captures the bag: disconnect it, or the pair keeps each other alive.
	bag.token_drawn.disconnect(handler)
	check_equal(seen.size(), 6, "a signal per draw")
	for index in drawn.size():
		check(is_same(seen[index], drawn[index]), "handler's token %d is the one drawn" % index)


func test_rounds_of_reused_objects_keep_the_draws_and_counts_right() -> void:
	var bag := _bag(42, 4, 4)
	check_equal(_owners(bag), GOLDEN_SEED_42, "the pinned draws")
	for round_number in 50:
		var fresh := _bag(42, 4, 4)
		var ids := {}
		var per_player := {}
		while not fresh.is_empty():
			var token := fresh.draw_token()
			check_equal(token.kind, CommandToken.KIND_COMMAND, "kind")
			ids[token.token_id] = true
			per_player[token.player_id] = per_player.get(token.player_id, 0) + 1
			check_equal(
				fresh.get_player_remaining_count(token.player_id),
				4 - per_player[token.player_id],
				"owner's count after the draw"
			)
		check_equal(ids.size(), 16, "16 distinct ids in round %d" % round_number)
		check_equal(per_player, {0: 4, 1: 4, 2: 4, 3: 4}, "four draws each")
	check_equal(_owners(_bag(42, 4, 4)), GOLDEN_SEED_42, "the pinned draws after reuse")


func test_a_held_token_never_changes() -> void:
	var bag := _bag(3, 8, 6)
	var held := bag.draw_token()
	var fields := [held.token_id, held.player_id, held.kind, str(held)]
	var held_history := bag.get_drawn_history()
	bag.clear()
	check_equal(bag.get_drawn_history().size(), 0, "history forgotten by clear")
	for round_number in 20:
		var other := _bag(round_number, 8, 6)
		while not other.is_empty():
			check(not is_same(other.draw_token(), held), "a held token is never handed out again")
		bag.add_player_tokens(round_number % 8, 6)
		while not bag.is_empty():
			check(not is_same(bag.draw_token(), held), "nor by its own bag after clear")
		bag.clear()
	check_equal([held.token_id, held.player_id, held.kind, str(held)], fields, "held fields")
	check(is_same(held_history[0], held), "an Array of history holds the same object")


func test_a_token_outlives_its_bag() -> void:
	var bag := _bag(11, 2, 3)
	var token := bag.draw_token()
	var peeked := bag.peek_tokens(10)
	var fields := [token.token_id, token.player_id]
	var peeked_ids := peeked.map(func(t: CommandToken) -> int: return t.token_id)
	bag = null
	for round_number in 10:
		_owners(_bag(round_number, 8, 6))
	check_equal([token.token_id, token.player_id], fields, "drawn token after its bag is gone")
	check_equal(
		peeked.map(func(t: CommandToken) -> int: return t.token_id), peeked_ids, "peeked tokens"
	)


func test_loading_gives_fresh_tokens_with_the_loaded_fields() -> void:
	var bag := _bag(5, 4, 4)
	for draw in 3:
		bag.draw_token()
	var saved := bag.to_json()
	var before := bag.get_drawn_history()
	var later := bag.draw_token()
	var later_fields := [later.token_id, later.player_id]
	check_equal(bag.load_json(saved), OK, "load")
	var after := bag.get_drawn_history()
	check_equal(after.size(), 3, "the loaded history")
	for index in 3:
		check(not is_same(after[index], before[index]), "loaded token %d is a new object" % index)
		check_equal(after[index].token_id, before[index].token_id, "loaded id %d" % index)
		check_equal(after[index].player_id, before[index].player_id, "loaded owner %d" % index)
	var redrawn := bag.draw_token()
	check(not is_same(redrawn, later), "the draw after loading is a new object")
	check_equal([redrawn.token_id, redrawn.player_id], later_fields, "and the same token")
	check_equal([later.token_id, later.player_id], later_fields, "the held one is unchanged")


func test_tokens_numbered_far_apart_keep_one_object_each() -> void:
	# A bag keeps its objects by position from its lowest token id; ids thousands apart (a
	# hand-edited save) are kept another way, with the same guarantees.
	var bag := _bag(9, 2, 3)
	bag.draw_token()
	var data: Dictionary = _integers(JSON.parse_string(bag.to_json()))
	var spread := [0, 3, 70000, 4000000000, 4000000001, 5]
	data["next_token_id"] = 4000000002
	for token: Dictionary in data["tokens"] + data["drawn"]:
		token["id"] = spread[token["id"]]
	check_equal(bag.load_json(JSON.stringify(data)), OK, "load")
	var peeked := bag.peek_tokens(5)
	var drawn: Array[CommandToken] = []
	while not bag.is_empty():
		drawn.append(bag.draw_token())
	check_equal(drawn.size(), 5, "five draws")
	for index in 5:
		check(is_same(drawn[index], peeked[index]), "draw %d is the object peeked" % index)
	var ids := bag.get_drawn_history().map(func(t: CommandToken) -> int: return t.token_id)
	ids.sort()
	check_equal(ids, [0, 3, 5, 70000, 4000000000, 4000000001], "every id shown as loaded")
	for token in bag.get_drawn_history():
		check(token in bag.get_drawn_history(), "the history gives its objects again")


func test_draws_make_no_new_objects_once_spares_exist() -> void:
	for round_number in 5:
		_owners(_bag(round_number, 8, 6))
	var objects := Performance.get_monitor(Performance.OBJECT_COUNT)
	for round_number in 200:
		_owners(_bag(round_number, 8, 6))
	check_equal(
		Performance.get_monitor(Performance.OBJECT_COUNT), objects, "objects after 200 rounds"
	)


func test_free_spares_frees_the_objects_kept_for_reuse() -> void:
	CommandToken.free_spares()
	var objects := Performance.get_monitor(Performance.OBJECT_COUNT)
	var held := _bag(3, 2, 4).draw_token()
	_owners(_bag(4, 8, 6))
	var spares := CommandToken.free_spares()
	check_equal(spares, 48, "the objects of the emptied bag (the other made only the one held)")
	check_equal(
		Performance.get_monitor(Performance.OBJECT_COUNT), objects + 1, "only the held token left"
	)
	check_equal(CommandToken.free_spares(), 0, "none left to free")
	check(held.player_id in [0, 1], "the held token keeps its fields")


func test_a_game_bag_copy_hands_out_one_object_per_token() -> void:
	var rules := StarterGame.rules(42, 3)
	StarterGame.keep_all(rules)
	var owners: Array[int] = []
	for draw in 4:
		owners.append(rules.draw_next_token())
		rules.pass_activation(rules.get_active_player())
	var copy := rules.get_bag()
	var history := copy.get_drawn_history()
	check(is_same(copy.get_drawn_history()[1], history[1]), "the same copy, the same objects")
	var saved := rules.save_game()
	rules.play_rounds(2, GameRules.AUTOPLAY_PASS)
	check_equal(
		history.map(func(t: CommandToken) -> int: return t.player_id), owners, "held copy tokens"
	)
	check_equal(rules.load_game(saved), OK, "load")
	var loaded := rules.get_bag().get_drawn_history()
	check_equal(
		loaded.map(func(t: CommandToken) -> int: return t.player_id), owners, "loaded game's tokens"
	)
	rules.free()


func _bag(seed_value: int, players: int, tokens: int) -> CommandTokenBag:
	var bag := CommandTokenBag.new()
	bag.set_seed(seed_value)
	for player_id in players:
		bag.add_player_tokens(player_id, tokens)
	bag.shuffle()
	return bag


## Draws the bag empty and returns the owners in draw order.
func _owners(bag: CommandTokenBag) -> Array[int]:
	var owners: Array[int] = []
	while not bag.is_empty():
		owners.append(bag.draw_token().player_id)
	return owners


## [param value] with every whole number parsed from JSON (a float) as an int again.
func _integers(value: Variant) -> Variant:
	if value is float and value == floorf(value):
		return int(value)
	if value is Array:
		return value.map(_integers)
	if value is Dictionary:
		var result := {}
		for key: Variant in value:
			result[key] = _integers(value[key])
		return result
	return value
