class_name GameManager
extends Node
## A thin driver over [GameRules]: it seats the players, paces the draws, lets bots decide and
## writes the game log. Every rule lives in [GameRules] (Rust), but one: the table rule Garrison
## ([method _garrison]), a reaction written in GDScript that reads the state its trigger left.
## Otherwise this node only decides when to call the rules.
##
## Human seats get [signal human_turn_started] and answer with [method submit_action].

## A line for the game log. Lines wait while [member presenter] is still showing earlier
## changes (a "Round Complete!" hold), so the log never runs ahead of the bag display.
signal line_logged(text: String)
## A human seat's token was drawn, or their double action has a second action to take; call
## [method submit_action] for them.
signal human_turn_started(player_id: int)
## The human seat offered a turn by [signal human_turn_started] can no longer act: their
## activation ended without [method submit_action] (they were eliminated). Withdraw the offer.
signal human_turn_cancelled(player_id: int)
## The game ended; [param winner_id] is [constant GameRules.NO_PLAYER] for a draw.
signal game_finished(winner_id: int)

## The rules, injected by the scene.
@export var rules: GameRules
## The display that shows the draws, if any: each draw waits until it has shown the last.
@export var presenter: TokenBagDisplay
## Seconds between the end of one activation and the next draw.
@export_range(0.0, 5.0, 0.05) var draw_delay := 0.5
## Seconds a bot "thinks" before acting.
@export_range(0.0, 5.0, 0.05) var bot_delay := 0.3
## How hard bots think: rollouts per legal action of [method GameRules.bot_decide]'s Monte Carlo
## planner (0: a random legal action).
@export_range(0, 64) var bot_strength := 4

var _seats: Dictionary[int, PlayerSeat] = {}
var _card_names: Dictionary[int, String] = {}
var _round := 0
var _draw_number := 0
var _round_tokens := 0
var _tokens_left: Dictionary[int, int] = {}
var _played_card := ""
# The player whose token was drawn last, and whether the log has a line for that draw yet.
var _drawn_player := GameRules.NO_PLAYER
var _draw_logged := true
# Whether the token drawn last is a double-action token.
var _double_action := false
# The human seat offered a turn ([signal human_turn_started]), until they act or cannot.
var _awaited_human := GameRules.NO_PLAYER
# Whether _advance() is under way (awaiting the presenter, a delay or a bot).
var _advancing := false
# Log lines waiting for the presenter to catch up, oldest first.
var _held_lines := PackedStringArray()
# Every player's state as the latest action left it, by player id.
var _after_action: Dictionary[int, Dictionary] = {}


## Card names by card id, from [param config]'s card catalog.
static func card_names(config: Dictionary) -> Dictionary[int, String]:
	var names: Dictionary[int, String] = {}
	for card_id: String in config["cards"]:
		names[card_id.to_int()] = config["cards"][card_id]["name"]
	return names


## Seats [param seats] under [param config] and starts the game; bots take their mulligan
## decisions and human seats keep their opening hands. Returns the error of a refused setup.
func start(seats: Array[PlayerSeat], config: Dictionary) -> Error:
	_seats.clear()
	var players: Array = []
	for seat in seats:
		_seats[seat.player_id] = seat
		players.append({"id": seat.player_id, "name": seat.display_name, "deck": seat.deck})
	var error := rules.setup(players, config)
	if error != OK:
		return error
	_after_action.clear()
	rules.reaction_provider = _on_action_resolved
	_card_names = card_names(rules.get_config())
	_connect_rules()
	_log(
		"seed %d · %d %s" % [rules.seed, seats.size(), "player" if seats.size() == 1 else "players"]
	)
	rules.start_game()
	while rules.get_phase() == GameRules.PHASE_MULLIGAN:
		for seat in seats:
			if not rules.get_player_state(seat.player_id)["kept"]:
				if seat.is_bot:
					rules.bot_decide(seat.player_id)
				else:
					rules.keep_hand(seat.player_id, PackedInt64Array())
	_advance()
	return OK


## The action of the human whose token was drawn, as a Dictionary for
## [method GameRules.perform_action]. On [constant OK] the game moves on.
func submit_action(player_id: int, action: Dictionary) -> Error:
	var awaited := _awaited_human
	# The action may end the activation: that is no reason to withdraw the offer it answers.
	_awaited_human = GameRules.NO_PLAYER
	var error := rules.perform_action(player_id, action)
	if error != OK:
		_awaited_human = awaited
		return error
	_advance()
	return OK


## Every player's state ([method GameRules.get_player_state]) as the latest action left it, by
## player id. The action that ends a round also starts the next: this is the round's end, for
## views that still show it ("Round Complete!").
func get_states_after_last_action() -> Dictionary[int, Dictionary]:
	return _after_action


## Draws tokens and lets bots act until a human must decide or the game ends. A double-action
## token gives its owner two actions in one activation: a bot takes both, a human is offered
## both in turn.
func _advance() -> void:
	if _advancing:
		return
	_advancing = true
	await _run_until_human()
	_advancing = false


func _run_until_human() -> void:
	while _is_running():
		if rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
			await _presented()
			await _pause(draw_delay)
			if not _is_running() or rules.get_phase() != GameRules.PHASE_AWAITING_DRAW:
				continue
			# With player_entropy on, every seat's nonce comes from the game's own stream: at one
			# table there is no one to keep the shuffle key from.
			for pending in rules.get_pending_entropy():
				rules.bot_decide(pending)
			if rules.draw_next_token() == GameRules.NO_PLAYER:
				# Refused (see GameRules.get_last_refusal): stop rather than spin.
				push_error("GameManager: no token could be drawn: %s" % rules.get_last_refusal())
				return
			# The token lands on the display before anyone acts on it: the panels and the log,
			# which follow the display, never show an action before its draw.
			await _presented()
			continue
		if rules.get_phase() != GameRules.PHASE_ACTIVATION:
			return
		var player_id := rules.get_active_player()
		if not _seats[player_id].is_bot:
			_awaited_human = player_id
			human_turn_started.emit(player_id)
			# A handler may have answered at once (submit_action): then the game goes on here.
			if _awaited_human == player_id:
				return
			continue
		await _pause(bot_delay)
		# The bot may have been eliminated while it thought.
		if (
			_is_running()
			and rules.get_phase() == GameRules.PHASE_ACTIVATION
			and rules.get_active_player() == player_id
			and rules.bot_decide(player_id, bot_strength) != OK
		):
			# A refusal leaves the activation open: stop rather than spin.
			push_error("GameManager: the bot of seat %d could not act" % player_id)
			return


# Whether the game goes on here: it is not over, and this node is still in the scene (a new game
# replaces the scene while a draw or a bot may still be awaited).
func _is_running() -> bool:
	return is_inside_tree() and rules.get_phase() != GameRules.PHASE_GAME_OVER


# The rules call this after every action, with the game as that action left it: it notes every
# player's state, then answers with the table's reactions.
func _on_action_resolved(resolved: Dictionary) -> Variant:
	for player_id in rules.get_player_ids():
		_after_action[player_id] = rules.get_player_state(player_id)
	return _garrison(resolved)


# Garrison: when a player builds and then controls two buildings or more — the one just built
# counts, which only the state after the build shows — every opponent answers with a free scout.
# The rules call it after every action, and its queries read the game as that action left it.
# Untyped (Variant): a script error then returns null, which refuses the action as the hook's
# misuse, where a function declared -> Array would return [] and hide it.
func _garrison(resolved: Dictionary) -> Variant:
	if resolved["action"]["type"] != "build":
		return []
	var builder: int = resolved["player_id"]
	var buildings := 0
	for object: Dictionary in rules.get_objects():
		if object["owner"] == builder and object["kind"] == "building":
			buildings += 1
	var scouts: Array = []
	if buildings >= 2:
		for player_id in rules.get_living_player_ids():
			if player_id != builder:
				scouts.append({"player_id": player_id, "kind": "scout"})
	return scouts


## Waits until [member presenter] has shown everything so far ("Round Complete!" included).
func _presented() -> void:
	while is_inside_tree() and _presenter_behind():
		await get_tree().process_frame


# Whether [member presenter] is on screen and still showing earlier changes.
func _presenter_behind() -> bool:
	return (
		is_instance_valid(presenter)
		and presenter.is_visible_in_tree()
		and not presenter.is_caught_up()
	)


# Logs [param text] now, or once the presenter has caught up if it is still behind (the lines
# held before it go out first).
func _log(text: String) -> void:
	_held_lines.append(text)
	if not _presenter_behind():
		_on_presenter_caught_up()


func _on_presenter_caught_up() -> void:
	var lines := _held_lines
	_held_lines = PackedStringArray()
	for line in lines:
		line_logged.emit(line)


func _pause(seconds: float) -> void:
	if seconds > 0.0 and is_inside_tree():
		await get_tree().create_timer(seconds).timeout


func _connect_rules() -> void:
	if rules.round_started.is_connected(_on_round_started):
		return
	rules.round_started.connect(_on_round_started)
	rules.token_drawn.connect(_on_token_drawn)
	rules.event_logged.connect(_on_event_logged)
	rules.action_completed.connect(_on_action_completed)
	rules.activation_ended.connect(_on_activation_ended)
	rules.bag_changed.connect(_on_bag_changed)
	rules.reaction_resolved.connect(_on_reaction_resolved)
	rules.round_ended.connect(_on_round_ended)
	rules.player_eliminated.connect(_on_player_eliminated)
	rules.game_over.connect(_on_game_over)
	if presenter != null:
		presenter.caught_up.connect(_on_presenter_caught_up)


# Signals arrive once a whole call is done (the action that ends a round also starts the next),
# so the log follows the signals' own arguments rather than the state at the time of emission.
func _on_round_started(round_number: int) -> void:
	_round = round_number
	_draw_number = 0
	var bag := rules.get_bag()
	_round_tokens = bag.get_remaining_count()
	_tokens_left.assign(bag.get_remaining_counts())
	_log("round %d begins · %d tokens in the bag" % [round_number, _round_tokens])


func _on_token_drawn(player_id: int, _remaining: int) -> void:
	_draw_number += 1
	_tokens_left[player_id] -= 1
	_drawn_player = player_id
	_draw_logged = false
	_double_action = false


# Tokens a card or structure put into this round's bag, or took out of it ([param change] < 0):
# the round has that many draws more, or fewer.
func _on_bag_changed(player_id: int, change: int) -> void:
	_tokens_left[player_id] = _tokens_left.get(player_id, 0) + change
	_round_tokens += change


func _on_event_logged(event: Dictionary) -> void:
	match event["type"]:
		"card_played":
			_played_card = _card_names.get(event["card"], "card %d" % event["card"])
		"double_action_drawn":
			_double_action = true


func _on_action_completed(player_id: int, action: Dictionary) -> void:
	_draw_logged = true
	var what := "%s · %s" % [_name(player_id), _describe(action)]
	_log("%s · %s · left: %s" % [_where(), what, _left_in_bag()])


# An activation ended: when it was the awaited human's and they did not act (they were
# eliminated), their offer is withdrawn and the game goes on without them.
func _on_activation_ended(player_id: int) -> void:
	if player_id != _awaited_human:
		return
	_awaited_human = GameRules.NO_PLAYER
	human_turn_cancelled.emit(player_id)
	# After the rest of this call's signals, as if the rules had been called from the game loop.
	_advance.call_deferred()


func _on_reaction_resolved(player_id: int, action: Dictionary, _cause: int, depth: int) -> void:
	_log("%s↳ %s reacts: %s" % ["  ".repeat(depth), _name(player_id), _describe(action)])


# Said at once, as the display shows "Round Complete!" (which holds it behind), unless earlier
# lines still wait: they go first.
func _on_round_ended(round_number: int) -> void:
	var line := "round %d complete" % round_number
	if _held_lines.is_empty():
		line_logged.emit(line)
	else:
		_log(line)


# The eliminated player's tokens leave the bag: the round has that many draws fewer. Eliminated
# with their token drawn, before acting, the draw's line says so.
func _on_player_eliminated(player_id: int) -> void:
	_round_tokens -= _tokens_left.get(player_id, 0)
	_tokens_left[player_id] = 0
	if player_id == _drawn_player and not _draw_logged:
		_draw_logged = true
		var what := "%s · is eliminated" % _name(player_id)
		_log("%s · %s · left: %s" % [_where(), what, _left_in_bag()])
	else:
		_log("%s is eliminated" % _name(player_id))


func _on_game_over(winner_id: int) -> void:
	var scores := PackedStringArray()
	for player_id in rules.get_player_ids():
		scores.append(
			"%s %d VP" % [_name(player_id), rules.get_player_state(player_id)["victory_points"]]
		)
	var verdict := "a draw" if winner_id == GameRules.NO_PLAYER else "%s wins" % _name(winner_id)
	_log("game over · %s · %s" % [verdict, ", ".join(scores)])
	game_finished.emit(winner_id)


func _describe(action: Dictionary) -> String:
	match action["type"]:
		"play_card":
			return "plays %s" % _played_card
		"build":
			return "builds %s" % action["structure"]
		"upgrade_command":
			return "upgrades command"
		"create_token":
			return "creates %s" % action["name"]
		"custom":
			return action["kind"]
		_:
			return "passes"


# The round and the draw of the latest token, for the log.
func _where() -> String:
	var double := " (double action)" if _double_action else ""
	return "round %d · draw %d/%d%s" % [_round, _draw_number, _round_tokens, double]


func _name(player_id: int) -> String:
	return _seats[player_id].display_name


func _left_in_bag() -> String:
	var parts := PackedStringArray()
	for player_id in _tokens_left:
		parts.append("p%d %d" % [player_id, _tokens_left[player_id]])
	return " ".join(parts)
