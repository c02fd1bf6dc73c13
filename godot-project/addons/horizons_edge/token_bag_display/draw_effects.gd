@tool
extends Node
## What a draw feels like on a [TokenBagDisplay]: a short sound, the bag shaking as the hand goes
## in, a burst of the owner's colour when one of the last tokens comes out, and the bag pulsing
## while few tokens are left. Made in code, so the addon ships no audio or texture files.

## Sample rate of the generated draw sound.
const MIX_RATE := 22050
## Length of the draw sound, in seconds.
const SOUND_SECONDS := 0.09

var _player := AudioStreamPlayer.new()
var _burst := CPUParticles2D.new()
# The row the burst goes off at.
var _row: Control
# The bag's pulse, and the seconds of half a pulse (0 while the bag does not pulse).
var _pulse: Tween
var _pulse_half := 0.0


## Dresses [param flyer], the token that flies from the bag to its owner's row, in the owner's
## [param color]: a round token, with a gold rim for a double-action token.
static func dress_flyer(flyer: Panel, color: Color, double_action: bool) -> void:
	var style := StyleBoxFlat.new()
	style.bg_color = color
	style.border_color = Color.GOLD if double_action else Color.WHITE
	style.set_border_width_all(4 if double_action else 2)
	style.set_corner_radius_all(int(flyer.size.x / 2.0))
	flyer.add_theme_stylebox_override("panel", style)


## Puts [param flyer] [param progress] (0 to 1) of the way down [param panel]'s left margin,
## where there is no text to cover, from beside [param bag] to beside [param row]; from the
## layout as it is now, so a panel laid out or resized in flight puts it in the right place.
static func place_flyer(
	flyer: Control, panel: Control, bag: Control, row: Control, progress: float
) -> void:
	var lane := (
		panel.global_position.x + panel.get_theme_stylebox("panel").content_margin_left / 2.0
	)
	var from := bag.get_global_rect().get_center().y
	var to := row.get_global_rect().get_center().y
	flyer.global_position = Vector2(lane, lerpf(from, to, progress)) - flyer.size / 2.0


# The children are made with the node, so they go wherever it goes, in the tree or not.
func _init() -> void:
	_player.name = "DrawSound"
	_player.stream = _draw_sound()
	_player.volume_db = -8.0
	add_child(_player)
	_burst.name = "Burst"
	_burst.emitting = false
	_burst.one_shot = true
	_burst.explosiveness = 0.9
	_burst.amount = 40
	_burst.lifetime = 0.8
	_burst.direction = Vector2.UP
	_burst.spread = 180.0
	_burst.initial_velocity_min = 80.0
	_burst.initial_velocity_max = 220.0
	_burst.gravity = Vector2(0, 300)
	_burst.scale_amount_min = 3.0
	_burst.scale_amount_max = 6.0
	_burst.z_index = 10
	add_child(_burst)


func _process(_delta: float) -> void:
	_follow_row()
	if not _burst.emitting:
		set_process(false)


func _exit_tree() -> void:
	_player.stop()
	stop_celebrating()


## A token is drawn: the draw sound (unless [param muted]), and [param bag] wobbles for
## [param seconds] (its panel's skew: a container would undo a rotation or an offset). With no
## time to show it (draws shown at once, as when a game fast-forwards), neither.
func draw(bag: Control, seconds: float, muted: bool) -> void:
	if seconds <= 0.0:
		return
	if not muted and is_inside_tree():
		_player.play()
	var style := _own_style(bag)
	if style == null:
		return
	var shake := bag.create_tween()
	var step := seconds / 4.0
	shake.tween_property(style, "skew", Vector2(0.25, 0), step)
	shake.tween_property(style, "skew", Vector2(-0.25, 0), step * 2.0)
	shake.tween_property(style, "skew", Vector2.ZERO, step)


## One of the last tokens was drawn: a burst of [param color] at the centre of [param row]. The
## burst follows the row while it goes off, so a row laid out only at the end of this frame (made
## or moved just now) still gets it in the right place.
func celebrate(row: Control, color: Color) -> void:
	_row = row
	_follow_row()
	_burst.color = color
	_burst.restart()
	set_process(true)


## Takes a burst off the screen at once (the game is over: the winner's banner is not the last
## token's owner's moment).
func stop_celebrating() -> void:
	_burst.emitting = false
	_burst.visible = false
	_row = null


## [param bag] pulses, each half of a pulse taking [param half] seconds; 0 stops the pulse. A pulse
## of another speed replaces the one running.
func pulse(bag: Control, half: float) -> void:
	var running := _pulse != null and _pulse.is_valid()
	if half == _pulse_half and running == (half > 0.0):
		return
	if _pulse != null:
		_pulse.kill()
		_pulse = null
	_pulse_half = half
	if half <= 0.0:
		bag.modulate = Color.WHITE
		return
	_pulse = bag.create_tween().set_loops()
	_pulse.tween_property(bag, "modulate", Color(1.6, 1.3, 0.7), half)
	_pulse.tween_property(bag, "modulate", Color.WHITE, half)


## Whether the burst is playing.
func is_celebrating() -> bool:
	return _burst.emitting


func _follow_row() -> void:
	if is_instance_valid(_row) and _row.is_inside_tree():
		_burst.global_position = _row.get_global_rect().get_center()
	# The burst is drawn on its own (not inside the display's canvas): it hides with the row,
	# as when the display or a screen holding it is hidden (it fell over the lobby after Leave).
	_burst.visible = is_instance_valid(_row) and _row.is_visible_in_tree()


# The bag's panel style, made the bag's own the first time, so that shaking one display's bag
# leaves every other display's alone.
func _own_style(bag: Control) -> StyleBoxFlat:
	var style := bag.get_theme_stylebox("panel") as StyleBoxFlat
	if style == null:
		return null
	if not style.has_meta(&"draw_effects_own"):
		style = style.duplicate() as StyleBoxFlat
		style.set_meta(&"draw_effects_own", true)
		bag.add_theme_stylebox_override("panel", style)
	return style


# A wooden "tok": a decaying low tone with a click of noise at its start.
func _draw_sound() -> AudioStreamWAV:
	var frames := int(MIX_RATE * SOUND_SECONDS)
	var data := PackedByteArray()
	data.resize(frames * 2)
	var noise := RandomNumberGenerator.new()
	noise.seed = 1
	for frame in frames:
		var t := float(frame) / MIX_RATE
		var envelope := exp(-t * 45.0)
		var tone := sin(TAU * 520.0 * t) * 0.6 + sin(TAU * 1180.0 * t) * 0.25
		var click := noise.randf_range(-1.0, 1.0) * exp(-t * 400.0) * 0.5
		data.encode_s16(frame * 2, int(clampf((tone * envelope + click) * 0.8, -1.0, 1.0) * 32767))
	var wav := AudioStreamWAV.new()
	wav.format = AudioStreamWAV.FORMAT_16_BITS
	wav.mix_rate = MIX_RATE
	wav.stereo = false
	wav.data = data
	return wav
