extends SceneTree
## The bundled game's table, rendered for real (run by [code]cargo xtask test[/code] under
## Xvfb): an eight-seat game (a full table) with one human seat and fast bots, every hand
## [constant HAND] cards. A first game goes to its first "Round Complete!", where the Menu's
## "New game" replaces it (the old game must stop quietly: no script error in the log). In the
## second it saves two PNGs into the folder after [code]--out[/code] — the human's turn (the hand
## as cards, every action, disabled ones saying why) and the end of the game (winner, scoreboard,
## Play again) — and checks what the scene tree shows. Every seat has a long name, which must not
## push the table out of the window, nor may the scoreboard of eight players or a hand of
## [constant HAND] cards: at every offer to the human, the table fits the window and the log keeps
## [constant LOG_MIN_HEIGHT] px, its lines wrapped within its column. At round 2's first offer the
## human is eliminated: the offer is withdrawn and the bots play on. At every frame of the game it
## checks that the player panels agree with the bag display (they never show a round or a draw it
## has not shown), that the log says the round is complete while the display does and the panels
## show the round's end (the resources and victory points its last action left), that the
## scoreboard comes only once the display and the log show the end, and then that it hides none of
## the log's newest lines and marks the eliminated seat. While "Round Complete!" is shown the action
## bar no longer says a token was drawn or that the next one is drawing.
## Prints "ui check: N images, N failed"; quits with 1 on a failure.

const Main := preload("res://main.gd")
const PLAYERS := 8
## Cards in every opening hand (and the hand limit): a large hand must fit the window too.
const HAND := 15
## The least height of the log (its scrolling part) at a human's turn, in pixels.
const LOG_MIN_HEIGHT := 100.0
## The round whose first offer to the human ends with their elimination.
const ELIMINATION_ROUND := 2
## Frames the game may take to go on without an eliminated human.
const ELIMINATION_FRAMES := 300
const WATCHDOG_SECONDS := 120.0
## Least share of distinct colours among sampled pixels for a picture that is not blank.
const MIN_COLOURS := 8
## Long names, by seat: they are cut with "…" or wrapped, never widen the table.
const LONG_NAMES: Array[String] = [
	"Maximilian von Habsburg-Lothringen",
	"Bartholomew the Unrelenting Conqueror",
	"Wolfeschlegelsteinhausenbergerdorff",
	"Ōkami-san no Kōhai Desu",
	"Anastasia Konstantinovna Vasilyeva",
	"Guðmundur Sigurðsson-Þórðarson",
	"Ngozi Chukwuemeka-Adebayo Okonkwo",
	"Jean-Baptiste de la Tour d'Auvergne",
]
## The log's newest lines that the scoreboard must leave in view.
const NEWEST_LINES := 3

var _out_dir := ""
var _images := 0
var _failures := 0
var _main: Main
# The width of the table's column at the human's turn: it stays the same all game.
var _table_width := 0.0
# Problems found frame by frame, each counted once.
var _seen := {}
var _game_over_seen := false
# The offers to the human seen so far, and whether the human was eliminated.
var _offers := 0
var _eliminated := false
# Whether the game stopped at the human's elimination.
var _stuck := false


func _initialize() -> void:
	create_timer(WATCHDOG_SECONDS).timeout.connect(_on_watchdog_timeout)
	_run.call_deferred()


func _run() -> void:
	var args := OS.get_cmdline_user_args()
	var index := args.find("--out")
	_out_dir = args[index + 1] if index >= 0 and index + 1 < args.size() else "user://ui"
	DirAccess.make_dir_recursive_absolute(_out_dir)
	node_added.connect(_on_node_added)
	var first: Main = (load("res://main.tscn") as PackedScene).instantiate()
	_main = first
	root.add_child(first)
	current_scene = first
	await _new_game_at_round_complete(first)
	var main := _main
	var bar: ActionBar = main.get_node("%ActionBar")
	while bar.get_choices().is_empty():
		await process_frame
	await _capture("game_1_human_turn")
	_check_choices(main, bar)
	var flyer: Control = main.get_node("%TokenBagDisplay").get_node("%Flyer")
	if flyer.visible:
		var covered := _text_under(main, flyer.get_global_rect())
		_check(covered.is_empty(), "the drawn token covers no text: %s" % [covered])
	# The game waits for the display at every draw, so each draw is shown while it is the
	# game's latest, even after "Round Complete!" is held. The rest plays with short animations.
	var display: TokenBagDisplay = main.get_node("%TokenBagDisplay")
	_hurry(display)
	process_frame.connect(_watch_frame)
	var rules: GameRules = main.get_node("%GameRules")
	display.draw_shown.connect(_on_draw_shown.bind(display, rules))
	await _play_human_turns(main)
	if _stuck:
		_finish()
		return
	var waited := 0
	while not display.is_game_over_shown() and waited < 600:
		await process_frame
		waited += 1
	_check(display.is_game_over_shown(), "the bag display caught up with the end of the game")
	await _capture("game_2_game_over")
	await _check_game_over(main)
	_check_fits_the_window(main)
	_check_log_wraps(main)
	_check_reactions_under_their_cause(main)
	_finish()


func _finish() -> void:
	print("ui check: %d images, %d failed" % [_images, _failures])
	quit(0 if _failures == 0 else 1)


# Every table this check starts, the one "New game" loads included, gets the check's settings
# before its _ready(): eight seats with long names, one human, fast bots, large hands.
func _on_node_added(node: Node) -> void:
	if not (node is Main and node.get_parent() == root):
		return
	var main := node as Main
	main.player_count = PLAYERS
	main.human_players = 1
	main.game_seed = Main.DEFAULT_SEED
	main.get_node("Seats").child_entered_tree.connect(_name_seat)
	var manager: GameManager = main.get_node("GameManager")
	manager.draw_delay = 0.0
	manager.bot_delay = 0.0
	manager.bot_strength = 0
	var rules: GameRules = main.get_node("GameRules")
	rules.opening_hand_size = HAND
	rules.hand_limit = HAND
	_main = main


# Plays [param main]'s first round (the human passes), then presses the Menu's "New game" while
# "Round Complete!" is held, and waits for the new table.
func _new_game_at_round_complete(main: Main) -> void:
	var display: TokenBagDisplay = main.get_node("%TokenBagDisplay")
	_hurry(display)
	display.round_complete_hold = 1.0
	# A pause between draws, which the old game must not take once it is replaced.
	(main.get_node("GameManager") as GameManager).draw_delay = 0.05
	var bar: ActionBar = main.get_node("%ActionBar")
	var frames := 0
	while not display.is_round_complete_shown() and frames < 3000:
		if not bar.get_choices().is_empty():
			# The offer is laid out by the next frames.
			for frame in 2:
				await process_frame
			_check_fits_the_window(main)
			_check_log_wraps(main)
			_button(bar, "Pass").pressed.emit()
		await process_frame
		frames += 1
	_check(display.is_round_complete_shown(), "the first game reached Round Complete!")
	var rules: GameRules = main.get_node("%GameRules")
	var old_draws := [0]
	rules.token_drawn.connect(func(_player_id: int, _remaining: int) -> void: old_draws[0] += 1)
	var menu := main.get_node("%Menu") as MenuButton
	menu.get_popup().id_pressed.emit(Main.MenuItem.NEW_GAME)
	while _main == main:
		await process_frame
	# The old table's timers and awaits run out while the new one starts.
	for frame in 90:
		await process_frame
	_check(old_draws[0] == 0, "the replaced game drew %d more tokens" % old_draws[0])
	_check(not is_instance_valid(main), "New game freed the old table")
	_check(current_scene == _main, "New game put a new table in place")


# Short animations and holds.
func _hurry(display: TokenBagDisplay) -> void:
	display.draw_duration = 0.1
	display.transition_duration = 0.0
	display.round_complete_hold = 0.3


# Answers every offer to the human until the scoreboard comes: the table must fit the window at
# each; the human scouts when they can (their hand grows) and passes otherwise, and is eliminated
# at round ELIMINATION_ROUND's first offer.
func _play_human_turns(main: Main) -> void:
	var bar: ActionBar = main.get_node("%ActionBar")
	var rules: GameRules = main.get_node("%GameRules")
	while main.find_child("GameOver", true, false) == null:
		if bar.get_choices().is_empty():
			await process_frame
			continue
		_offers += 1
		_check(not _eliminated, "no choices for an eliminated player")
		# The offer is laid out by the next frames.
		for frame in 2:
			await process_frame
		_check_fits_the_window(main)
		_check_log_wraps(main)
		if rules.get_round() >= ELIMINATION_ROUND and not _eliminated:
			await _eliminate_the_human(main)
			if _stuck:
				return
			continue
		var scout := _button(bar, "Scout")
		var choice := scout if scout != null and not scout.disabled else _button(bar, "Pass")
		choice.pressed.emit()
		await process_frame
	_check(_offers > 1, "the human was offered %d turns" % _offers)
	_check(_eliminated, "the human was eliminated")


# Eliminates the human while their choices are on offer: the offer goes and the game goes on
# (else the check is stuck).
func _eliminate_the_human(main: Main) -> void:
	var bar: ActionBar = main.get_node("%ActionBar")
	var rules: GameRules = main.get_node("%GameRules")
	var draws := [0]
	var count := func(_player_id: int, _remaining: int) -> void: draws[0] += 1
	rules.token_drawn.connect(count)
	_eliminated = true
	_check(rules.eliminate_player(0) == OK, "the human can be eliminated during their turn")
	var frames := 0
	while draws[0] == 0 and rules.get_phase() != GameRules.PHASE_GAME_OVER:
		if frames == ELIMINATION_FRAMES:
			break
		await process_frame
		frames += 1
	rules.token_drawn.disconnect(count)
	_check(
		frames < ELIMINATION_FRAMES,
		"the game goes on after the human's elimination (phase %d)" % rules.get_phase()
	)
	_check(bar.get_choices().is_empty(), "the eliminated human's choices are withdrawn")
	_stuck = frames == ELIMINATION_FRAMES or not bar.get_choices().is_empty()


func _check_choices(main: Main, bar: ActionBar) -> void:
	var rules: GameRules = main.get_node("GameRules")
	var hand: Array = rules.get_player_state(0)["hand"]
	var cards := bar.get_choices().filter(
		func(b: Button) -> bool: return b.name.begins_with("Card")
	)
	_check(cards.size() == hand.size(), "a card per card in the hand: %d" % cards.size())
	for button in bar.get_choices():
		var says_why := "\n— " in button.text and button.tooltip_text != ""
		_check(not button.disabled or says_why, "'%s' is disabled and says why" % button.text)
	for wanted in ["Pass", "Scout", "Trade", "Build Monument", "Upgrade"]:
		_check(_button(bar, wanted) != null, "a choice for %s" % wanted)
	var pass_button := _button(bar, "Pass")
	_check(pass_button != null and not pass_button.disabled, "passing is always open")
	var legal := rules.legal_actions(0).size()
	var enabled := bar.get_choices().filter(func(b: Button) -> bool: return not b.disabled)
	_check(enabled.size() == legal, "%d choices enabled, %d legal" % [enabled.size(), legal])


func _name_seat(seat: Node) -> void:
	seat.set("display_name", LONG_NAMES[int(seat.get("player_id")) % LONG_NAMES.size()])


# Nothing leaves the window, the table's column keeps its width and names end in "…".
func _check_fits_the_window(main: Main) -> void:
	var window := Rect2(Vector2.ZERO, main.get_viewport_rect().size)
	var margin := main.get_node("Margin") as Control
	var needs := margin.get_combined_minimum_size()
	_check(
		needs.x <= window.size.x and needs.y <= window.size.y,
		"the table needs %s px, the window is %s" % [needs, window.size]
	)
	var display := main.get_node("%TokenBagDisplay") as Control
	var parts: Array[Control] = [
		main.get_node("%Menu"),
		main.get_node("%ActionBar"),
		main.get_node("%ActionBar/Prompt"),
		main.get_node("%Players"),
		display,
		display.get_node("%RoundLabel"),
		display.get_node("%Rows/Row0/Line/Chance"),
	]
	var scoreboard := main.find_child("GameOver", true, false) as Control
	if scoreboard != null:
		parts.append(scoreboard)
	var bar := main.get_node("%ActionBar") as ActionBar
	for wanted in ["Pass", "Trade"]:
		var button := _button(bar, wanted)
		if button != null:
			parts.append(button)
	for part: Control in parts.filter(func(c: Control) -> bool: return c.is_visible_in_tree()):
		_check(
			window.encloses(part.get_global_rect().grow(-0.5)),
			"%s in the window: %s" % [part.name, part.get_global_rect()]
		)
	var table := main.get_node("Margin/Columns/Left") as Control
	if _table_width == 0.0:
		_table_width = table.size.x
	_check(
		is_equal_approx(table.size.x, _table_width),
		"the table's column keeps its width: %d, then %d" % [_table_width, table.size.x]
	)
	for panel in main.get_node("%Players").get_children():
		var title := panel.find_child("Title", true, false) as Label
		_check(
			title.text_overrun_behavior == TextServer.OVERRUN_TRIM_ELLIPSIS,
			"a long name on %s's panel ends in …" % panel.name
		)


# The log keeps LOG_MIN_HEIGHT px, and its lines wrap within the log's column.
func _check_log_wraps(main: Main) -> void:
	var scroll := main.get_node("%Log").get_parent() as ScrollContainer
	var log_label := main.get_node("%Log") as Label
	_check(
		scroll.size.y >= LOG_MIN_HEIGHT,
		"the log is %d px high, at least %d wanted" % [scroll.size.y, LOG_MIN_HEIGHT]
	)
	_check(
		not scroll.get_h_scroll_bar().visible,
		(
			"the log needs no horizontal scrolling: %d px of lines in %d"
			% [log_label.get_combined_minimum_size().x, scroll.size.x]
		)
	)


# At a frame of the game: the panels show what the bag display shows, and the scoreboard
# only once the display and the log show the end.
func _watch_frame() -> void:
	if not is_instance_valid(_main) or not _main.is_inside_tree():
		return
	var display := _main.get_node("%TokenBagDisplay") as TokenBagDisplay
	if display.is_caught_up() or display.is_round_complete_shown():
		for panel in _main.get_node("%Players").get_children():
			var player_id := String(panel.name).trim_prefix("Panel").to_int()
			var details := (panel.find_child("Details", true, false) as Label).text
			var count := display.get_node_or_null("%%Rows/Row%d/Line/Count" % player_id) as Label
			var in_bag := details.get_slice("In the bag ", 1)
			if count != null and details.contains("In the bag ") and in_bag != count.text:
				_once(
					(
						"panel %d says in the bag %s, the bag display %s (%s)"
						% [player_id, in_bag, count.text, display.get_node("%ActiveLabel").text]
					)
				)
	if display.is_round_complete_shown():
		for panel: PanelContainer in _main.get_node("%Players").get_children():
			if (panel.get_theme_stylebox("panel") as StyleBoxFlat).border_width_top > 0:
				_once("%s is highlighted while Round Complete! is shown" % panel.name)
		var rules := _main.get_node("%GameRules") as GameRules
		var hint := (display.get_node("%HintLabel") as Label).text
		if rules.get_phase() == GameRules.PHASE_GAME_OVER and hint.contains("next bag"):
			_once("the last round's end promises another bag: %s" % hint)
		var newest := (_main.get_node("%Log") as Label).text.get_slice("\n", 0)
		if not (newest.begins_with("round ") and newest.ends_with(" complete")):
			_once("the log's newest line while Round Complete! is shown: %s" % newest)
		var prompt := (_main.get_node("%ActionBar/Prompt") as Label).text
		if prompt.contains("token was drawn") or prompt.begins_with("Drawing"):
			_once("the action bar while Round Complete! is shown: %s" % prompt)
		_check_round_end_panels(rules)
	var game_over := _main.find_child("GameOver", true, false) as Control
	if game_over != null and not _game_over_seen:
		_game_over_seen = true
		var newest := (_main.get_node("%Log") as Label).text.get_slice("\n", 0)
		_check(
			display.is_caught_up() and display.is_game_over_shown(),
			"the scoreboard waits for the bag display to show the end"
		)
		_check(newest.begins_with("game over"), "the scoreboard waits for the log: %s" % newest)


# While "Round Complete!" is held, the panels show the round's end: the victory points and the
# resources its last action left (the next round's start adds resources per round, unless the
# game is over, and leaves victory points as they are).
func _check_round_end_panels(rules: GameRules) -> void:
	var game_over := rules.get_phase() == GameRules.PHASE_GAME_OVER
	for panel in _main.get_node("%Players").get_children():
		var player_id := String(panel.name).trim_prefix("Panel").to_int()
		var state := rules.get_player_state(player_id)
		var resources: int = state["resources"]
		if not game_over:
			resources -= state["resources_per_round"]
		var details := (panel.find_child("Details", true, false) as Label).text
		var expected := ["Resources %d" % resources, "VP %d" % state["victory_points"]]
		for part: String in expected:
			if not state["eliminated"] and not details.contains(part):
				_once("panel %d at the round's end says %s, not %s" % [player_id, details, part])


# Records [param problem] as a failure the first time it is seen.
func _once(problem: String) -> void:
	if not _seen.has(problem):
		_seen[problem] = true
		_check(false, problem)


# Each reaction's line is under the action that caused it (a build, for Garrison).
func _check_reactions_under_their_cause(main: Main) -> void:
	var lines := (main.get_node("%Log") as Label).text.split("\n")
	var reactions := 0
	for index in lines.size():
		if not lines[index].strip_edges().begins_with("↳"):
			continue
		reactions += 1
		var cause := index - 1
		while cause >= 0 and lines[cause].strip_edges().begins_with("↳"):
			cause -= 1
		_check(
			cause >= 0 and " builds " in lines[cause],
			"'%s' is under '%s'" % [lines[index], lines[cause] if cause >= 0 else ""]
		)
	_check(reactions > 0, "the game had reactions to check")


func _check_game_over(main: Main) -> void:
	var panel: GameOverPanel = main.find_child("GameOver", true, false)
	var rows := panel.get_rows()
	_check(rows.size() == PLAYERS + 1, "a scoreboard row per player: %d" % rows.size())
	var title := (panel.find_child("Title", true, false) as Label).text
	_check(title.begins_with("Game over: "), "the winner is named: '%s'" % title)
	var banner := main.get_node("%TokenBagDisplay").get_node("%Banner") as Label
	var display_says := banner.text
	_check(
		title == display_says,
		"the scoreboard's '%s' agrees with the display's '%s'" % [title, display_says]
	)
	var human_row := rows.filter(
		func(row: PackedStringArray) -> bool: return row[0].contains(LONG_NAMES[0])
	)
	_check(
		human_row.size() == 1 and "(out)" in human_row[0][0],
		"the eliminated seat's row is marked: %s" % [human_row]
	)
	# Eight players: three rows whole, then the scroll; four players: every row (one was hidden).
	_check(_scoreboard_rows_shown(panel) >= 3, "the scoreboard shows three players whole")
	var four := GameOverPanel.new()
	var rules := GameRules.new()
	rules.setup([0, 1, 2, 3], {"round_limit": 1})
	rules.start_game()
	rules.play_rounds(1, GameRules.AUTOPLAY_PASS)
	root.add_child(four)
	four.show_result(rules, {}, {})
	await process_frame
	_check(_scoreboard_rows_shown(four) == 4, "a scoreboard of four players shows them all")
	four.free()
	rules.free()
	var again := panel.find_child("PlayAgain", true, false) as Button
	_check(again != null and again.is_visible_in_tree(), "Play again is offered")
	var frame := again.get_theme_stylebox("normal") as StyleBoxFlat
	_check(
		frame != null and frame.border_width_top > 0 and frame.bg_color.a == 1.0,
		"Play again has a button's frame"
	)
	var fill := (panel.get_theme_stylebox("panel") as StyleBoxFlat).bg_color
	_check(fill.a == 1.0, "the scoreboard is opaque: %s" % fill)
	var log_label := main.get_node("%Log") as Label
	var newest := log_label.get_global_rect()
	newest.size.y = log_label.get_line_height() * NEWEST_LINES
	_check(
		not panel.get_global_rect().intersects(newest),
		(
			"the scoreboard %s leaves the log's newest lines %s in view"
			% [panel.get_global_rect(), newest]
		)
	)
	var display := main.get_node("%TokenBagDisplay") as Control
	_check(
		not panel.get_global_rect().intersects(display.get_global_rect()),
		(
			"the panel leaves the bag display in view: %s, %s"
			% [panel.get_global_rect(), display.get_global_rect()]
		)
	)
	_check(
		not display.get_node("DrawEffects").is_celebrating(),
		"no burst of the last token over the winner's banner"
	)


# The labels and buttons with text under [param rect].
func _text_under(node: Node, rect: Rect2) -> PackedStringArray:
	var found := PackedStringArray()
	for child in node.get_children():
		if child is Label or child is Button:
			var control := child as Control
			var text: String = control.get("text")
			if control.is_visible_in_tree() and text != "":
				if control.get_global_rect().intersects(rect):
					found.append(text.get_slice("\n", 0))
		found.append_array(_text_under(child, rect))
	return found


func _button(bar: ActionBar, prefix: String) -> Button:
	for button in bar.get_choices():
		if button.text.begins_with(prefix):
			return button
	return null


func _capture(shot_name: String) -> void:
	for frame in 3:
		await process_frame
	await RenderingServer.frame_post_draw
	var image := root.get_texture().get_image()
	var path := _out_dir.path_join(shot_name + ".png")
	_images += 1
	_check(image.save_png(path) == OK, "%s: saved" % shot_name)
	var colours := {}
	for y in range(0, image.get_height(), 16):
		for x in range(0, image.get_width(), 16):
			colours[image.get_pixel(x, y).to_rgba32()] = true
	_check(
		colours.size() >= MIN_COLOURS, "%s: not blank (%d colours)" % [shot_name, colours.size()]
	)
	print("%s: %s" % [shot_name, path])


func _on_draw_shown(player_id: int, display: TokenBagDisplay, rules: GameRules) -> void:
	var left := rules.get_bag().get_remaining_count()
	_check(
		display.get_remaining() == left,
		(
			"player %d's draw was shown with %d tokens left, but the game was on with %d"
			% [player_id, display.get_remaining(), left]
		)
	)


# How many players' rows [param panel]'s scoreboard shows whole before it scrolls.
func _scoreboard_rows_shown(panel: GameOverPanel) -> int:
	var scroll := panel.find_children("*", "ScrollContainer", true, false)[0] as ScrollContainer
	var board := scroll.get_child(0) as GridContainer
	var shown := 0
	for first_cell in range(board.columns, board.get_child_count(), board.columns):
		var cell := board.get_child(first_cell) as Control
		if cell.position.y + cell.size.y <= scroll.size.y:
			shown += 1
	return shown


func _check(condition: bool, what: String) -> void:
	if not condition:
		_failures += 1
		print("FAIL %s" % what)


func _on_watchdog_timeout() -> void:
	print("FAIL the ui check did not finish within %d s" % WATCHDOG_SECONDS)
	quit(2)
