class_name OnlineTable
extends HBoxContainer
## The table of an online game, drawn only from what the server sent: the latest snapshot, its
## events and the legal actions it listed (see [RulesSession]). It shows every player's public
## state (and this client's hand), the bag on a [TokenBagDisplay] (each draw as it comes), the
## event log, this client's choices and every round's fairness audit. It never decides anything:
## choices go up as signals and the online scene sends them to the server.
##
## The status line, the players' panels and the log follow the bag display: a snapshot or an
## event is shown once the display has shown every draw before it ([signal
## TokenBagDisplay.caught_up]), so they never run ahead of the bag. When this client must act,
## or the game is over, the display catches up at once.

## This client chose [param action] (from the server's legal actions) in its activation.
signal action_chosen(action: Dictionary)
## This client keeps its opening hand.
signal keep_chosen
## The player wants to leave the table.
signal leave_requested

const EventText := preload("event_text.gd")
const LOG_LINES := 200
## The background of the players' panels.
const SEAT_COLOR := Color(0.12, 0.14, 0.18)
## The border of the acting player's panel.
const ACTIVE_COLOR := Color(0.95, 0.75, 0.3)
## Labels of the actions that carry no data.
const ACTION_LABELS := {"upgrade_command": "Upgrade command", "pass": "Pass"}

## Card names by card id, for hands and the log (injected by the online scene).
var card_names: Dictionary[int, String] = {}

var _log_lines := PackedStringArray()
var _audit_lines := PackedStringArray()
var _seat_panels: Dictionary[int, PanelContainer] = {}
var _names: Dictionary[int, String] = {}
var _game_over := false
# The latest snapshot, shown (panels, status) once the bag display has caught up.
var _snapshot: Dictionary = {}
# Log lines waiting for the bag display, oldest first.
var _held_lines := PackedStringArray()

@onready var _status: Label = %Status
@onready var _notice: Label = %Notice
@onready var _players: GridContainer = %Players
@onready var _actions: HFlowContainer = %Actions
@onready var _log: Label = %Log
@onready var _bag: TokenBagDisplay = %Bag
@onready var _audits: Label = %Audits


func _ready() -> void:
	%Leave.pressed.connect(leave_requested.emit)
	_bag.caught_up.connect(_show_held)


## Empties the table for a new game.
func clear() -> void:
	_snapshot = {}
	_held_lines.clear()
	for panel in _seat_panels.values():
		panel.queue_free()
	_seat_panels.clear()
	_clear_actions()
	_bag.refresh()
	_log_lines.clear()
	_audit_lines.clear()
	_names.clear()
	_game_over = false
	_log.text = ""
	_audits.text = "No round checked yet."
	_notice.text = ""
	_status.text = "Waiting for the server…"


## Shows [param snapshot] (see [method GameRules.get_snapshot_for]) and offers
## [param legal_actions], the server's list for this client.
func show_snapshot(snapshot: Dictionary, legal_actions: Array) -> void:
	var me: int = snapshot["viewer"]
	var own: Dictionary = {}
	_game_over = snapshot["phase"]["phase"] == "game_over"
	for player: Dictionary in snapshot["players"]:
		_names[player["id"]] = player["name"]
		if player["id"] == me:
			own = player
	_snapshot = snapshot
	var winner: Variant = snapshot["phase"].get("winner")
	_bag.show_view(
		snapshot["round"], snapshot["bag"], _names, _game_over, -1 if winner == null else winner
	)
	# This client is to choose: the bag, the status and the log show the game as it is now.
	if _game_over or not legal_actions.is_empty():
		_bag.catch_up()
	_show_held()
	_clear_actions()
	if snapshot["phase"]["phase"] == "mulligan" and not own["kept"]:
		_add_choice("Keep this hand", keep_chosen.emit)
	var offered := PackedStringArray()
	for action: Dictionary in legal_actions:
		# Copies of a card in hand are one choice.
		var text := _action_text(action, own["hand"])
		if text not in offered:
			offered.append(text)
			_add_choice(text, action_chosen.emit.bind(action))


## Adds [param event] (one of the server's log, in order) to the event log.
func add_event(event: Dictionary) -> void:
	var when := "Setup" if event["round"] == 0 else "R%d" % event["round"]
	var text := EventText.describe(event, _names, card_names)
	if event["type"] == "action_resolved":
		text = "%s: %s" % [_names.get(event["player"], "?"), _action_text(event["action"], [])]
	_held_lines.append("%s · %s" % [when, text])
	_show_held()


## Records the fairness audit of [param round_number] (see [signal RulesSession.round_audited]).
func add_audit(round_number: int, fair: bool, detail: String) -> void:
	_audit_lines.append(EventText.audit(round_number, fair, detail))
	_audits.text = "\n".join(_audit_lines)


## Shows [param text] (a refusal, a lost connection) until the next choice.
func show_notice(text: String) -> void:
	_notice.text = text


## Whether the last snapshot showed the game over (the server closing then is the normal end).
func is_game_over() -> bool:
	return _game_over


# Shows what waited for the bag display (the latest snapshot's panels and status, the log's new
# lines), once it has caught up.
func _show_held() -> void:
	if not _bag.is_caught_up():
		return
	for line in _held_lines:
		_log_lines.insert(0, line)
	if not _held_lines.is_empty():
		_held_lines.clear()
		if _log_lines.size() > LOG_LINES:
			_log_lines.resize(LOG_LINES)
		_log.text = "\n".join(_log_lines)
	if _snapshot.is_empty():
		return
	var me: int = _snapshot["viewer"]
	for player: Dictionary in _snapshot["players"]:
		var panel := _seat_panel(player["id"])
		(panel.get_child(0) as Label).text = _player_text(player, me)
		var border := 2 if player["id"] == _snapshot["active"] else 0
		(panel.get_theme_stylebox("panel") as StyleBoxFlat).set_border_width_all(border)
	_players.columns = clampi(_snapshot["players"].size(), 1, 4)
	_status.text = _status_text(_snapshot, me)


func _status_text(snapshot: Dictionary, me: int) -> String:
	var phase: Dictionary = snapshot["phase"]
	var seat := "You are %s" % _name_of(me)
	match phase["phase"]:
		"setup":
			return "%s · waiting for every seat to be taken" % seat
		"mulligan":
			return "%s · opening hands: keep yours to start" % seat
		"activation":
			var turn := (
				"your activation: choose one action"
				if phase["player"] == me
				else "%s's activation" % _name_of(phase["player"])
			)
			return "%s · round %d · %s" % [seat, snapshot["round"], turn]
		"game_over":
			var winner: Variant = phase["winner"]
			var verdict := "a draw" if winner == null else "%s wins" % _name_of(winner)
			return "%s · game over: %s" % [seat, verdict]
	return "%s · round %d" % [seat, snapshot["round"]]


func _name_of(player_id: int) -> String:
	return _names.get(player_id, "player %d" % player_id)


func _player_text(player: Dictionary, me: int) -> String:
	var lines := PackedStringArray()
	lines.append("%s%s" % [player["name"], " (you)" if player["id"] == me else ""])
	if player["eliminated"]:
		lines.append("Eliminated")
		return "\n".join(lines)
	lines.append("Energy %d · Resources %d" % [player["energy"], player["resources"]])
	lines.append("VP %d · Command tier %d" % [player["victory_points"], player["command_tier"]])
	lines.append("Hand %d · Deck %d" % [player["hand_size"], player["deck_size"]])
	if player["hand"] != null:
		var names := PackedStringArray()
		for card: int in player["hand"]:
			names.append(_card_name(card))
		lines.append("Your hand: %s" % ", ".join(names))
	return "\n".join(lines)


func _action_text(action: Dictionary, hand: Array) -> String:
	match action["type"]:
		"play_card":
			var index: int = action["hand_index"]
			return "Play %s" % (_card_name(hand[index]) if index < hand.size() else "a card")
		"build":
			return "Build %s" % action["structure"]
		"create_token":
			return "Create %s" % action["name"]
		"custom":
			return String(action["kind"]).capitalize()
	return ACTION_LABELS.get(action["type"], action["type"])


func _card_name(card: int) -> String:
	return card_names.get(card, "card %d" % card)


func _seat_panel(player_id: int) -> PanelContainer:
	if not _seat_panels.has(player_id):
		var style := StyleBoxFlat.new()
		style.bg_color = SEAT_COLOR
		style.border_color = ACTIVE_COLOR
		style.set_corner_radius_all(6)
		style.set_content_margin_all(8)
		var panel := PanelContainer.new()
		panel.add_theme_stylebox_override("panel", style)
		panel.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		var label := Label.new()
		label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		label.size_flags_vertical = Control.SIZE_SHRINK_BEGIN
		panel.add_child(label)
		_players.add_child(panel)
		_seat_panels[player_id] = panel
	return _seat_panels[player_id]


func _add_choice(text: String, chosen: Callable) -> void:
	var button := Button.new()
	button.text = text
	button.pressed.connect(_on_choice_pressed.bind(chosen))
	_actions.add_child(button)


func _on_choice_pressed(chosen: Callable) -> void:
	_clear_actions()
	_notice.text = ""
	chosen.call()


func _clear_actions() -> void:
	for button in _actions.get_children():
		button.queue_free()
