extends TestSuite
## TokenBagDisplay called as a careless script or a hostile server would: timings and looks set
## to NAN, infinities, negatives and extremes (a timing or count it cannot use is refused with an
## error and the old one kept); views of a real game with a hostile value put somewhere inside;
## random runs of views, catch-ups, refreshes, look changes and frames, with handlers that call
## back into the display or free it; a new game on the same rules; every call before the display
## is in the tree; players set up by id alone (no name); a player who drew their last token under
## the mercy rule (a dash, not "waits"). Nothing else may log an error,
## a refused view must leave the display as it was, and a display given the game's latest view
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
		_set_odd(display, "draw_duration", odd)
		_set_odd(display, "transition_duration", ODD_FLOATS[(index + 1) % ODD_FLOATS.size()])
		_set_odd(display, "round_complete_hold", ODD_FLOATS[(index + 2) % ODD_FLOATS.size()])
		_set_odd(display, "catch_up_after", ODD_INTS[index % ODD_INTS.size()])
		_set_odd(display, "anticipation_threshold", ODD_INTS[(index + 2) % ODD_INTS.size()])
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


func test_a_negative_or_non_finite_setting_is_refused_and_the_old_one_kept() -> void:
	var display := DisplayCheck.make(self, null, 1.5)
	for property: String in ["draw_duration", "transition_duration", "round_complete_hold"]:
		var kept: float = display.get(property)
		for odd in ODD_FLOATS:
			_set_odd(display, property, odd)
			var expected := odd if is_finite(odd) and odd >= 0.0 else kept
			check_equal(display.get(property), expected, "%s set to %s" % [property, odd])
			display.set(property, kept)
	for property: String in ["catch_up_after", "anticipation_threshold"]:
		var kept: int = display.get(property)
		for odd in ODD_INTS:
			_set_odd(display, property, odd)
			check_equal(
				display.get(property), odd if odd >= 1 else kept, "%s = %d" % [property, odd]
			)
			display.set(property, kept)
	display.free()


func test_a_nan_or_infinite_flight_or_hold_never_freezes_the_end_of_a_game() -> void:
	for property: String in ["draw_duration", "transition_duration", "round_complete_hold"]:
		for odd: float in [NAN, INF]:
			var rules := StarterGame.rules(90, 3, {"round_limit": 2})
			var display := DisplayCheck.make(self, rules)
			_set_odd(display, property, odd)
			check_equal(StarterGame.play_bots(rules), OK, "the bots play")
			var what := "%s set to %s" % [property, odd]
			await wait_until(
				func() -> bool: return display.is_caught_up() and display.is_game_over_shown(),
				"%s: the end of the game shown" % what,
				1000
			)
			check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), what)
			display.free()
			rules.free()


func test_a_backlog_cuts_a_long_flight_or_hold_short() -> void:
	# A flight or hold of 1000 s: more than catch_up_after changes waiting end it and show them.
	for property: String in ["draw_duration", "round_complete_hold"]:
		var rules := StarterGame.rules(91, 3, {"round_limit": 3})
		StarterGame.keep_all(rules)
		var display := DisplayCheck.make(self, rules)
		display.set(property, 1000.0)
		var shown := [0]
		display.draw_shown.connect(func(_player_id: int) -> void: shown[0] += 1)
		var drawn := [0]
		rules.token_drawn.connect(func(_player_id: int, _left: int) -> void: drawn[0] += 1)
		if property == "round_complete_hold":
			while rules.get_round() == 1:
				_play_one(rules)
			check(display.is_round_complete_shown(), "round 1's end is held")
			shown[0] = 0
			drawn[0] = 0
		var first_round := rules.get_round()
		while drawn[0] < 2 * display.catch_up_after and rules.get_round() == first_round:
			_play_one(rules)
		check_equal(drawn[0], 2 * display.catch_up_after, "%s: draws in one round" % property)
		check(
			drawn[0] - shown[0] <= display.catch_up_after + 1,
			"%s: %d of %d draws shown" % [property, shown[0], drawn[0]]
		)
		if property == "round_complete_hold":
			check(not display.is_round_complete_shown(), "the hold was cut short")
			check_equal((display.get_node("%RoundLabel") as Label).text, "Round 2", "round 2")
		display.free()
		rules.free()


func test_a_new_game_on_the_same_rules_is_shown_as_a_new_game() -> void:
	# Whatever is left on screen of the old game: its end; its last hold, the end waiting; a token
	# in flight in a game left unfinished.
	for old: String in ["over", "held", "in flight"]:
		var rules := StarterGame.rules(92, 3, {"round_limit": 2})
		var display := DisplayCheck.make(self, rules, 1000.0 if old == "held" else 0.0)
		if old == "in flight":
			display.draw_duration = 1000.0
			StarterGame.keep_all(rules)
			_play_one(rules)
		else:
			check_equal(StarterGame.play_bots(rules), OK, "the bots play the old game")
		check_equal(display.is_game_over_shown(), old == "over", "%s: the old game's end" % old)
		check(display.is_caught_up() == (old == "over"), "%s: the old game's animation" % old)
		var config := StarterGame.config({"round_limit": 2})
		check_equal(rules.setup(StarterGame.players(2), config), OK, "a new game set up")
		StarterGame.keep_all(rules)
		await get_tree().create_timer(0.2).timeout
		check(not display.is_game_over_shown(), "%s: no game-over banner" % old)
		check(not display.is_round_complete_shown(), "%s: no Round Complete!" % old)
		check(not (display.get_node("%Flyer") as Control).visible, "%s: no token in flight" % old)
		check(display.is_caught_up(), "%s: caught up" % old)
		var round_label: Label = display.get_node("%RoundLabel")
		check_equal(round_label.text, "Round 1", "%s: round 1 shown" % old)
		var active_label: Label = display.get_node("%ActiveLabel")
		check_equal(active_label.text, "Waiting for the first draw", "%s: the status" % old)
		check_equal(display.get_node("%Rows").get_child_count(), 2, "%s: a row per player" % old)
		check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), old)
		for step in 4:
			_play_one(rules)
		display.catch_up()
		check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), old + ", drawn")
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
		_show_refused_or_right(display, [view["round"], bag, NAMES])
	display.catch_up()
	await _check_the_next_view(display, rules, values)


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
		var over := rng.randf() < 0.1
		_show_refused_or_right(display, [round_number, view["bag"], names, over, rng.randi()])
		display.catch_up()
	display.refresh()
	await _check_the_next_view(display, rules, values)


func test_random_runs_with_handlers_that_call_back_show_the_latest_view() -> void:
	for seed_value in RUN_SEEDS:
		await _random_run(seed_value)


func test_a_refresh_from_a_handler_forgets_the_view_being_shown() -> void:
	# refresh() "forgets the views show_view was given": called from draw_shown while a view of
	# five draws was being shown, the view's other draws were still shown after it.
	var rules := _rules(83)
	for step in 10:
		_play_one(rules)
	var display := DisplayCheck.make(self, null)
	var refreshed := [0]
	display.draw_shown.connect(
		func(_player_id: int) -> void:
			refreshed[0] += 1
			if refreshed[0] == 1:
				display.refresh()
	)
	_send(display, rules, NAMES)
	check_equal(refreshed[0], 1, "no draw shown after the refresh")
	check_equal(display.get_remaining(), 0, "the display shows no bag, as a refreshed one does")
	check(display.is_caught_up(), "nothing waits")
	_send(display, rules, NAMES)
	display.catch_up()
	check_equal(_view_problems(display, rules), PackedStringArray(), "the next view is shown")
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


func test_a_display_told_of_a_game_before_it_is_in_the_tree_shows_it_once_it_is() -> void:
	# Given its rules, a bare bag or views before it entered the tree, the display took the
	# game's start, draws and views at once: script errors on its parts, not there yet.
	var scene := load(DisplayCheck.SCENE) as PackedScene
	var rules := StarterGame.rules(5, 3, {"round_limit": 2})
	var followed: TokenBagDisplay = scene.instantiate()
	followed.rules = rules
	rules.start_game()
	StarterGame.keep_all(rules)
	rules.pass_activation(rules.draw_next_token())
	var bag := CommandTokenBag.new()
	var bare: TokenBagDisplay = scene.instantiate()
	bare.token_bag = bag
	bag.add_player_tokens(1, 3)
	bag.draw_token()
	var viewer: TokenBagDisplay = scene.instantiate()
	_send(viewer, rules, NAMES)
	for display: TokenBagDisplay in [followed, bare]:
		display.refresh()
	check(not viewer.is_caught_up(), "a view waits for the display to be ready")
	for display: TokenBagDisplay in [followed, bare, viewer]:
		add_child(display)
		display.catch_up()
	await get_tree().process_frame
	check_equal(DisplayCheck.problems(followed, rules), PackedStringArray(), "the rules' display")
	check_equal(DisplayCheck.bag_problems(bare, bag), PackedStringArray(), "the bare bag's")
	check_equal(_view_problems(viewer, rules), PackedStringArray(), "the view's")
	for display: TokenBagDisplay in [followed, bare, viewer]:
		display.free()
	rules.free()


func test_every_call_before_the_tree_answers_without_an_error() -> void:
	# Before it entered the tree, is_round_complete_shown(), is_game_over_shown() and catch_up()
	# (a view waiting, as an online client whose player must act calls it) stopped on a script
	# error: the display's parts were not there yet. The scene and the bare script alike.
	var scene := load(DisplayCheck.SCENE) as PackedScene
	var rules := StarterGame.rules(5, 3, {"round_limit": 2})
	StarterGame.keep_all(rules)
	rules.pass_activation(rules.draw_next_token())
	var displays: Array[TokenBagDisplay] = [scene.instantiate(), TokenBagDisplay.new()]
	for display in displays:
		_send(display, rules, NAMES)
		check(not display.is_round_complete_shown(), "no round end shown yet")
		check(not display.is_game_over_shown(), "no game over shown yet")
		check_equal(display.get_active_player(), -1, "no token shown yet")
		display.catch_up()
		check(not display.is_caught_up(), "the view waits for the tree")
		display.compact = true
		display.player_colors = [Color.RED, Color.BLUE]
		add_child(display)
		display.catch_up()
		await get_tree().process_frame
		check_equal(_view_problems(display, rules), PackedStringArray(), "the view in the tree")
		display.free()
	rules.free()


func test_a_player_whose_last_token_was_drawn_shows_a_dash_under_the_mercy_rule() -> void:
	# max_streak 1: a player who drew their last token while others still had some was named
	# as passed over (get_capped_player()), and their empty row said "waits", not a dash.
	var rules := StarterGame.rules(1, 3, {"max_streak": 1, "round_limit": 1})
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	var emptied := 0
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		var player_id := rules.draw_next_token()
		var bag := rules.get_bag()
		if bag.get_player_remaining_count(player_id) == 0 and bag.get_remaining_count() > 0:
			emptied += 1
			var chance: Label = display.get_node("%%Rows/Row%d/Line/Chance" % player_id)
			check_equal(chance.text, "–", "the empty row of player %d" % player_id)
			check_equal(rules.get_capped_player(), GameRules.NO_PLAYER, "nobody passed over")
		for other in rules.get_player_ids():
			var label: Label = display.get_node("%%Rows/Row%d/Line/Chance" % other)
			var waits := label.text == TokenBagDisplay.CAPPED_TEXT
			check_equal(waits, other == rules.get_capped_player(), "player %d waits" % other)
		rules.pass_activation(player_id)
	check(emptied > 0, "a player drew their last token while others had some")
	display.free()
	rules.free()


func test_players_set_up_by_id_alone_are_shown_as_player_n() -> void:
	# setup([0, 1]) gives players an empty name: the display said "'s token!" and
	# "Game over:  wins!".
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = 2
	check_equal(rules.setup([0, 1], StarterGame.config({"round_limit": 1})), OK, "setup")
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	var player_id := rules.draw_next_token()
	var active_label: Label = display.get_node("%ActiveLabel")
	check_equal(active_label.text, "Player %d's token!" % player_id, "the token line")
	var name_label: Label = display.get_node("%%Rows/Row%d/Line/Name" % player_id)
	check_equal(name_label.text, "Player %d" % player_id, "the row")
	StarterGame.play_bots(rules)
	await wait_until(display.is_caught_up, "the end shown")
	var banner: Label = display.get_node("%Banner")
	check(
		banner.text.begins_with("Game over: Player ") or banner.text.contains("draw"), banner.text
	)
	display.free()
	rules.free()


func test_a_view_of_players_with_no_name_shows_them_as_player_n() -> void:
	# A snapshot of players set up by id alone names them "": a client's display showed
	# "'s token!" and rows with no name.
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = 2
	rules.setup([0, {"id": 1}, {"id": 2, "name": ""}], StarterGame.config({"round_limit": 1}))
	StarterGame.keep_all(rules)
	var player_id := rules.draw_next_token()
	var names := {}
	for player: Dictionary in rules.get_snapshot_for(GameRules.SPECTATOR)["players"]:
		names[player["id"]] = player["name"]
	var display := DisplayCheck.make(self, null)
	display.show_view(rules.get_round(), rules.get_snapshot_for(GameRules.SPECTATOR)["bag"], names)
	display.catch_up()
	var active_label: Label = display.get_node("%ActiveLabel")
	check_equal(active_label.text, "Player %d's token!" % player_id, "the token line")
	var name_label: Label = display.get_node("%%Rows/Row%d/Line/Name" % player_id)
	check_equal(name_label.text, "Player %d" % player_id, "the row")
	display.free()
	rules.free()


func test_views_before_the_tree_are_checked_at_once_and_forgotten_by_refresh() -> void:
	# Before it entered the tree, a malformed view was taken (is_caught_up() false, its error
	# only once the display was ready), and refresh() forgot nothing: a finished game's view
	# shown before a new game's left "Game over" standing over the new game.
	var scene := load(DisplayCheck.SCENE) as PackedScene
	var display: TokenBagDisplay = scene.instantiate()
	expect_error(func() -> void: display.show_view(1, {"remaining": "x"}, {}), "show_view")
	check(display.is_caught_up(), "a refused view does not wait")
	var finished := StarterGame.rules(85, 3, {"round_limit": 1})
	StarterGame.play_bots(finished)
	_send(display, finished, NAMES)
	display.refresh()
	var fresh := _rules(86)
	_send(display, fresh, NAMES)
	add_child(display)
	display.catch_up()
	await get_tree().process_frame
	check(not display.is_game_over_shown(), "the finished game's end is forgotten")
	check_equal(_view_problems(display, fresh), PackedStringArray(), "the new game's view")
	display.free()
	finished.free()
	fresh.free()


# Shows a view of [param args] (show_view's arguments): refused with at most one error, which
# names show_view and leaves the display as it was, or shown.
func _show_refused_or_right(display: TokenBagDisplay, args: Array) -> void:
	var before := _looks(display)
	error_log.take()
	display.show_view.callv(args)
	var errors := error_log.take()
	check(errors.size() <= 1, "one view, at most one error: %s" % [errors])
	if not errors.is_empty():
		check_equal(_looks(display), before, "a refused view changed the display")
		check("TokenBagDisplay.show_view" in errors[0], "the error names show_view")


# After the hostile views: the game's next view is shown right; then frees what the test made.
func _check_the_next_view(display: TokenBagDisplay, rules: GameRules, values: FuzzValues) -> void:
	_send(display, rules, NAMES)
	display.catch_up()
	await get_tree().process_frame
	check_equal(_view_problems(display, rules), PackedStringArray(), "after the hostile views")
	values.release()
	display.free()
	rules.free()


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


# Draws a token if the bag waits for a draw, else the active player's bot acts.
func _play_one(rules: GameRules) -> void:
	if rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
		rules.draw_next_token()
	elif rules.get_phase() == GameRules.PHASE_ACTIVATION:
		rules.bot_decide(rules.get_active_player())


# Sets [param property] of [param display] to [param value], expecting the error that refuses a
# timing that is negative or not finite, or a count under 1.
func _set_odd(display: TokenBagDisplay, property: String, value: Variant) -> void:
	var refused: bool = (not is_finite(value) or value < 0.0) if value is float else value < 1
	if refused:
		var fragment := "TokenBagDisplay.%s: %s" % [property, value]
		expect_error(display.set.bind(property, value), fragment)
	else:
		display.set(property, value)


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
