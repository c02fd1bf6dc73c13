extends SceneTree
## The visual check of [TokenBagDisplay], run by [code]cargo xtask test[/code] in the real engine
## with a real renderer (under Xvfb): for 2 and 8 players it plays a seeded round, saves a PNG of
## the window at round start, mid-round, last token and round complete into the folder after
## [code]--out[/code], and checks the pictures and the labels' text.
##
## A picture must not be blank (its pixels vary) and must differ from the one before it. Prints a
## line per check and closes with "visual check: N images, N failed"; quits with 1 on a failure.

const DISPLAY_SCENE := "res://addons/horizons_edge/token_bag_display/token_bag_display.tscn"
const NAMES: Array[String] = ["Ada", "Brin", "Cato", "Dara", "Eske", "Fenn", "Gale", "Hale"]
const WATCHDOG_SECONDS := 90.0
## Least standard deviation of the luminance of a picture that is not blank.
const MIN_DEVIATION := 0.03
## Least share of sampled pixels that must change between two states.
const MIN_CHANGED := 0.001
const SAMPLE_STEP := 4
## The least contrast measured on screen between a label's text pixels and its background:
## WCAG 2 AA, 4.5 for text and 3 for large text (24 px and up).
const MIN_TEXT_CONTRAST := 4.5
const MIN_LARGE_TEXT_CONTRAST := 3.0
const LARGE_TEXT_PX := 24
## Channel steps of the colour histogram that finds a label's background.
const HISTOGRAM_STEPS := 32.0
const Contrast := preload("res://addons/horizons_edge/token_bag_display/contrast.gd")

var _out_dir := ""
var _images := 0
var _failures := 0
var _previous: Image


func _initialize() -> void:
	create_timer(WATCHDOG_SECONDS).timeout.connect(_on_watchdog_timeout)
	_run.call_deferred()


func _run() -> void:
	var args := OS.get_cmdline_user_args()
	var index := args.find("--out")
	_out_dir = args[index + 1] if index >= 0 and index + 1 < args.size() else "user://screenshots"
	DirAccess.make_dir_recursive_absolute(_out_dir)
	for player_count in [2, 8]:
		await _play_round(player_count)
		await _play_game(player_count)
	print("visual check: %d images, %d failed" % [_images, _failures])
	quit(0 if _failures == 0 else 1)


func _play_round(player_count: int) -> void:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = 40 + player_count
	root.add_child(rules)
	var display: TokenBagDisplay = (load(DISPLAY_SCENE) as PackedScene).instantiate()
	display.draw_duration = 0.0
	display.transition_duration = 0.0
	display.round_complete_hold = 60.0
	root.add_child(display)
	display.set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
	display.rules = rules
	var players := StarterGame.players(player_count, PackedStringArray(NAMES))
	_check(rules.setup(players, StarterGame.config()) == OK, "setup of %d players" % player_count)
	StarterGame.keep_all(rules)
	_previous = null
	var prefix := "%dp" % player_count
	var total := rules.get_bag().get_remaining_count()
	await _capture("%s_1_round_start" % prefix)
	_check_labels(display, rules, "round start")
	_check_label(display, "%ActiveLabel", "Waiting for the first draw", "round start")
	var active := -1
	while rules.get_bag().get_remaining_count() > total / 2.0:
		active = _step(rules)
	await _capture("%s_2_mid_round" % prefix)
	_check_labels(display, rules, "mid-round")
	_check_label(display, "%ActiveLabel", "%s's token!" % NAMES[active], "mid-round")
	await _capture_flight(display, rules, "%s_3_draw_in_flight" % prefix)
	while rules.get_bag().get_remaining_count() > 1:
		_step(rules)
	await _capture("%s_4_last_token" % prefix)
	_check_labels(display, rules, "last token")
	_check_label(display, "%HintLabel", "Last token in the bag!", "last token")
	_step(rules)
	await _capture("%s_5_round_complete" % prefix)
	_check(display.is_round_complete_shown(), "round complete: the banner is shown")
	_check_label(display, "%Banner", TokenBagDisplay.ROUND_COMPLETE_TEXT, "round complete")
	_check_label(display, "%RemainingLabel", "0", "round complete")
	_check_label(display, "%RoundLabel", "Round 1", "round complete")
	display.free()
	rules.free()


# A whole game in seat order (2 players) or initiative order (8): the round change while
# "Round Complete!" is held and the next round's first draws wait their turn, the next round in
# its order, and the end.
func _play_game(player_count: int) -> void:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = 60 + player_count
	rules.activation_order = (
		GameRules.ORDER_SEATS if player_count == 2 else GameRules.ORDER_INITIATIVE
	)
	root.add_child(rules)
	var display: TokenBagDisplay = (load(DISPLAY_SCENE) as PackedScene).instantiate()
	display.draw_duration = 0.0
	display.transition_duration = 0.0
	display.round_complete_hold = 0.5
	root.add_child(display)
	display.set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
	display.rules = rules
	var players := StarterGame.players(player_count, PackedStringArray(NAMES))
	var config := StarterGame.config({"round_limit": 3})
	_check(rules.setup(players, config) == OK, "setup of a %d-player game" % player_count)
	StarterGame.keep_all(rules)
	var prefix := "%dp" % player_count
	_previous = null
	while rules.get_round() == 1:
		_step(rules)
	_step(rules)
	_step(rules)
	await _capture("%s_6_round_change" % prefix)
	_check(display.is_round_complete_shown(), "round change: Round Complete! is held")
	_check_label(display, "%RoundLabel", "Round 1", "round change")
	_check_label(display, "%RemainingLabel", "0", "round change")
	await create_timer(0.7).timeout
	await _capture("%s_7_next_round" % prefix)
	_check_labels(display, rules, "next round")
	_check_label(display, "%RoundLabel", "Round 2", "next round")
	var hint := (display.get_node("%HintLabel") as Label).text
	_check(hint.begins_with("Next: "), "next round: the order is shown, not odds: '%s'" % hint)
	display.round_complete_hold = 0.0
	_check(StarterGame.play_bots(rules) == OK, "the bots finish the game")
	await _capture("%s_8_game_over" % prefix)
	_check(display.is_game_over_shown(), "game over: the banner is shown")
	var winner := rules.get_winner()
	var expected := "Game over: a draw"
	if winner != GameRules.NO_PLAYER:
		expected = "Game over: %s wins!" % NAMES[winner]
	_check_label(display, "%Banner", expected, "game over")
	display.free()
	rules.free()


## Draws a token and its owner passes (the display only cares about draws); returns the owner.
func _step(rules: GameRules) -> int:
	var player_id := rules.draw_next_token()
	rules.pass_activation(player_id)
	return player_id


# One draw with the animation on, captured while the token is on its way to its owner's row.
func _capture_flight(display: TokenBagDisplay, rules: GameRules, shot_name: String) -> void:
	display.draw_duration = 0.6
	var player_id := _step(rules)
	await create_timer(0.25).timeout
	var flyer: Control = display.get_node("%Flyer")
	var bag: Control = display.get_node("%Bag")
	var row: Control = display.get_node("%%Rows/Row%d" % player_id)
	var y := flyer.get_global_rect().get_center().y
	_check(flyer.visible, "%s: the token is in flight" % shot_name)
	_check(
		y > bag.get_global_rect().get_center().y and y < row.get_global_rect().get_center().y,
		"%s: the token is between the bag and row %d (y %.0f)" % [shot_name, player_id, y]
	)
	var covered := _labels_under(display, flyer.get_global_rect())
	_check(covered.is_empty(), "%s: the token covers no text: %s" % [shot_name, covered])
	await _capture(shot_name)
	await display.draw_shown
	_check(not flyer.visible, "%s: the token landed" % shot_name)
	display.draw_duration = 0.0


# The labels with text that [param rect] overlaps.
func _labels_under(node: Node, rect: Rect2) -> PackedStringArray:
	var found := PackedStringArray()
	for child in node.get_children():
		var label := child as Label
		if label != null and label.is_visible_in_tree() and label.text != "":
			if label.get_global_rect().intersects(rect):
				found.append("%s|%s '%s'" % [root.get_path_to(label), label.name, label.text])
		found.append_array(_labels_under(child, rect))
	return found


func _capture(shot_name: String) -> void:
	var started := Time.get_ticks_msec()
	for frame in 2:
		await process_frame
	await RenderingServer.frame_post_draw
	var image := root.get_texture().get_image()
	var path := _out_dir.path_join(shot_name + ".png")
	_images += 1
	_check(image.save_png(path) == OK, "%s: saved" % shot_name)
	_check(
		image.get_size() == Vector2i(1280, 720),
		"%s: 1280x720, got %s" % [shot_name, image.get_size()]
	)
	var deviation := _deviation(image)
	_check(deviation >= MIN_DEVIATION, "%s: not blank (deviation %.3f)" % [shot_name, deviation])
	if _previous != null:
		var changed := _changed_share(_previous, image)
		_check(
			changed >= MIN_CHANGED,
			"%s: differs from the state before (%.4f)" % [shot_name, changed]
		)
	_previous = image
	_check_text_contrast(image, shot_name)
	print("%s: %d ms, %s" % [shot_name, Time.get_ticks_msec() - started, path])


# Every visible label's text, as drawn in [param image], against what is drawn behind it.
func _check_text_contrast(image: Image, shot_name: String) -> void:
	var least := INF
	var least_label := ""
	for label in _labels_under(root, Rect2(Vector2.ZERO, Vector2(image.get_size()))):
		var node := root.get_node(label.get_slice("|", 0)) as Label
		var measured := _text_contrast(image, Rect2i(node.get_global_rect()))
		if measured < 0.0:
			continue
		var large := node.get_theme_font_size("font_size") >= LARGE_TEXT_PX
		var needed := MIN_LARGE_TEXT_CONTRAST if large else MIN_TEXT_CONTRAST
		_check(
			measured >= needed,
			(
				"%s: %s reads at a contrast of %.2f on screen, under %.1f"
				% [shot_name, label.get_slice("|", 1), measured, needed]
			)
		)
		if measured < least:
			least = measured
			least_label = label.get_slice("|", 1)
	print("%s: least text contrast on screen %.2f (%s)" % [shot_name, least, least_label])


# The contrast between the background of [param rect] in [param image] (its most common colour)
# and the pixel that stands out most from it (the core of a glyph); -1 if nothing stands out.
func _text_contrast(image: Image, rect: Rect2i) -> float:
	rect = rect.intersection(Rect2i(Vector2i.ZERO, image.get_size()))
	if rect.size.x < 2 or rect.size.y < 2:
		return -1.0
	var counts := {}
	for y in range(rect.position.y, rect.end.y):
		for x in range(rect.position.x, rect.end.x):
			var pixel := image.get_pixel(x, y)
			var key := Vector3i(Vector3(pixel.r, pixel.g, pixel.b) * HISTOGRAM_STEPS)
			counts[key] = counts.get(key, 0) + 1
	var mode: Vector3i = counts.keys()[counts.values().find(counts.values().max())]
	var background := Color(
		(mode.x + 0.5) / HISTOGRAM_STEPS,
		(mode.y + 0.5) / HISTOGRAM_STEPS,
		(mode.z + 0.5) / HISTOGRAM_STEPS
	)
	var most := 1.0
	for y in range(rect.position.y, rect.end.y):
		for x in range(rect.position.x, rect.end.x):
			most = maxf(most, Contrast.ratio(image.get_pixel(x, y), background))
	return most if most > 1.5 else -1.0


# Every row and the bag count against the rules' bag (which matches the display mid-round).
func _check_labels(display: TokenBagDisplay, rules: GameRules, moment: String) -> void:
	var bag := rules.get_bag()
	_check_label(display, "%RemainingLabel", str(bag.get_remaining_count()), moment)
	_check(not display.is_round_complete_shown(), "%s: no banner" % moment)
	for player_id in rules.get_player_ids():
		var row := "%%Rows/Row%d/Line/" % player_id
		var counts := (
			"%d / %d"
			% [
				bag.get_player_remaining_count(player_id),
				bag.get_player_contributed_count(player_id)
			]
		)
		_check_label(display, row + "Count", counts, moment)
		_check_label(display, row + "Name", NAMES[player_id], moment)
	var upcoming := rules.get_upcoming_players(bag.get_remaining_count())
	var problems := ChanceColumn.problems(display, bag, upcoming)
	_check(problems.is_empty(), "%s: the chance column: %s" % [moment, problems])


func _check_label(display: TokenBagDisplay, path: String, expected: String, moment: String) -> void:
	var label := display.get_node_or_null(path) as Label
	if label == null:
		_check(false, "%s: no label %s" % [moment, path])
		return
	_check(
		label.text == expected,
		"%s: %s is '%s', expected '%s'" % [moment, path, label.text, expected]
	)


func _check(condition: bool, what: String) -> void:
	if not condition:
		_failures += 1
		print("FAIL %s" % what)


func _deviation(image: Image) -> float:
	var total := 0.0
	var squares := 0.0
	var count := 0
	for y in range(0, image.get_height(), SAMPLE_STEP):
		for x in range(0, image.get_width(), SAMPLE_STEP):
			var value := image.get_pixel(x, y).get_luminance()
			total += value
			squares += value * value
			count += 1
	var mean := total / count
	return sqrt(maxf(0.0, squares / count - mean * mean))


func _changed_share(before: Image, after: Image) -> float:
	if before.get_size() != after.get_size():
		return 1.0
	var changed := 0
	var count := 0
	for y in range(0, after.get_height(), SAMPLE_STEP):
		for x in range(0, after.get_width(), SAMPLE_STEP):
			count += 1
			if not before.get_pixel(x, y).is_equal_approx(after.get_pixel(x, y)):
				changed += 1
	return float(changed) / count


func _on_watchdog_timeout() -> void:
	print("FAIL watchdog: the visual check did not finish within %d s" % WATCHDOG_SECONDS)
	print("visual check: %d images, %d failed" % [_images, _failures + 1])
	quit(3)
