class_name GameOverPanel
extends PanelContainer
## The end of a bundled game: who won, in the bag display's words ("Game over: a draw", and then
## who drew: the players who share the most points), a scoreboard — victory points, command tier
## and tokens used per player, best first, the winner or the drawn leaders in gold, eliminated
## players last and marked "(out)" — and Play again.

## The player asked for a new game.
signal play_again_pressed

## Play again's fill, by button state; every state has the gold frame.
const BUTTON_FILLS := {
	"normal": Color(0.22, 0.2, 0.12),
	"hover": Color(0.34, 0.3, 0.15),
	"pressed": Color(0.45, 0.38, 0.16),
	"focus": Color(0.22, 0.2, 0.12, 0),
}
## The width the title wraps at, and the most a name takes on the scoreboard (then "…").
const TITLE_WIDTH := 380
const NAME_WIDTH := 200
## A table of up to this many players (the default four) shows every row of the scoreboard; a
## larger one, whose panels take a second row, shows one fewer and scrolls, so that eight players
## do not push the table past the window, nor squeeze the log.
const ROWS_SHOWN := 4
## The most characters of a name in the line that says who drew (then "…").
const DRAW_NAME_CHARS := 20
## The ink of an eliminated player's row.
const OUT_INK := Color(0.6, 0.6, 0.65)

var _title := Label.new()
# Who drew, under the title of a draw.
var _subtitle := Label.new()
var _board := GridContainer.new()
# The scoreboard's rows, scrolling past the players shown (see ROWS_SHOWN).
var _rows := ScrollContainer.new()
var _again := Button.new()


func _init() -> void:
	var style := StyleBoxFlat.new()
	style.bg_color = Color(0.08, 0.09, 0.12)
	style.border_color = Color(1, 0.85, 0.3)
	style.set_border_width_all(2)
	style.set_corner_radius_all(10)
	style.set_content_margin_all(10)
	add_theme_stylebox_override("panel", style)
	var box := VBoxContainer.new()
	box.add_theme_constant_override("separation", 6)
	add_child(box)
	_add_heading(box, _title, "Title", 22)
	_add_heading(box, _subtitle, "Subtitle", 16)
	_board.name = "Scoreboard"
	_board.columns = 4
	_board.add_theme_constant_override("h_separation", 28)
	_rows.name = "Rows"
	_rows.horizontal_scroll_mode = ScrollContainer.SCROLL_MODE_DISABLED
	_rows.add_child(_board)
	box.add_child(_rows)
	_again.name = "PlayAgain"
	_again.text = "Play again"
	_again.size_flags_horizontal = Control.SIZE_SHRINK_CENTER
	_again.add_theme_font_size_override("font_size", 18)
	for state: String in BUTTON_FILLS:
		_again.add_theme_stylebox_override(state, _button_style(BUTTON_FILLS[state]))
	_again.add_theme_color_override("font_color", Color.WHITE)
	_again.add_theme_color_override("font_hover_color", Color.WHITE)
	_again.pressed.connect(play_again_pressed.emit)
	box.add_child(_again)


## Shows the end of [param rules]' game; [param names] and [param tokens_used] by player id.
func show_result(rules: GameRules, names: Dictionary, tokens_used: Dictionary) -> void:
	var winner := rules.get_winner()
	var ids := Array(rules.get_player_ids())
	var points := {}
	var out := {}
	for player_id: int in ids:
		var state := rules.get_player_state(player_id)
		points[player_id] = state["victory_points"]
		out[player_id] = state["eliminated"]
	# Best first, the eliminated after everyone still in the game.
	ids.sort_custom(
		func(a: int, b: int) -> bool:
			return out[b] and not out[a] or out[a] == out[b] and points[a] > points[b]
	)
	# A draw is between the players who share the most points, not everyone.
	var leaders := ids.filter(
		func(player_id: int) -> bool:
			return (
				player_id == winner
				or (
					winner == GameRules.NO_PLAYER
					and not out[player_id]
					and points[player_id] == points[ids[0]]
				)
			)
	)
	var named := leaders.map(
		func(player_id: int) -> String: return names.get(player_id, "player %d" % player_id)
	)
	# The title is the bag display's banner, word for word.
	_title.text = "Game over: a draw"
	_subtitle.text = ""
	if winner != GameRules.NO_PLAYER:
		_title.text = "Game over: %s wins!" % named[0]
	elif leaders.size() == 2:
		var pair := named.map(
			func(text: String) -> String: return CardText.shortened(text, DRAW_NAME_CHARS)
		)
		_subtitle.text = (
			"%s and %s share the lead with %d VP" % [pair[0], pair[1], points[leaders[0]]]
		)
	elif leaders.size() > 2:
		# The leaders' rows, in gold, name them.
		_subtitle.text = (
			"%d players share the lead with %d VP" % [leaders.size(), points[leaders[0]]]
		)
	_subtitle.visible = _subtitle.text != ""
	for child in _board.get_children():
		child.free()
	for heading in ["Player", "VP", "Tier", "Tokens used"]:
		_cell(heading, Color(0.7, 0.7, 0.75))
	for player_id: int in ids:
		var state := rules.get_player_state(player_id)
		var ink := Color(1, 0.85, 0.3) if player_id in leaders else Color.WHITE
		var shown_name: String = names.get(player_id, "player %d" % player_id)
		if out[player_id]:
			# Before the name, where a long name's "…" cannot cut it off.
			ink = OUT_INK
			shown_name = "(out) " + shown_name
		var name_cell := _cell(shown_name, ink)
		name_cell.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
		name_cell.custom_minimum_size = Vector2(NAME_WIDTH, 0)
		_cell(str(state["victory_points"]), ink)
		_cell(str(state["command_tier"]), ink)
		_cell(str(tokens_used.get(player_id, 0)), ink)
	# The heading and the players shown, each row as tall as the rows are on average.
	var shown := ROWS_SHOWN if ids.size() <= ROWS_SHOWN else ROWS_SHOWN - 1
	var height := _board.get_combined_minimum_size().y
	_rows.custom_minimum_size.y = minf(height, height / (ids.size() + 1) * (shown + 1))


## The scoreboard's rows (a header and a row per player), each as its texts.
func get_rows() -> Array[PackedStringArray]:
	var rows: Array[PackedStringArray] = []
	var cells := _board.get_children()
	for start in range(0, cells.size(), _board.columns):
		var row := PackedStringArray()
		for cell in cells.slice(start, start + _board.columns):
			row.append((cell as Label).text)
		rows.append(row)
	return rows


# Adds [param label] to [param box] as a centred gold heading named [param label_name], of
# [param font_size], wrapped within the title's width.
func _add_heading(box: VBoxContainer, label: Label, label_name: String, font_size: int) -> void:
	label.name = label_name
	label.text_direction = Control.TEXT_DIRECTION_INHERITED
	label.add_theme_font_size_override("font_size", font_size)
	label.add_theme_color_override("font_color", Color(1, 0.85, 0.3))
	label.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
	label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	label.custom_minimum_size = Vector2(TITLE_WIDTH, 0)
	box.add_child(label)


func _cell(text: String, color: Color) -> Label:
	var label := Label.new()
	label.text = text
	# "(out) name" in the UI's direction, whatever script the name is written in.
	label.text_direction = Control.TEXT_DIRECTION_INHERITED
	label.add_theme_font_size_override("font_size", 18)
	label.add_theme_color_override("font_color", color)
	_board.add_child(label)
	return label


func _button_style(fill: Color) -> StyleBoxFlat:
	var style := StyleBoxFlat.new()
	style.bg_color = fill
	style.border_color = Color(1, 0.85, 0.3)
	style.set_border_width_all(2)
	style.set_corner_radius_all(6)
	style.content_margin_left = 24
	style.content_margin_right = 24
	style.content_margin_top = 4
	style.content_margin_bottom = 4
	return style
