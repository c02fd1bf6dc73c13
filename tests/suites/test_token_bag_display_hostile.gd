extends TestSuite
## TokenBagDisplay called as a careless script or a hostile server would: timings and looks set
## to NAN, infinities, negatives and extremes; views of a real game with a hostile value put
## somewhere inside; random runs of views, catch-ups, refreshes, look changes and frames, with
## handlers that call back into the display or free it. Nothing may log a script error, a
## refused view must leave the display as it was, and a display given the game's latest view
## must show that view once it has caught up.

const FuzzValues := preload("res://fuzz/fuzz_values.gd")
const NAMES := {0: "Ada", 1: "Brin", 2: "Cato"}
const ODD_FLOATS: Array[float] = [NAN, INF, -INF, -1.0, 1e300, 0.0, 1e-300]
const ODD_INTS: Array[int] = [-9223372036854775808, -1, 0, 1, 9223372036854775807]
## Seeds of the random runs, and the steps of each.
const RUN_SEEDS: Array[int] = [1, 2, 3, 4, 5, 6]
const RUN_STEPS := 120


func test_odd_timings_still_show_the_game_as_it_is() -> void:
	for index in ODD_FLOATS.size():
		var odd := ODD_FLOATS[index]
		var rules := StarterGame.rules(40 + index, 3)
		StarterGame.keep_all(rules)
		var display := DisplayCheck.make(self, null)
		display.draw_duration = odd
		display.transition_duration = ODD_FLOATS[(index + 1) % ODD_FLOATS.size()]
		display.round_complete_hold = ODD_FLOATS[(index + 2) % ODD_FLOATS.size()]
		display.catch_up_after = ODD_INTS[index % ODD_INTS.size()]
		display.anticipation_threshold = ODD_INTS[(index + 2) % ODD_INTS.size()]
		display.rules = rules
		for step in 14:
			_play_one(rules)
			await get_tree().process_frame
		display.catch_up()
		await get_tree().process_frame
		check_equal(
			DisplayCheck.problems(display, rules), PackedStringArray(), "timings of %s" % odd
		)
		display.free()
		rules.free()


func test_odd_colours_and_looks_still_show_every_player() -> void:
	var many: Array[Color] = []
	for index in 500:
		many.append(Color(NAN, INF, -1.0, index))
	var odd: Array[Color] = [Color(NAN, NAN, NAN, NAN)]
	for colors: Array[Color] in [Array([], TYPE_COLOR, &"", null), odd, many]:
		var rules := StarterGame.rules(50, 8)
		StarterGame.keep_all(rules)
		var display := DisplayCheck.make(self, rules)
		display.player_colors = colors
		display.compact = not display.compact
		for step in 5:
			_play_one(rules)
		display.compact = not display.compact
		display.catch_up()
		await get_tree().process_frame
		check_equal(
			DisplayCheck.problems(display, rules), PackedStringArray(), "%d colours" % colors.size()
		)
		display.free()
		rules.free()


func test_a_view_with_a_hostile_value_inside_is_refused_or_shown_right() -> void:
	var rng := RandomNumberGenerator.new()
	rng.seed = 77
	var values := FuzzValues.new(rng)
	var rules := _rules(60)
	var display := DisplayCheck.make(self, null)
	_send(display, rules, NAMES)
	for attempt in 300:
		if attempt % 10 == 0:
			_play_one(rules)
			_send(display, rules, NAMES)
			display.catch_up()
		var view := rules.get_snapshot_for(0)
		var bag: Dictionary = values.taint(view["bag"])
		var before := _looks(display)
		error_log.take()
		display.show_view(view["round"], bag, NAMES)
		var errors := error_log.take()
		check(errors.size() <= 1, "one view, at most one error: %s" % [errors])
		if not errors.is_empty():
			check_equal(_looks(display), before, "a refused view changed the display")
			check("TokenBagDisplay.show_view" in errors[0], "the error names show_view")
	display.catch_up()
	_send(display, rules, NAMES)
	display.catch_up()
	await get_tree().process_frame
	check_equal(_view_problems(display, rules), PackedStringArray(), "after the hostile views")
	values.release()
	display.free()
	rules.free()


func test_hostile_names_rounds_and_winners_are_shown_or_refused() -> void:
	var rng := RandomNumberGenerator.new()
	rng.seed = 78
	var values := FuzzValues.new(rng)
	var rules := _rules(61)
	var display := DisplayCheck.make(self, null)
	for attempt in 200:
		if attempt % 8 == 0:
			_play_one(rules)
		var view := rules.get_snapshot_for(0)
		var names: Dictionary = {0: values.hostile(), values.hostile(): "x", 2: "Cato"}
		var round_number: int = view["round"]
		if rng.randf() < 0.3:
			round_number = values.pick(FuzzValues.INTS)
		var before := _looks(display)
		error_log.take()
		display.show_view(round_number, view["bag"], names, rng.randf() < 0.1, rng.randi())
		var errors := error_log.take()
		check(errors.size() <= 1, "one view, at most one error: %s" % [errors])
		if not errors.is_empty():
			check_equal(_looks(display), before, "a refused view changed the display")
		display.catch_up()
	display.refresh()
	_send(display, rules, NAMES)
	display.catch_up()
	await get_tree().process_frame
	check_equal(_view_problems(display, rules), PackedStringArray(), "after the hostile views")
	values.release()
	display.free()
	rules.free()


func test_random_runs_with_handlers_that_call_back_show_the_latest_view() -> void:
	for seed_value in RUN_SEEDS:
		await _random_run(seed_value)


# One random run: real views of a game (some skipped, some repeated, some old), catch-ups,
# refreshes, look changes and frames, with draw_shown and caught_up handlers that call back.
func _random_run(seed_value: int) -> void:
	var rng := RandomNumberGenerator.new()
	rng.seed = seed_value
	var rules := _rules(70 + seed_value)
	var display := DisplayCheck.make(self, null)
	display.draw_duration = 0.02
	display.round_complete_hold = 0.03
	var old_views: Array[Dictionary] = []
	var calls := [0]
	var call_back := func(_value: Variant = null) -> void:
		calls[0] += 1
		if calls[0] > 200:
			return
		match rng.randi_range(0, 5):
			0:
				display.catch_up()
			1:
				_send(display, rules, NAMES)
			2:
				if not old_views.is_empty():
					_show(display, old_views[rng.randi() % old_views.size()])
			3:
				display.compact = not display.compact
	display.draw_shown.connect(call_back)
	display.caught_up.connect(call_back)
	for step in RUN_STEPS:
		if rules.get_phase() == GameRules.PHASE_GAME_OVER:
			break
		calls[0] = 0
		match rng.randi_range(0, 9):
			0, 1, 2, 3:
				_play_one(rules)
				var view := _view_of(rules)
				old_views.append(view)
				if rng.randf() < 0.8:
					_show(display, view)
			4:
				display.catch_up()
			5:
				if not old_views.is_empty():
					_show(display, old_views[rng.randi() % old_views.size()])
			6:
				display.compact = not display.compact
			7:
				display.refresh()
			_:
				await get_tree().process_frame
	display.draw_shown.disconnect(call_back)
	display.caught_up.disconnect(call_back)
	_send(display, rules, NAMES)
	display.catch_up()
	await get_tree().process_frame
	check_equal(_view_problems(display, rules), PackedStringArray(), "run %d" % seed_value)
	display.free()
	rules.free()


func test_a_handler_that_frees_the_display_ends_its_work_quietly() -> void:
	for signal_name: String in ["draw_shown", "caught_up"]:
		var rules := _rules(80)
		var display := DisplayCheck.make(self, null)
		display.draw_duration = 0.02
		display.connect(signal_name, func(_value: Variant = null) -> void: display.queue_free())
		_play_one(rules)
		_play_one(rules)
		_send(display, rules, NAMES)
		await get_tree().create_timer(0.2).timeout
		check(not is_instance_valid(display), "%s: the display was freed" % signal_name)
		rules.free()


func test_a_followed_game_freed_under_the_display_leaves_it_working() -> void:
	var rules := _rules(81)
	var display := DisplayCheck.make(self, rules)
	display.draw_duration = 0.05
	_play_one(rules)
	_play_one(rules)
	rules.free()
	await get_tree().create_timer(0.2).timeout
	display.catch_up()
	display.refresh()
	await get_tree().process_frame
	display.rules = null
	var other := _rules(82)
	_send(display, other, NAMES)
	display.catch_up()
	check_equal(display.get_remaining(), 12, "a view after the freed rules")
	display.free()
	other.free()


# Draws a token if the bag waits for a draw, else the active player's bot acts.
func _play_one(rules: GameRules) -> void:
	if rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
		rules.draw_next_token()
	elif rules.get_phase() == GameRules.PHASE_ACTIVATION:
		rules.bot_decide(rules.get_active_player())


func _rules(seed_value: int) -> GameRules:
	var rules := StarterGame.rules(seed_value, 3)
	StarterGame.keep_all(rules)
	return rules


func _view_of(rules: GameRules) -> Dictionary:
	var view := rules.get_snapshot_for(0)
	var winner: Variant = view["phase"].get("winner")
	return {
		"round": view["round"],
		"bag": view["bag"],
		"over": view["phase"]["phase"] == "game_over",
		"winner": -1 if winner == null else winner,
	}


func _show(display: TokenBagDisplay, view: Dictionary) -> void:
	display.show_view(view["round"], view["bag"], NAMES, view["over"], view["winner"])


func _send(display: TokenBagDisplay, rules: GameRules, names: Dictionary) -> void:
	var view := _view_of(rules)
	display.show_view(view["round"], view["bag"], names, view["over"], view["winner"])


# What the display shows differently from the rules' bag, unless the game is over (the end is
# shown as it is).
func _view_problems(display: TokenBagDisplay, rules: GameRules) -> PackedStringArray:
	if rules.get_phase() == GameRules.PHASE_GAME_OVER:
		return PackedStringArray() if display.is_game_over_shown() else ["no game over shown"]
	return DisplayCheck.problems(display, rules)


# Everything the display shows in text, and its state as its getters tell it.
func _looks(display: TokenBagDisplay) -> Array:
	var texts: Array = [
		display.get_remaining(),
		display.get_active_player(),
		display.is_round_complete_shown(),
		display.is_game_over_shown(),
		display.is_caught_up(),
	]
	var nodes: Array[Node] = [display]
	while not nodes.is_empty():
		var node: Node = nodes.pop_back()
		if node is Label:
			texts.append([str(node.get_path()), (node as Label).text, (node as Label).visible])
		nodes.append_array(node.get_children())
	return texts
