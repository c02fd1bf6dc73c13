class_name PlayerPanel
extends PanelContainer
## One player's panel in the bundled game: name in their colour, energy, resources, hand size,
## command tier and tokens. It reads [method GameRules.get_player_state]; the scene calls
## [method show_state] after every change.

var _title := Label.new()
var _details := Label.new()
var _style := StyleBoxFlat.new()
var _color := Color.WHITE


func _init() -> void:
	_style.set_corner_radius_all(6)
	_style.set_content_margin_all(6)
	_style.set_border_width_all(0)
	add_theme_stylebox_override("panel", _style)
	size_flags_horizontal = Control.SIZE_EXPAND_FILL
	var box := VBoxContainer.new()
	add_child(box)
	_title.name = "Title"
	# "You · name" runs in the UI's direction, and a long name is cut at its end.
	_title.text_direction = Control.TEXT_DIRECTION_INHERITED
	_title.add_theme_font_size_override("font_size", 18)
	# A long name ends in "…", as in the bag display's rows.
	_title.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
	box.add_child(_title)
	_details.name = "Details"
	_details.add_theme_font_size_override("font_size", 14)
	box.add_child(_details)


## Shows [param seat]'s name, with the colour of their seat.
func set_seat(seat: PlayerSeat) -> void:
	name = "Panel%d" % seat.player_id
	_color = seat.color
	# A person's seat says so first, where a long name's "…" cannot cut it off.
	_title.text = ("" if seat.is_bot else "You · ") + seat.display_name
	_title.add_theme_color_override("font_color", _color.lightened(0.35))
	_style.bg_color = _color.darkened(0.8)
	_style.border_color = _color


## Highlights the panel (the player whose token was drawn) or not, leaving what it says.
func set_active(active: bool) -> void:
	_style.set_border_width_all(3 if active else 0)
	_style.bg_color = _color.darkened(0.55 if active else 0.8)


## Shows [param state] (from [method GameRules.get_player_state]); [param active] highlights
## the panel of the player whose token was drawn.
func show_state(state: Dictionary, active: bool) -> void:
	var lines := PackedStringArray()
	lines.append("Energy %d · Resources %d" % [state["energy"], state["resources"]])
	lines.append("Hand %d · VP %d" % [state["hand_size"], state["victory_points"]])
	lines.append(
		"Command tier %d · %d tokens" % [state["command_tier"], state["max_command_tokens"]]
	)
	lines.append("In the bag %d / %d" % [state["tokens_in_bag"], state["tokens_contributed"]])
	if state["eliminated"]:
		lines = PackedStringArray(["Eliminated"])
	_details.text = "\n".join(lines)
	set_active(active)
