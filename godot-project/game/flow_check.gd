extends SceneTree
## The bundled game's driver ([GameManager]) headless, without a display: games that must reach
## their end. A double-action token (effect [code]grant_double_action[/code], here from an action
## kind "rally") gives its owner two actions in one activation: bots take both, and a human seat
## is offered both in turn. The log counts the tokens such a card adds: no draw beyond the round's
## count, no seat with fewer than no tokens left, and the round's last draw is "draw N/N". A human
## eliminated while their choices are on offer has the offer withdrawn, and the game goes on.
## Run it with [code]godot --headless --path godot-project -s res://game/flow_check.gd[/code];
## prints "flow check: N failed" and quits with 1 on a failure.

## The game it plays: the starter set and its deck ([code]starter_game.gd[/code]).
const StarterGame := preload("res://game/starter_game.gd")
const SEED := 7
const ROUNDS := 3
## Frames a game may take to reach its end.
const MOST_FRAMES := 2000

var _failures := 0


func _initialize() -> void:
	_run.call_deferred()


func _run() -> void:
	await _check_double_actions(false)
	await _check_double_actions(true)
	await _check_human_eliminated_at_their_turn()
	print("flow check: %d failed" % _failures)
	quit(0 if _failures == 0 else 1)


# A game of two seats where the action kind "rally" grants a double-action token this round;
# with [param human], seat 0 is a person who rallies when they can, else takes the first legal
# action, as this check answers for them.
func _check_double_actions(human: bool) -> void:
	var what := "double actions (%s)" % ("a human seat" if human else "bots")
	var config := StarterGame.config(ROUNDS)
	config["action_kinds"]["rally"] = {
		"effects": [{"effect": "grant_double_action", "this_round": true}]
	}
	var table := _table(2, 1 if human else 0, config)
	var rules: GameRules = table["rules"]
	var manager: GameManager = table["manager"]
	var lines: Array = table["lines"]
	var doubles := [0]
	rules.event_logged.connect(
		func(event: Dictionary) -> void:
			if event["type"] == "double_action_drawn":
				doubles[0] += 1
	)
	# Offers to the human: how many, and how many were a double action's second. Each is shown
	# on an action bar, as the table shows it; the first double action's is double-clicked.
	var offers := [0, 0]
	var acted_this_activation := [false]
	var bar := ActionBar.new()
	root.add_child(bar)
	bar.action_chosen.connect(func(p: int, a: Dictionary) -> void: manager.submit_action(p, a))
	rules.token_drawn.connect(func(_p: int, _r: int) -> void: acted_this_activation[0] = false)
	manager.human_turn_started.connect(
		func(player_id: int) -> void:
			offers[0] += 1
			bar.offer(rules, player_id, "p0")
			if acted_this_activation[0]:
				offers[1] += 1
			elif rules.get_actions_left() == 2 and offers[1] == 0:
				acted_this_activation[0] = true
				_double_click.call_deferred(bar, rules, player_id)
				return
			acted_this_activation[0] = true
			_answer.call_deferred(manager, rules, player_id)
	)
	await _until_over(table)
	_check(table["over"][0], "%s: the game ends (phase %d)" % [what, rules.get_phase()])
	_check(doubles[0] > 0, "%s: a double-action token was drawn" % what)
	if human:
		_check(offers[1] > 0, "%s: the human was offered a second action" % what)
	_check_draw_counts(what, lines)
	bar.free()
	_free(table)


# The human's choice: rally when they can (it grants a double action), else the first legal
# action that is not a pass (a pass ends a double action), else a pass.
func _answer(manager: GameManager, rules: GameRules, player_id: int) -> void:
	var legal := rules.legal_actions(player_id)
	var choice: Dictionary = {"type": "pass"}
	for action: Dictionary in legal:
		if action["type"] == "custom" and action.get("kind", "") == "rally":
			choice = action
			break
		if action["type"] != "pass" and choice["type"] == "pass":
			choice = action
	_check(manager.submit_action(player_id, choice) == OK, "the human's %s is taken" % [choice])


# A double-click on the action bar's first choice, at the first offer of a double action: the
# second click lands on the second offer (built in the same frame) and must not take it.
func _double_click(bar: ActionBar, rules: GameRules, player_id: int) -> void:
	for click in 2:
		var enabled := bar.get_choices().filter(func(b: Button) -> bool: return not b.disabled)
		if not enabled.is_empty():
			(enabled[0] as Button).pressed.emit()
	_check(
		rules.get_active_player() == player_id and rules.get_actions_left() == 1,
		(
			"a double-click takes one action of a double action, not both (%d left)"
			% rules.get_actions_left()
		)
	)


# The log's draws: "draw N/M" never has N > M, no seat has fewer than no tokens left, and each
# round's last line before "round R complete" is a draw N/N.
func _check_draw_counts(what: String, lines: Array) -> void:
	var last_draw := ""
	var regex := RegEx.create_from_string("draw (\\d+)/(\\d+)")
	for line: String in lines:
		var found := regex.search(line)
		if found != null:
			last_draw = found.get_string()
			var drawn := found.get_string(1).to_int()
			var of := found.get_string(2).to_int()
			_check(drawn <= of, "%s: draw %d of %d: %s" % [what, drawn, of, line])
			_check(
				not line.contains(" -"), "%s: a seat has fewer than no tokens: %s" % [what, line]
			)
		elif line.ends_with(" complete"):
			var counts := last_draw.trim_prefix("draw ").split("/")
			_check(
				counts.size() == 2 and counts[0] == counts[1],
				"%s: %s ends on %s" % [what, line, last_draw]
			)


# Three seats, the first a person, who is eliminated at their first offer: the offer is
# withdrawn (human_turn_cancelled) and the bots finish the game.
func _check_human_eliminated_at_their_turn() -> void:
	var what := "a human eliminated at their turn"
	var table := _table(3, 1, StarterGame.config(ROUNDS))
	var rules: GameRules = table["rules"]
	var manager: GameManager = table["manager"]
	var lines: Array = table["lines"]
	var cancelled := [false]
	manager.human_turn_cancelled.connect(func(_player_id: int) -> void: cancelled[0] = true)
	manager.human_turn_started.connect(
		func(player_id: int) -> void:
			_check(not cancelled[0], "%s: no offer after the elimination" % what)
			_eliminate.call_deferred(rules, player_id)
	)
	await _until_over(table)
	_check(cancelled[0], "%s: the offer is withdrawn" % what)
	_check(table["over"][0], "%s: the game ends (phase %d)" % [what, rules.get_phase()])
	var said := lines.filter(func(line: String) -> bool: return "eliminated" in line)
	_check(
		said.size() == 1 and said[0].contains("· draw "),
		"%s: the draw has its line: %s" % [what, said]
	)
	_check_draw_counts(what, lines)
	_free(table)


func _eliminate(rules: GameRules, player_id: int) -> void:
	_check(rules.eliminate_player(player_id) == OK, "player %d is eliminated" % player_id)


# A table of [param seats] seats, the first [param humans] of them people, to start under
# [param config]: its rules, manager, log lines, whether it is over and its start, in a
# Dictionary.
func _table(seats: int, humans: int, config: Dictionary) -> Dictionary:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = SEED
	root.add_child(rules)
	var manager := GameManager.new()
	manager.rules = rules
	manager.draw_delay = 0.0
	manager.bot_delay = 0.0
	manager.bot_strength = 0
	root.add_child(manager)
	var table := {"rules": rules, "manager": manager, "lines": [], "over": [false]}
	var seated: Array[PlayerSeat] = []
	for player_id in seats:
		var seat := PlayerSeat.new()
		seat.player_id = player_id
		seat.display_name = "p%d" % player_id
		seat.is_bot = player_id >= humans
		seat.deck = PackedInt64Array(StarterGame.DECK)
		manager.add_child(seat)
		seated.append(seat)
	manager.line_logged.connect(func(line: String) -> void: table["lines"].append(line))
	manager.game_finished.connect(func(_winner_id: int) -> void: table["over"][0] = true)
	table["start"] = manager.start.bind(seated, config)
	return table


# Starts [param table]'s game and waits for its end (MOST_FRAMES at most).
func _until_over(table: Dictionary) -> void:
	_check((table["start"] as Callable).call() == OK, "the game starts")
	# The start holds the seats' typed array, which would keep their script past the end.
	table.erase("start")
	for frame in MOST_FRAMES:
		if table["over"][0]:
			return
		await process_frame


func _free(table: Dictionary) -> void:
	(table["manager"] as Node).queue_free()
	(table["rules"] as Node).queue_free()
	await process_frame


func _check(condition: bool, what: String) -> void:
	if not condition:
		_failures += 1
		print("FAIL %s" % what)
