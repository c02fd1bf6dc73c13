@tool
extends PanelContainer
## One player's row of a [TokenBagDisplay]: their letter and name in their colour, tokens left /
## contributed, their pile as a bar and as pips, and what the next draw holds for them.

## A player's letter, by seat, so that players tell their rows apart without telling colours apart.
const SEAT_LETTERS := "ABCDEFGH"
## Spent tokens' pips, the same for every player: visible on every row's tint.
const SPENT_PIP_COLOR := Color(0.45, 0.45, 0.5)
## The background of a seat with no token left in the bag.
const SPENT_ROW_COLOR := Color(0.14, 0.14, 0.16)
## A pip's side, and the room between pips, in pixels.
const PIP_SIZE := 12
const PIP_SEPARATION := 3
## Rows show a pip per token up to this many (the top command tier's 6); past it, the first
## tokens' pips and "+N" for the others in the room of the last two. Every row's pips take the
## room of this many, so the columns line up and the panel keeps its width whoever has more.
const MAX_PIPS := 6
const Contrast := preload("contrast.gd")

var _color: Color
var _style := StyleBoxFlat.new()
var _name: Label
var _count: Label
var _bar: ProgressBar
var _pips: HBoxContainer
# "+N": the tokens past the pips shown.
var _more: Label
var _next: Label


# Godot 4.5's OVERRUN_TRIM_ELLIPSIS_FORCE where the engine has it, else OVERRUN_TRIM_ELLIPSIS
# (which leaves the "…" out when few characters would be left).
static func _ellipsis_overrun() -> TextServer.OverrunBehavior:
	var force := "OVERRUN_TRIM_ELLIPSIS_FORCE"
	if ClassDB.class_has_integer_constant("TextServer", force):
		return ClassDB.class_get_integer_constant("TextServer", force) as TextServer.OverrunBehavior
	return TextServer.OVERRUN_TRIM_ELLIPSIS


# A row for [param player_name] in [param color] at [param seat]; [param compact] leaves out the
# pips and uses smaller text.
func _init(player_name: String, seat: int, color: Color, compact: bool) -> void:
	_color = color
	var font_size := 14 if compact else 18
	_style.border_color = color.lightened(0.3)
	_style.set_corner_radius_all(4)
	_style.set_content_margin_all(2 if compact else 4)
	add_theme_stylebox_override("panel", _style)
	var line := HBoxContainer.new()
	line.name = "Line"
	line.add_theme_constant_override("separation", 8)
	add_child(line)
	var swatch := ColorRect.new()
	swatch.name = "Swatch"
	swatch.color = color
	swatch.custom_minimum_size = Vector2(18, 0)
	line.add_child(swatch)
	var letter := _label("Letter", SEAT_LETTERS[seat % SEAT_LETTERS.length()], font_size - 4)
	letter.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
	letter.set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
	letter.add_theme_color_override("font_color", Contrast.ink_on(color))
	swatch.add_child(letter)
	# The name takes the width the row can spare, and ends in "…" where it has to be cut (even
	# where few letters are left, on Godot 4.5 and later: "WWWWWWW" was two names), whole in its
	# tooltip. Its least width gave the count its room for two digits, so the panel kept its
	# size. "(out) name" in the UI's direction, whatever script the name is written in.
	_name = _label("Name", player_name, font_size)
	_name.custom_minimum_size = Vector2(110 if compact else 116, 0)
	_name.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_name.text_overrun_behavior = _ellipsis_overrun()
	_name.text_direction = Control.TEXT_DIRECTION_INHERITED
	_name.mouse_filter = Control.MOUSE_FILTER_PASS
	_name.tooltip_text = player_name
	line.add_child(_name)
	_count = _label("Count", "0 / 0", font_size)
	_fit_count()
	_count.horizontal_alignment = HORIZONTAL_ALIGNMENT_RIGHT
	line.add_child(_count)
	_bar = ProgressBar.new()
	_bar.name = "Bar"
	_bar.show_percentage = false
	_bar.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_bar.size_flags_vertical = Control.SIZE_SHRINK_CENTER
	_bar.custom_minimum_size = Vector2(60, 10 if compact else 16)
	var fill := StyleBoxFlat.new()
	fill.bg_color = color
	fill.set_corner_radius_all(3)
	_bar.add_theme_stylebox_override("fill", fill)
	line.add_child(_bar)
	_pips = HBoxContainer.new()
	_pips.name = "Pips"
	_pips.visible = not compact
	_pips.add_theme_constant_override("separation", PIP_SEPARATION)
	_pips.custom_minimum_size.x = MAX_PIPS * PIP_SIZE + (MAX_PIPS - 1) * PIP_SEPARATION
	for index in MAX_PIPS:
		var pip := ColorRect.new()
		pip.custom_minimum_size = Vector2(PIP_SIZE, PIP_SIZE)
		pip.size_flags_vertical = Control.SIZE_SHRINK_CENTER
		_pips.add_child(pip)
	_more = _label("More", "", 12)
	_more.custom_minimum_size.x = 2 * PIP_SIZE + PIP_SEPARATION
	_more.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
	_pips.add_child(_more)
	line.add_child(_pips)
	_next = _label("Chance", "–", font_size)
	_next.custom_minimum_size = Vector2(52, 0)
	_next.horizontal_alignment = HORIZONTAL_ALIGNMENT_RIGHT
	line.add_child(_next)
	show_state(0, 0, 1, "–", false, null, 0.0)


func _notification(what: int) -> void:
	if what == NOTIFICATION_THEME_CHANGED and _count != null:
		_fit_count()


## Shows [param player_name] (a player renamed, a game loaded).
func show_name(player_name: String) -> void:
	_name.text = player_name
	_name.tooltip_text = player_name


## Shows [param left] of [param contributed] tokens (the bar scaled to [param most]),
## [param next_text] in the last column, highlighted when [param active]; the bar slides over
## [param seconds] on [param settle] when it is given.
func show_state(
	left: int,
	contributed: int,
	most: int,
	next_text: String,
	active: bool,
	settle: Tween,
	seconds: float
) -> void:
	_count.text = "%d / %d" % [left, contributed]
	_next.text = next_text
	_bar.max_value = maxi(1, most)
	if settle != null:
		settle.tween_property(_bar, "value", float(left), seconds)
	else:
		_bar.value = left
	_show_pips(left, contributed)
	_style.set_border_width_all(3 if active else 0)
	# A seat out of tokens turns grey, not faint: its text stays readable (WCAG AA).
	var spent := left == 0 and not active
	_style.bg_color = SPENT_ROW_COLOR if spent else _color.darkened(0.45 if active else 0.75)
	_name.add_theme_color_override(
		"font_color", Contrast.readable_on(_color.lightened(0.4), _style.bg_color)
	)


# A pip per token, in colour while it is in the bag; past MAX_PIPS tokens, "+N" after the first.
func _show_pips(left: int, contributed: int) -> void:
	var shown := contributed if contributed <= MAX_PIPS else MAX_PIPS - 2
	for index in MAX_PIPS:
		var pip := _pips.get_child(index) as ColorRect
		pip.visible = index < shown
		pip.color = _color if index < left else SPENT_PIP_COLOR
	_more.visible = contributed > shown
	_more.text = "+%d" % (contributed - shown)


# Makes the count as wide as its widest text, so that a row (and the panel) keeps its width
# however many tokens are left (two digits took more than the room for one).
func _fit_count() -> void:
	var most := CommandTokenBag.MAX_TOKENS_PER_PLAYER
	var widest := "%d / %d" % [most, most]
	var font := _count.get_theme_font("font")
	var font_size := _count.get_theme_font_size("font_size")
	var width := font.get_string_size(widest, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
	_count.custom_minimum_size.x = ceilf(width)


func _label(node_name: String, text: String, font_size: int) -> Label:
	var label := Label.new()
	label.name = node_name
	label.text = text
	label.vertical_alignment = VERTICAL_ALIGNMENT_CENTER
	label.add_theme_font_size_override("font_size", font_size)
	return label
