class_name OnlineTable
extends HBoxContainer
## The table of an online game, drawn only from what the server sent: the latest snapshot, its
## events and the legal actions it listed (see [RulesSession]). It shows every player's public
## state (and this client's hand), the bag on a [TokenBagDisplay] (each draw as it comes), the
## event log, this client's choices and every round's fairness audit. It never decides anything:
## choices go up as signals and the online scene sends them to the server.
##
## The players' panels scroll when they need more than [constant SEATS_SHARE] of the table's
## height (8 seats with long names and a large hand), so that Leave, the status line, the choices
## and the log stay in the window.
##
## The status line, the players' panels, the log and this client's choices follow the bag
## display: a snapshot or an event is shown once the display has shown every draw before it
## ([signal TokenBagDisplay.caught_up]), so they never run ahead of the bag; this client's own
## draw lands before its choices are offered.

## This client chose [param action] (from the server's legal actions) in its activation.
signal action_chosen(action: Dictionary)
## This client keeps its opening hand.
signal keep_chosen
## The player wants to leave the table.
signal leave_requested

const EventText := preload("event_text.gd")
const RequestChecks := preload("res://addons/horizons_edge/net/request_checks.gd")
const LOG_LINES := 200
## The most choices offered at once (a hand at its limit and every other action fit).
const MAX_CHOICES := 64
## The most of the table's height the players' panels take before they scroll.
const SEATS_SHARE := 0.55
## The most characters a line of the table shows (a log line, the status, a notice, an audit, a
## choice): an honest server's longest (a refusal naming a 64-character player) fits, and a
## hostile server's megabyte is cut rather than laid out for minutes in one frame. Names are cut
## to the server's longest, [constant RequestChecks.MAX_NAME_LENGTH] characters.
const MAX_LINE_CHARS := 300
## The background of the players' panels.
const SEAT_COLOR := Color(0.12, 0.14, 0.18)
## The border of the acting player's panel.
const ACTIVE_COLOR := Color(0.95, 0.75, 0.3)
## Labels of the actions that carry no data.
const ACTION_LABELS := {"upgrade_command": "Upgrade command", "pass": "Pass"}
## The type of each field of a snapshot this table reads.
const SNAPSHOT_FIELDS := {
	"round": TYPE_INT,
	"phase": TYPE_DICTIONARY,
	"players": TYPE_ARRAY,
	"bag": TYPE_DICTIONARY,
}
## The type of each field of a snapshot's player this table reads ([code]hand[/code], an Array
## of card ids or null, is checked apart).
const PLAYER_FIELDS := {
	"id": TYPE_INT,
	"name": TYPE_STRING,
	"eliminated": TYPE_BOOL,
	"kept": TYPE_BOOL,
	"energy": TYPE_INT,
	"resources": TYPE_INT,
	"victory_points": TYPE_INT,
	"command_tier": TYPE_INT,
	"hand_size": TYPE_INT,
	"deck_size": TYPE_INT,
}
## The field each kind of action carries that its button names, and its type.
const ACTION_FIELDS := {
	"play_card": ["hand_index", TYPE_INT],
	"build": ["structure", TYPE_STRING],
	"create_token": ["name", TYPE_STRING],
	"custom": ["kind", TYPE_STRING],
}

## Card names by card id, for hands and the log (injected by the online scene).
var card_names: Dictionary[int, String] = {}

var _log_lines := PackedStringArray()
var _audit_lines := PackedStringArray()
var _seat_panels: Dictionary[int, PanelContainer] = {}
var _names: Dictionary[int, String] = {}
# What the log calls each object that entered play, by object id.
var _object_names := {}
var _game_over := false
# The latest snapshot, shown (panels, status) once the bag display has caught up.
var _snapshot: Dictionary = {}
# Log lines waiting for the bag display, oldest first.
var _held_events: Array[Dictionary] = []
# The latest snapshot's legal actions, and whether they still wait to be offered.
var _legal_actions: Array = []
var _choices_due := false

@onready var _status: Label = %Status
@onready var _notice: Label = %Notice
@onready var _seats: ScrollContainer = %Seats
@onready var _players: GridContainer = %Players
@onready var _actions: HFlowContainer = %Actions
@onready var _log: Label = %Log
@onready var _bag: TokenBagDisplay = %Bag
@onready var _audits: Label = %Audits


## What is wrong with [param snapshot] and [param legal_actions] for this table ("" if nothing):
## a field it reads missing or of another type (see [constant SNAPSHOT_FIELDS],
## [constant PLAYER_FIELDS], [constant ACTION_FIELDS]), more players than a game seats, or this
## client's own seat missing.
static func snapshot_problem(snapshot: Dictionary, legal_actions: Array) -> String:
	var problem := RulesSessionGuest.fields_problem("the snapshot", snapshot, SNAPSHOT_FIELDS)
	if problem != "":
		return problem
	# A spectator's snapshot has a null viewer ([constant GameRules.SPECTATOR]'s).
	if not snapshot.has("viewer") or not typeof(snapshot["viewer"]) in [TYPE_INT, TYPE_NIL]:
		return "the snapshot's viewer is not an int or null"
	var viewer := _viewer_of(snapshot)
	if not typeof(snapshot.get("active")) in [TYPE_INT, TYPE_NIL]:
		return "the snapshot's active player is not an int"
	problem = _phase_problem(snapshot["phase"])
	if problem != "":
		return problem
	if snapshot["players"].size() > GameRules.MAX_PLAYERS:
		return "the snapshot seats %d players" % snapshot["players"].size()
	var own := false
	for player: Variant in snapshot["players"]:
		if not player is Dictionary:
			return "a player in the snapshot is not a Dictionary"
		problem = RulesSessionGuest.fields_problem(
			"a player in the snapshot", player, PLAYER_FIELDS
		)
		if problem != "":
			return problem
		var hand: Variant = player.get("hand")
		if (
			hand != null
			and not (hand is Array and hand.all(func(card: Variant) -> bool: return card is int))
		):
			return "player %d's hand is not an Array of card ids" % player["id"]
		own = own or player["id"] == viewer
	if not own and viewer >= 0:
		return "the snapshot has no seat for this client (player %d)" % viewer
	for action: Variant in legal_actions:
		problem = _action_problem(action)
		if problem != "":
			return problem
	return ""


# What is wrong with [param action] for its button or log line ("" if nothing).
static func _action_problem(action: Variant) -> String:
	if not action is Dictionary or not action.get("type") is String:
		return "an action is not a Dictionary with a String type"
	var field: Array = ACTION_FIELDS.get(action["type"], [])
	if not field.is_empty() and typeof(action.get(field[0])) != field[1]:
		var kind: String = action["type"]
		return "a %s action's %s is not of type %s" % [kind, field[0], type_string(field[1])]
	return ""


# The seat [param snapshot] was made for; -1 for a spectator's (a null viewer).
static func _viewer_of(snapshot: Dictionary) -> int:
	var viewer: Variant = snapshot["viewer"]
	return viewer if viewer is int else -1


# [param text], cut to [param most] characters (the last one "…") if it is longer.
static func _fitted(text: String, most := MAX_LINE_CHARS) -> String:
	return text if text.length() <= most else text.left(most - 1) + "…"


static func _phase_problem(phase: Dictionary) -> String:
	if not phase.get("phase") is String:
		return "the snapshot's phase has no String phase"
	if phase["phase"] == "activation" and not phase.get("player") is int:
		return "the activation's player is not an int"
	if phase["phase"] == "game_over" and not typeof(phase.get("winner")) in [TYPE_INT, TYPE_NIL]:
		return "the winner is not an int"
	return ""


func _ready() -> void:
	%Leave.pressed.connect(leave_requested.emit)
	_bag.caught_up.connect(_show_held)
	_players.minimum_size_changed.connect(_fit_seats)
	resized.connect(_fit_seats)


## Empties the table for a new game.
func clear() -> void:
	_snapshot = {}
	_legal_actions = []
	_choices_due = false
	_held_events.clear()
	for panel in _seat_panels.values():
		panel.queue_free()
	_seat_panels.clear()
	_clear_actions()
	_bag.refresh()
	_log_lines.clear()
	_audit_lines.clear()
	_names.clear()
	_object_names.clear()
	_game_over = false
	_log.text = ""
	_audits.text = "No round checked yet."
	_notice.text = ""
	_status.text = "Waiting for the server…"


## Shows [param snapshot] (see [method GameRules.get_snapshot_for]) and offers
## [param legal_actions], the server's list for this client. A snapshot or a list this table
## cannot read (see [method snapshot_problem]) is refused with an error, and the table keeps
## showing the last one.
func show_snapshot(snapshot: Dictionary, legal_actions: Array) -> void:
	var problem := snapshot_problem(snapshot, legal_actions)
	if problem != "":
		push_error("OnlineTable: the server's snapshot is ignored: %s" % problem)
		return
	_game_over = snapshot["phase"]["phase"] == "game_over"
	for player: Dictionary in snapshot["players"]:
		_names[player["id"]] = _fitted(player["name"], RequestChecks.MAX_NAME_LENGTH)
	_snapshot = snapshot
	_legal_actions = legal_actions
	_choices_due = true
	_clear_actions()
	var winner: Variant = snapshot["phase"].get("winner")
	_bag.show_view(
		snapshot["round"], snapshot["bag"], _names, _game_over, -1 if winner == null else winner
	)
	_show_held()


## Adds [param event] (one of the server's log, in order) to the event log. It shows with the
## snapshot that follows it ([method show_snapshot]: a [RulesSession] hands an update's events
## over first), once the bag display has shown that snapshot's draws, in the names it gives.
func add_event(event: Dictionary) -> void:
	_held_events.append(event)


## Records the fairness audit of [param round_number] (see [signal RulesSession.round_audited]).
func add_audit(round_number: int, fair: bool, detail: String) -> void:
	_audit_lines.insert(0, _fitted(EventText.audit(round_number, fair, detail)))
	if _audit_lines.size() > LOG_LINES:
		_audit_lines.resize(LOG_LINES)
	_audits.text = "\n".join(_audit_lines)


## Withdraws the choices on offer until the next snapshot (the connection is gone).
func withdraw_choices() -> void:
	_choices_due = false
	_legal_actions = []
	_clear_actions()


## Shows [param text] (a refusal, a lost connection) until the next choice, cut to
## [constant MAX_LINE_CHARS] characters.
func show_notice(text: String) -> void:
	_notice.text = _fitted(text)


## Whether the last snapshot showed the game over (the server closing then is the normal end).
func is_game_over() -> bool:
	return _game_over


# This client's choices in the latest snapshot: keeping its hand in the mulligan, the server's
# legal actions in its activation. Offered once the bag display shows the game as it is now
# (this client's own draw has landed), so the bag, the status and the choices agree.
func _offer_choices() -> void:
	var own: Dictionary = {}
	for player: Dictionary in _snapshot["players"]:
		if player["id"] == _viewer_of(_snapshot):
			own = player
	if _snapshot["phase"]["phase"] == "mulligan" and not own.get("kept", true):
		_add_choice("Keep this hand", keep_chosen.emit)
	var offered := PackedStringArray()
	var hand: Array = own.get("hand") if own.get("hand") is Array else []
	for action: Dictionary in _legal_actions:
		if offered.size() >= MAX_CHOICES:
			break  # more than any hand and the rules offer: a hostile server's list
		# Copies of a card in hand are one choice.
		var text := _action_text(action, hand)
		if text not in offered:
			offered.append(text)
			_add_choice(text, action_chosen.emit.bind(action))


# Shows what waited for the bag display (the latest snapshot's panels and status, the log's new
# lines), once it has caught up.
func _show_held() -> void:
	if not _bag.is_caught_up():
		return
	for event in _held_events:
		_log_lines.insert(0, _fitted(_event_line(event)))
	if not _held_events.is_empty():
		_held_events.clear()
		if _log_lines.size() > LOG_LINES:
			_log_lines.resize(LOG_LINES)
		_log.text = "\n".join(_log_lines)
	if _snapshot.is_empty():
		return
	var me := _viewer_of(_snapshot)
	for player: Dictionary in _snapshot["players"]:
		var panel := _seat_panel(player["id"])
		(panel.get_child(0) as Label).text = _player_text(player, me)
		var acting: bool = player["id"] == _snapshot.get("active") and not _game_over
		var border := 2 if acting else 0
		(panel.get_theme_stylebox("panel") as StyleBoxFlat).set_border_width_all(border)
	_players.columns = clampi(_snapshot["players"].size(), 1, 4)
	_status.text = _fitted(_status_text(_snapshot, me))
	if _choices_due:
		_choices_due = false
		_offer_choices()


# [param event] as a line of the log: its round, then what happened, in words.
func _event_line(event: Dictionary) -> String:
	var round_number: Variant = event.get("round", 0)
	var when := "Setup" if round_number is int and round_number == 0 else "R%s" % [round_number]
	if str(event.get("type")) == "object_created":
		_object_names[event.get("object")] = _fitted(
			EventText.object_name(event, _names), RequestChecks.MAX_NAME_LENGTH * 2
		)
	var text := EventText.describe(event, _names, card_names, _object_names)
	var action: Variant = event.get("action")
	if str(event.get("type")) == "action_resolved" and _action_problem(action) == "":
		text = "%s: %s" % [EventText.name_of(event.get("player"), _names), _action_text(action, [])]
	return "%s · %s" % [when, text]


func _status_text(snapshot: Dictionary, me: int) -> String:
	var phase: Dictionary = snapshot["phase"]
	var seat := "You are %s" % EventText.name_of(me, _names) if me >= 0 else "Watching"
	match phase["phase"]:
		"setup":
			return "%s · waiting for every seat to be taken" % seat
		"mulligan":
			return "%s · opening hands: keep yours to start" % seat
		"activation":
			var turn := (
				"your activation: choose one action"
				if phase["player"] == me
				else "%s's activation" % EventText.name_of(phase["player"], _names)
			)
			return "%s · round %d · %s" % [seat, snapshot["round"], turn]
		"game_over":
			var winner: Variant = phase["winner"]
			var verdict := (
				"a draw" if winner == null else "%s wins" % EventText.name_of(winner, _names)
			)
			return "%s · game over: %s" % [seat, verdict]
	return "%s · round %d" % [seat, snapshot["round"]]


func _player_text(player: Dictionary, me: int) -> String:
	var lines := PackedStringArray()
	var seat_name := _fitted(player["name"], RequestChecks.MAX_NAME_LENGTH)
	lines.append("%s%s" % [seat_name, " (you)" if player["id"] == me else ""])
	if player["eliminated"]:
		lines.append("Eliminated")
		return "\n".join(lines)
	lines.append("Energy %d · Resources %d" % [player["energy"], player["resources"]])
	lines.append("VP %d · Command tier %d" % [player["victory_points"], player["command_tier"]])
	lines.append("Hand %d · Deck %d" % [player["hand_size"], player["deck_size"]])
	if player.get("hand") != null:
		var names := PackedStringArray()
		var length := 0
		for card: int in player["hand"]:
			if length > MAX_LINE_CHARS:
				break  # the line is cut there anyway; a hostile hand may hold a million cards
			names.append(_card_name(card))
			length += names[-1].length() + 2
		var hand := ", ".join(names) if not names.is_empty() else "empty"
		lines.append(_fitted("Your hand: %s" % hand))
	return "\n".join(lines)


func _action_text(action: Dictionary, hand: Array) -> String:
	match action["type"]:
		"play_card":
			var index: int = action["hand_index"]
			var known := index >= 0 and index < hand.size()
			return "Play %s" % (_card_name(hand[index]) if known else "a card")
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


# Gives the players' panels the height they need, up to [constant SEATS_SHARE] of the table's;
# past it they scroll.
func _fit_seats() -> void:
	var needs := _players.get_combined_minimum_size().y
	_seats.custom_minimum_size.y = minf(needs, size.y * SEATS_SHARE)


func _add_choice(text: String, chosen: Callable) -> void:
	var button := Button.new()
	button.text = _fitted(text)
	button.pressed.connect(_on_choice_pressed.bind(chosen))
	_actions.add_child(button)


func _on_choice_pressed(chosen: Callable) -> void:
	_clear_actions()
	_notice.text = ""
	chosen.call()


func _clear_actions() -> void:
	for button in _actions.get_children():
		button.queue_free()
