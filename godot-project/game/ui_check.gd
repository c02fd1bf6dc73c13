extends SceneTree
## The bundled game's table, rendered for real (run by [code]cargo xtask test[/code] under
## Xvfb): a four-seat game with one human seat and fast bots. It saves two PNGs into the folder
## after [code]--out[/code] — the human's turn (the hand as cards, every action, disabled ones
## saying why) and the end of the game (winner, scoreboard, Play again) — and checks what the
## scene tree shows. Prints "ui check: N images, N failed"; quits with 1 on a failure.

const Main := preload("res://main.gd")
const PLAYERS := 4
const WATCHDOG_SECONDS := 90.0
## Least share of distinct colours among sampled pixels for a picture that is not blank.
const MIN_COLOURS := 8

var _out_dir := ""
var _images := 0
var _failures := 0


func _initialize() -> void:
	create_timer(WATCHDOG_SECONDS).timeout.connect(_on_watchdog_timeout)
	_run.call_deferred()


func _run() -> void:
	var args := OS.get_cmdline_user_args()
	var index := args.find("--out")
	_out_dir = args[index + 1] if index >= 0 and index + 1 < args.size() else "user://ui"
	DirAccess.make_dir_recursive_absolute(_out_dir)
	var main: Main = (load("res://main.tscn") as PackedScene).instantiate()
	main.player_count = PLAYERS
	main.human_players = 1
	var manager: GameManager = main.get_node("GameManager")
	manager.draw_delay = 0.0
	manager.bot_delay = 0.0
	manager.bot_strength = 0
	root.add_child(main)
	var bar: ActionBar = main.get_node("%ActionBar")
	while bar.get_choices().is_empty():
		await process_frame
	await _capture("game_1_human_turn")
	_check_choices(main, bar)
	var flyer: Control = main.get_node("%TokenBagDisplay").get_node("%Flyer")
	if flyer.visible:
		var covered := _text_under(main, flyer.get_global_rect())
		_check(covered.is_empty(), "the drawn token covers no text: %s" % [covered])
	(main.get_node("Seats/Seat0") as PlayerSeat).is_bot = true
	# The game waits for the display at every draw, so each draw is shown while it is the
	# game's latest, even after "Round Complete!" is held. The rest plays with short animations.
	var display: TokenBagDisplay = main.get_node("%TokenBagDisplay")
	display.draw_duration = 0.0
	display.transition_duration = 0.0
	display.round_complete_hold = 0.3
	var rules: GameRules = main.get_node("%GameRules")
	display.draw_shown.connect(_on_draw_shown.bind(display, rules))
	_button(bar, "Pass").pressed.emit()
	while main.get_node_or_null("GameOver") == null:
		await process_frame
	var waited := 0
	while not display.is_game_over_shown() and waited < 600:
		await process_frame
		waited += 1
	_check(display.is_game_over_shown(), "the bag display caught up with the end of the game")
	await _capture("game_2_game_over")
	_check_game_over(main)
	print("ui check: %d images, %d failed" % [_images, _failures])
	quit(0 if _failures == 0 else 1)


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


func _check_game_over(main: Main) -> void:
	var panel: GameOverPanel = main.get_node("GameOver")
	var rows := panel.get_rows()
	_check(rows.size() == PLAYERS + 1, "a scoreboard row per player: %d" % rows.size())
	var title := (panel.find_child("Title", true, false) as Label).text
	_check(title.begins_with("Game over: "), "the winner is named: '%s'" % title)
	var again := panel.find_child("PlayAgain", true, false) as Button
	_check(again != null and again.is_visible_in_tree(), "Play again is offered")
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


func _check(condition: bool, what: String) -> void:
	if not condition:
		_failures += 1
		print("FAIL %s" % what)


func _on_watchdog_timeout() -> void:
	print("FAIL the ui check did not finish within %d s" % WATCHDOG_SECONDS)
	quit(2)
