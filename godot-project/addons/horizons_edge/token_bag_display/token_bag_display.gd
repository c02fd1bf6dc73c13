@tool
@icon("res://addons/horizons_edge/icons/token_bag_display.svg")
class_name TokenBagDisplay
extends PanelContainer
## The command token bag of a [GameRules], on screen: tokens left in the bag, a row per player
## in their colour (name, tokens left / contributed, their pile as a bar, the chance that the
## next draw is theirs), the active player, a draw animation and "Round Complete!".
##
## Inject the rules ([code]display.rules = rules[/code]); the display only listens to their
## signals and reads their state. [GameRules] emits its signals once a whole call is done (the
## action that ends a round has already started the next one), so the display keeps its own
## counts from the signals' arguments and holds "Round Complete!" for
## [member round_complete_hold] seconds before it shows the next round. A new game on the same
## rules ([method GameRules.setup] again, then [method GameRules.start_game]) replaces all the
## display shows of the game before as soon as it starts, the game-over banner included, as a
## loaded game does.
##
## A game with its own round loop can inject a bare [CommandTokenBag] instead
## ([member token_bag]): the display follows its draws and the tokens put in or taken out (a bag
## refilled for a new round shows that round), shows "Round Complete!" when it is emptied, and
## reads it again on [method refresh] (after a load, say). A game that has neither — an online
## client, which only receives snapshots — calls [method show_view] with each snapshot's bag.
##
## Instance [code]token_bag_display.tscn[/code], or create the node in code
## ([code]TokenBagDisplay.new()[/code]) or from the Create Node dialog: a display created bare
## builds the scene's parts itself when it enters the tree. In the editor it shows a preview
## (four players part way through a round) and does not touch [member rules].

## A drawn token reached its owner's row (or was shown at once, with no animation).
signal draw_shown(player_id: int)
## The display has shown every change the game made so far ([method is_caught_up] turned true):
## after each change shown at once, after the last of a run of animations ("Round Complete!"
## held, a token's flight) and after [method refresh]. A view of the same game (player panels, a
## log) that updates on this signal never runs ahead of the display.
signal caught_up

## Added to the drawn token's line when it is a double-action token (short, so that it fits
## beside a name; [constant DOUBLE_ACTION_HINT] says what it means on the line under it).
const DOUBLE_ACTION_TEXT := " ×2"
## Put before the hint under a double-action token's line.
const DOUBLE_ACTION_HINT := "Double-action token: two actions in all · "
## The chance column of a player the mercy rule passes over for the next draw.
const CAPPED_TEXT := NextColumn.CAPPED_TEXT
## Put before the name of a player eliminated from the game (before it, where a long name's
## "…" cannot cut it off).
const OUT_TEXT := "(out) "
## The text shown when a round ends.
const ROUND_COMPLETE_TEXT := "Round Complete!"
## Behind the panel's own text (the title, whose token it is).
const PANEL_BACKGROUND := Color(0.1, 0.11, 0.14)
## One player's row ([code]player_row.gd[/code]).
const PlayerRow := preload("player_row.gd")
## What the display reads of the game it shows ([code]bag_source.gd[/code]).
const BagSource := preload("bag_source.gd")
## The draws heard of, against what the game did since ([code]draws_heard.gd[/code]).
const DrawsHeard := preload("draws_heard.gd")
## Readable text on the players' colours ([code]contrast.gd[/code]).
const Contrast := preload("contrast.gd")
## A draw's sound, shake, burst and pulse ([code]draw_effects.gd[/code]).
const DrawEffects := preload("draw_effects.gd")
## Each row's chance column ([code]next_column.gd[/code]).
const NextColumn := preload("next_column.gd")
## The parts a bare display builds ([code]scene_parts.gd[/code]).
const SceneParts := preload("scene_parts.gd")
## The checks of the timings and counts a script sets ([code]setting_check.gd[/code]).
const SettingCheck := preload("../setting_check.gd")
## The hint and the round's end lines ([code]status_lines.gd[/code]).
const StatusLines := preload("status_lines.gd")
## The check of the views [method show_view] is given ([code]view_check.gd[/code]).
const ViewCheck := preload("view_check.gd")
## The views [method show_view] is given, as the display follows them
## ([code]view_queue.gd[/code]).
const ViewQueue := preload("view_queue.gd")
# How many of the next activations the order column looks ahead (all a round can hold).
const _ORDER_DEPTH := 1000

## The rules whose bag is shown. Setting it connects to their signals and reads the current bag.
@export var rules: GameRules:
	set = set_rules
@export_group("Look")
## Player colours, by seat (the order of [method GameRules.get_player_ids]).
@export var player_colors: Array[Color] = [
	Color("e6194b"),
	Color("3cb44b"),
	Color("4363d8"),
	Color("f58231"),
	Color("911eb4"),
	Color("42d4f4"),
	Color("f032e6"),
	Color("bfef45"),
]:
	set = set_player_colors
## Compact mode: smaller rows without the token pips, for a side panel.
@export var compact := false:
	set = set_compact
@export_group("Timing")
## Seconds a drawn token takes to fly from the bag to its owner's row; 0 shows draws at once.
## Each timing refuses a negative or non-finite value (NAN, an infinity) with an error and keeps
## the one it had; a very long one is allowed (more than [member catch_up_after] changes waiting
## cut a flight or a hold short).
@export_range(0.0, 3.0, 0.05) var draw_duration := 0.5:
	set = set_draw_duration
## Seconds bars take to settle after a change; 0 jumps.
@export_range(0.0, 3.0, 0.05) var transition_duration := 0.25:
	set = set_transition_duration
## Seconds "Round Complete!" stays on screen before the next round is shown.
@export_range(0.0, 10.0, 0.1) var round_complete_hold := 1.5:
	set = set_round_complete_hold
## Changes waiting to be shown at which the display hurries: it shows them without flights or
## holds until it has caught up with the game (a game that fast-forwards, bots without delays),
## and one more change cuts the flight or hold on screen short, however long ([method catch_up]).
## A value less than 1 is refused with an error, as for [member anticipation_threshold].
@export_range(1, 100) var catch_up_after := 4:
	set = set_catch_up_after
@export_group("Feel")
## Tokens left at or below which the bag pulses.
@export_range(1, 64) var anticipation_threshold := 3:
	set = set_anticipation_threshold
## No draw sound.
@export var muted := false

## A bare bag to show when there is no [member rules]. Setting it connects to its signals (draws,
## tokens put in or taken out, the bag emptied).
var token_bag: CommandTokenBag:
	set = set_token_bag

var _round := 0
var _player_ids: Array[int] = []
var _names: Dictionary[int, String] = {}
# The players eliminated from the rules' game.
var _out: Dictionary[int, bool] = {}
var _left: Dictionary[int, int] = {}
var _contributed: Dictionary[int, int] = {}
var _chances: Dictionary[int, float] = {}
var _remaining := 0
var _round_total := 0
var _most_contributed := 0
var _active := -1
# Actions the drawn token gives (2 for a double-action token).
var _active_actions := 1
# The mercy rule's longest run of one player's draws (0: off), and the run shown so far.
var _max_streak := 0
var _streak_player := -1
var _streak := 0
# Tokens drawn this round, as shown.
var _drawn := 0
var _round_over := false
var _game_over := false
var _winner := -1
# What the game did that is not on screen yet: each a step that shows one change. A step that
# animates (a draw's flight, the "Round Complete!" hold) keeps the display busy until it is done,
# so every change is shown, in order, at the display's own pace, however fast the game goes.
var _queue: Array[Callable] = []
# The views show_view() was given: those waiting, and what the last one said.
var _views: ViewQueue
# In seat or initiative order, the rules' next activations as of the change on screen, taken
# when it happened (see _enqueue()): the rules may be further on by the time it is shown.
var _order := PackedInt64Array()
# The draws of the game followed whose token_drawn the display has heard.
var _heard := DrawsHeard.new()
var _effects: DrawEffects
var _busy := false
# While catch_up() shows what waits: everything at once.
var _rushing := false
# The player whose token is in flight, or -1.
var _flying := -1
var _rows: Dictionary[int, PlayerRow] = {}
# Each player's segment of the colour share bar.
var _segments: Dictionary[int, ColorRect] = {}
var _rows_for: Array[int] = []
# The animation of the step being shown (a token's flight, the "Round Complete!" hold), whose end
# lets the next one go; refresh() stops it.
var _step: Tween

# The scene's parts, found (or built, for a bare display) in _ready().
var _round_label: Label
var _bag: PanelContainer
var _remaining_label: Label
var _active_label: Label
var _hint_label: Label
var _share_bar: HBoxContainer
var _rows_box: VBoxContainer
var _banner: Label
# The whole text of the hint and the banner (their words may be cut to fit).
var _hint_text := ""
var _banner_text := ROUND_COMPLETE_TEXT
var _flyer: Panel


# The views are taken from the start: show_view() may be called before the display is ready.
func _init() -> void:
	_views = (
		ViewQueue
		. new(
			{
				"draw": _show_draw,
				"at_once": _at_once,
				"round_end": _show_round_end,
				"round_start": _show_round_start,
				"restored": _show_restored,
				"game_over": _show_game_over,
			}
		)
	)


func _ready() -> void:
	if get_node_or_null("%RoundLabel") == null:
		SceneParts.build(self)
	_round_label = %RoundLabel
	_bag = %Bag
	_remaining_label = %RemainingLabel
	_active_label = %ActiveLabel
	_hint_label = %HintLabel
	_reserve_hint_lines()
	_hint_label.theme_changed.connect(_on_hint_theme_changed)
	_share_bar = %ShareBar
	_rows_box = %Rows
	_banner = %Banner
	_flyer = %Flyer
	_banner.visible = false
	_flyer.visible = false
	# Their words are cut to their width, so they are fitted again when that changes.
	for label: Label in [_hint_label, _banner]:
		(label.get_parent_control() as Control).resized.connect(_fit_lines)
	_effects = DrawEffects.new()
	_effects.name = "DrawEffects"
	add_child(_effects)
	if Engine.is_editor_hint():
		_show_preview()
		return
	_read_bag()
	_refresh(false)
	_show_waiting_views()


## Shows [param value]'s bag from now on (null shows an empty display).
func set_rules(value: GameRules) -> void:
	if Engine.is_editor_hint():
		rules = value
		return
	if rules != null:
		for wire: Array in _rules_wiring():
			if (wire[0] as Signal).is_connected(wire[1]):
				(wire[0] as Signal).disconnect(wire[1])
	rules = value
	if rules != null:
		for wire: Array in _rules_wiring():
			(wire[0] as Signal).connect(wire[1])
	refresh()


## Shows [param value] (a bag not owned by a [GameRules]; null shows an empty display).
func set_token_bag(value: CommandTokenBag) -> void:
	if token_bag != null and token_bag.token_drawn.is_connected(_on_token_drawn):
		token_bag.token_drawn.disconnect(_on_token_drawn)
		token_bag.bag_changed.disconnect(_on_bare_bag_changed)
		token_bag.bag_emptied.disconnect(_on_bare_bag_emptied)
	token_bag = value
	if token_bag != null:
		token_bag.token_drawn.connect(_on_token_drawn)
		token_bag.bag_changed.connect(_on_bare_bag_changed)
		token_bag.bag_emptied.connect(_on_bare_bag_emptied)
	refresh()


## Reads everything again from the rules or the bag and shows it at once, ending any
## "Round Complete!" hold: for a bare [member token_bag] cleared or loaded, which it does not signal
## (and forgetting the views [method show_view] was given, for a new online game). Before the
## display is ready it only forgets: it reads everything as it enters the tree.
func refresh() -> void:
	_queue.clear()
	if _step != null:
		_step.kill()
		_step = null
	_flying = -1
	_busy = false
	_views.forget()
	if not is_node_ready():
		return
	_flyer.visible = false
	_banner.visible = false
	_read_bag()
	_refresh(false)
	caught_up.emit()


## Shows the bag as a client of an online game receives it, with neither [member rules] nor
## [member token_bag]: [param bag] is a snapshot's [code]bag[/code] (see
## [method GameRules.get_snapshot_for]: [code]remaining[/code], each player's
## [code]contributed[/code] and [code]remaining[/code], the tokens [code]drawn[/code]) in round
## [param round_number]; [param names] (Strings) by player id. A view a few draws on from the last
## is shown as those draws, a view of a new round after "Round Complete!" for the last, anything
## else at once; views that come faster than the animations wait their turn, so a "Round Complete!"
## hold is not cut short by the next round's first views, until [member catch_up_after] changes
## wait: then a new view shows them all at once ([method catch_up]) before its own. A client whose
## player must act can call [method catch_up], or wait for [signal caught_up] before offering the
## choice, as the bundled online table does.
## [param winner_id] (a player id, or -1 for a draw) shows the end of the game at once, once it is
## over. A change to the bag that is not a draw (tokens an effect adds or takes, a reserve token, an
## elimination) is shown at once, after the view's draws. A malformed view, or one given to a
## display that follows [member rules] or a [member token_bag], is refused with an error naming what
## is wrong, and the display is left as it was.
## A view shown from a [signal draw_shown] or [signal caught_up] handler while another view's
## changes are being queued is shown once they are all queued, after them. Views given before
## the display is ready wait, and are shown in order as it enters the tree.
func show_view(
	round_number: int, bag: Dictionary, names: Dictionary, game_over := false, winner_id := -1
) -> void:
	var problem := ViewCheck.problem_of(bag, names)
	if rules != null or token_bag != null:
		problem = "the display follows its %s" % ("rules" if rules != null else "token_bag")
	if problem != "":
		push_error("TokenBagDisplay.show_view: %s; the view is ignored" % problem)
		return
	_views.waiting.append([round_number, bag, BagSource.shown_names(names), game_over, winner_id])
	_show_waiting_views()


## Shows at once every change still waiting: a token in flight lands, a "Round Complete!" hold
## ends, and the rest is shown without animations. For a game that must not wait for the display
## (an online client whose player is to act, the end of a game); [signal caught_up] follows.
## Before the display is ready nothing is on screen to wait for: the views it was given are shown
## as it enters the tree.
func catch_up() -> void:
	if is_caught_up() or not is_node_ready():
		return
	if _step != null:
		_step.kill()
		_step = null
	_busy = false
	var landed := _flying
	_flying = -1
	_flyer.visible = false
	if landed >= 0:
		draw_shown.emit(landed)
	_rushing = true
	_show_queued()
	_rushing = false


## Switches compact mode.
func set_compact(value: bool) -> void:
	compact = value
	_rebuild_if_ready()


## Sets [member player_colors] and colours the rows anew at once (assign a whole Array: a colour
## changed in place is not seen until the rows are next built).
func set_player_colors(value: Array[Color]) -> void:
	player_colors = value
	_rebuild_if_ready()


## Sets [member draw_duration], unless [param value] is negative or not finite: then it logs an
## error and keeps the old value, as the other setters of timings and counts do.
func set_draw_duration(value: float) -> void:
	draw_duration = SettingCheck.seconds("TokenBagDisplay.draw_duration", value, draw_duration)


## Sets [member transition_duration], unless [param value] is negative or not finite.
func set_transition_duration(value: float) -> void:
	transition_duration = SettingCheck.seconds(
		"TokenBagDisplay.transition_duration", value, transition_duration
	)


## Sets [member round_complete_hold], unless [param value] is negative or not finite.
func set_round_complete_hold(value: float) -> void:
	round_complete_hold = SettingCheck.seconds(
		"TokenBagDisplay.round_complete_hold", value, round_complete_hold
	)


## Sets [member catch_up_after], unless [param value] is less than 1.
func set_catch_up_after(value: int) -> void:
	catch_up_after = SettingCheck.count("TokenBagDisplay.catch_up_after", value, catch_up_after)


## Sets [member anticipation_threshold], unless [param value] is less than 1.
func set_anticipation_threshold(value: int) -> void:
	anticipation_threshold = SettingCheck.count(
		"TokenBagDisplay.anticipation_threshold", value, anticipation_threshold
	)


## The tokens left in the bag, as shown.
func get_remaining() -> int:
	return _remaining


## The player whose token was drawn last this round, or -1.
func get_active_player() -> int:
	return _active


## Whether "Round Complete!" is on screen.
func is_round_complete_shown() -> bool:
	return is_node_ready() and _banner.visible and not _game_over


## Whether every change the rules made has been shown: nothing waits and nothing animates. A
## driver that paces the game (the bundled game's [code]GameManager[/code]) waits for this before
## its next draw, so the display never falls behind the game. Views given before the display is
## ready wait until it is.
func is_caught_up() -> bool:
	return not _busy and _queue.is_empty() and _views.waiting.is_empty()


## Whether the game-over banner (the winner, or a draw) is on screen.
func is_game_over_shown() -> bool:
	return is_node_ready() and _banner.visible and _game_over


# What the editor shows: four players part way through round 1, player 2's token just drawn.
func _show_preview() -> void:
	_player_ids.assign([1, 2, 3, 4])
	_round = 1
	_remaining = 9
	_round_total = 16
	_most_contributed = 4
	_active = 2
	for player_id in _player_ids:
		_names[player_id] = "Player %d" % player_id
		_contributed[player_id] = 4
		_left[player_id] = [3, 1, 4, 1][player_id - 1]
	_refresh(false)


# Shows the views show_view() was given, in order, once the display is ready (not again from a
# handler inside one: the loop below takes the ones such a handler adds).
func _show_waiting_views() -> void:
	if _views.taking or not is_node_ready():
		return
	_views.taking = true
	while not _views.waiting.is_empty():
		_show_view.callv(_views.waiting.pop_front())
	_views.taking = false


# Shows a view show_view() took (its arguments, checked): its steps queued.
func _show_view(
	round_number: int, bag: Dictionary, names: Dictionary, game_over: bool, winner_id: int
) -> void:
	var ends := game_over and not _views.over
	var steps := _views.take(round_number, bag, names, game_over, winner_id)
	# Far behind (a burst of views): what waits is shown at once, the step in progress included.
	var forgotten := _views.forgotten
	if not steps.is_empty() and _queue.size() >= catch_up_after:
		catch_up()
	# Queued one by one, as each may be shown at once; a handler that called refresh() meanwhile
	# has forgotten this view.
	for step in steps:
		if _views.forgotten != forgotten:
			return
		_enqueue(step)
	if ends and _views.forgotten == forgotten:
		# The end is shown as it is: no draw or "Round Complete!" plays on after it.
		catch_up()


# Shows [param step] without its animation.
func _at_once(step: Callable) -> void:
	var rushing := _rushing
	_rushing = true
	step.call()
	_rushing = rushing


# Builds the rows anew and shows them (a look changed), once the scene is ready.
func _rebuild_if_ready() -> void:
	if is_node_ready():
		_rebuild_rows()
		_refresh(false)


# The [member rules] signals this display follows, each with its handler.
func _rules_wiring() -> Array[Array]:
	return [
		[rules.round_started, _on_round_started],
		[rules.token_drawn, _on_token_drawn],
		[rules.round_ended, _on_round_ended],
		[rules.player_eliminated, _on_player_eliminated],
		[rules.bag_changed, _on_bag_changed],
		[rules.action_undone, _on_action_undone],
		[rules.player_renamed, _on_player_renamed],
		[rules.game_over, _on_game_over],
		[rules.game_loaded, refresh],
		[rules.game_started, _on_game_started],
	]


# Takes the whole picture from the rules or the bare bag as they are now, all a fresh display
# would show: on injection, on refresh() and when a game is loaded.
func _read_bag() -> void:
	_player_ids.clear()
	_out.clear()
	_left.clear()
	_contributed.clear()
	_chances.clear()
	_remaining = 0
	_round_total = 0
	_most_contributed = 0
	_active = -1
	_active_actions = 1
	_max_streak = 0
	_streak_player = -1
	_streak = 0
	_round_over = false
	_game_over = rules != null and rules.get_phase() == GameRules.PHASE_GAME_OVER
	_winner = rules.get_winner() if _game_over else -1
	var bag := BagSource.current_bag(_live_rules(), token_bag)
	_heard.reset(_live_rules(), token_bag)
	_order = _rules_order()
	if bag == null:
		return
	var from_rules := bag != token_bag
	# Whose token was drawn last this round: the open activation's, if any.
	var history := bag.get_drawn_history()
	var streak := NextColumn.streak_of(history)
	_streak_player = streak[0]
	_streak = streak[1]
	_active = _streak_player
	_active_actions = NextColumn.actions_of(history)
	_drawn = history.size()
	if from_rules:
		_round = rules.get_round()
		_max_streak = BagSource.max_streak(_live_rules())
		if rules.get_active_player() != GameRules.NO_PLAYER:
			_active = rules.get_active_player()
	var counts := bag.get_remaining_counts()
	for player_id in rules.get_player_ids() if from_rules else bag.get_player_ids():
		_player_ids.append(player_id)
		_names[player_id] = BagSource.name_of(_live_rules(), player_id)
		if from_rules and rules.get_player_state(player_id)["eliminated"]:
			_out[player_id] = true
		var contributed := (
			bag.get_player_contributed_count(player_id) if counts.has(player_id) else 0
		)
		_left[player_id] = counts.get(player_id, 0)
		_contributed[player_id] = contributed
		_round_total += contributed
		_most_contributed = maxi(_most_contributed, contributed)
	_remaining = bag.get_remaining_count()


# The player the mercy rule passes over for the next draw, or -1: never one without a token left.
func _capped_player() -> int:
	if _max_streak <= 0 or _streak < _max_streak or _streak_player < 0:
		return -1
	var left: int = _left.get(_streak_player, 0)
	return _streak_player if left > 0 and _remaining > left else -1


# A game started on these rules (the first, or a new one set up and started again): the display
# shows its players at once, and what it shows or still holds of a game before gives way to it,
# as for a loaded game.
func _on_game_started(_started_ids: PackedInt64Array) -> void:
	refresh()


# The round's start as it was: a handler before the display may have played on since (tokens it
# added come with their own bag_changed).
func _on_round_started(round_number: int) -> void:
	if not _heard.hear(_live_rules(), ["round_started"]):
		return
	_heard.start_round(round_number)
	var snapshot := BagSource.round_start(_live_rules(), token_bag)
	_heard.counts_at_start(_live_rules(), snapshot["counts"])
	_enqueue(_show_round_start.bind(round_number, snapshot))


# A draw the display read already (a re-read from a handler before it) is not shown twice.
func _on_token_drawn(player_id: int, remaining: int) -> void:
	if not _heard.hear(_live_rules(), ["token_drawn"]):
		return
	var actions := _heard.hear_draw(_live_rules(), token_bag)
	_enqueue(_show_draw.bind(player_id, remaining, actions))


# Tokens put into the bare bag or taken out, not by a draw: its counts as of the draws heard (a
# handler before this one may have drawn; that token_drawn is still to come). A bag nothing was
# drawn from yet (filled for a new round, or cleared: its history is shorter) starts anew.
func _on_bare_bag_changed(_player_id: int, _change: int) -> void:
	var snapshot := BagSource.counts_now(_live_rules(), token_bag)
	for token in _heard.bare_unheard(token_bag):
		snapshot["left"][token.player_id] = snapshot["left"].get(token.player_id, 0) + 1
	if _heard.count == 0:
		_enqueue(_show_round_start.bind(_round, snapshot))
	else:
		_enqueue(_show_restored.bind(snapshot))


func _on_bare_bag_emptied() -> void:
	_on_round_ended(_round)


func _on_round_ended(round_number: int) -> void:
	if _heard.hear(_live_rules(), ["round_ended"]):
		_enqueue(_show_round_end.bind(round_number))


func _on_game_over(winner_id: int) -> void:
	if _heard.hear(_live_rules(), ["game_over"]):
		_enqueue(_show_game_over.bind(winner_id))


func _on_player_eliminated(player_id: int) -> void:
	if _heard.hear(_live_rules(), ["player_eliminated"]):
		_enqueue(_show_elimination.bind(player_id))


func _on_bag_changed(player_id: int, change: int) -> void:
	if _heard.hear(_live_rules(), ["tokens_added", "tokens_removed"]):
		_enqueue(_show_bag_change.bind(player_id, change))


func _on_player_renamed(player_id: int, new_name: String) -> void:
	if _heard.hear(_live_rules(), ["player_renamed"]):
		_enqueue(_show_rename.bind(player_id, new_name))


# An undone action's changes to the bag are gone: the counts as they are now, read now.
func _on_action_undone(_player_id: int) -> void:
	if _heard.hear(_live_rules(), ["action_undone"]):
		_enqueue(_show_restored.bind(BagSource.counts_now(_live_rules(), token_bag)))


# Queues [param step] and shows what it can. A change the rules or the bag signal while more than
# catch_up_after wait first ends the flight or hold on screen and shows them all at once, so a
# long one never keeps a backlog waiting (show_view() does the same, counting by view). The rules'
# order goes with the step as it is now, when the game is at that change. Nothing is queued
# before the display is ready: it reads the whole picture as it enters the tree.
func _enqueue(step: Callable) -> void:
	if not is_node_ready():
		return
	var order := _rules_order()
	if not _views.taking and _busy and _queue.size() >= catch_up_after:
		catch_up()
	_queue.append(_in_order.bind(step, order))
	_show_queued()


# Shows [param step] with [param order] as the next activations.
func _in_order(step: Callable, order: PackedInt64Array) -> void:
	_order = order
	step.call()


# The rules, or null once they are freed under the display (it then shows what it last read).
func _live_rules() -> GameRules:
	return rules if is_instance_valid(rules) else null


# The next activations as of the latest change this display has heard of: the draws a handler
# before it made since (their token_drawn still to come), then those the rules foresee now; empty
# for the bag (its order is secret), a bare bag or views.
func _rules_order() -> PackedInt64Array:
	if not is_instance_valid(rules) or Engine.is_editor_hint() or not rules.is_set_up():
		return PackedInt64Array()
	var upcoming := rules.get_upcoming_players(_ORDER_DEPTH)
	return _heard.order_as_heard(rules, token_bag, upcoming, _ORDER_DEPTH)


# Shows the changes waiting, one after another, until one animates.
func _show_queued() -> void:
	while not _busy and not _queue.is_empty():
		_queue.pop_front().call()
	if is_caught_up():
		caught_up.emit()


# Whether so many changes wait that the display shows them at once until it has caught up.
func _hurrying() -> bool:
	return _rushing or _queue.size() >= catch_up_after


# An animation is over: on to the next change.
func _step_done() -> void:
	_busy = false
	_show_queued()


func _show_round_start(round_number: int, snapshot: Dictionary) -> void:
	_banner.visible = false
	_round = round_number
	_round_over = false
	_active = -1
	_player_ids.assign(snapshot["ids"])
	_names.assign(snapshot["names"])
	_round_total = 0
	_most_contributed = 0
	_max_streak = snapshot.get("max_streak", 0)
	_streak_player = -1
	_streak = 0
	_drawn = snapshot.get("drawn", 0)
	for player_id in _player_ids:
		var contributed: int = snapshot["counts"].get(player_id, 0)
		# A round shown from its start has every token in; a client's view may join it later.
		_left[player_id] = snapshot.get("left", snapshot["counts"]).get(player_id, contributed)
		_contributed[player_id] = contributed
		_round_total += contributed
		_most_contributed = maxi(_most_contributed, contributed)
	_remaining = 0
	for player_id in _player_ids:
		_remaining += _left[player_id]
	_refresh(true)


func _show_draw(player_id: int, remaining: int, actions := 1) -> void:
	_active = player_id
	_active_actions = actions
	_streak = _streak + 1 if player_id == _streak_player else 1
	_streak_player = player_id
	_drawn += 1
	_remaining = remaining
	_left[player_id] = maxi(0, _left.get(player_id, 0) - 1)
	_refresh(true)
	# Draws shown at once (a game fast-forwarding, a display catching up): no sound, shake or
	# burst.
	var seconds := 0.0 if _hurrying() else minf(draw_duration, 0.3)
	_effects.draw(_bag, seconds, muted)
	if seconds > 0.0 and remaining < anticipation_threshold and _rows.has(player_id):
		_effects.celebrate(_rows[player_id], _color_of(player_id))
	_fly_token(player_id)


func _show_round_end(round_number: int) -> void:
	# "Round Complete!" and the row counts are not covered by the last token's burst.
	_effects.stop_celebrating()
	_round = round_number
	_round_over = true
	_remaining = 0
	for player_id in _player_ids:
		_left[player_id] = 0
	_refresh(true)
	_show_banner(ROUND_COMPLETE_TEXT)
	_banner.visible = true
	_banner.modulate = Color(1, 1, 1, 0)
	create_tween().tween_property(_banner, "modulate:a", 1.0, maxf(transition_duration, 0.01))
	if round_complete_hold <= 0.0 or _hurrying():
		return
	_busy = true
	# A tween rather than a timer: it dies with the display, so nothing waits on a freed node.
	_step = create_tween()
	_step.tween_callback(_step_done).set_delay(round_complete_hold)


func _show_game_over(winner_id: int) -> void:
	_effects.stop_celebrating()
	_game_over = true
	_winner = winner_id
	_active = -1
	_refresh(true)


# The bag as [param snapshot] found it after an undo, or as a view has it after a change that was
# not a draw; the activation and the draws stay as they were shown.
func _show_restored(snapshot: Dictionary) -> void:
	var shown := [_active, _streak_player, _streak, _drawn]
	_show_round_start(_round, snapshot)
	_active = shown[0]
	_streak_player = shown[1]
	_streak = shown[2]
	_drawn = shown[3]
	_refresh(true)


# A card put tokens into the bag (they count as put in this round) or took some out.
func _show_bag_change(player_id: int, change: int) -> void:
	var left: int = _left.get(player_id, 0)
	_left[player_id] = maxi(0, left + change)
	_remaining += _left[player_id] - left
	if change > 0:
		_contributed[player_id] = _contributed.get(player_id, 0) + change
		_round_total += change
		_most_contributed = maxi(_most_contributed, _contributed[player_id])
	_refresh(true)


func _show_elimination(player_id: int) -> void:
	_remaining -= _left.get(player_id, 0)
	_left[player_id] = 0
	_out[player_id] = true
	# The rules end an eliminated player's activation.
	if _active == player_id:
		_active = -1
	_refresh(true)


func _show_rename(player_id: int, new_name: String) -> void:
	_names[player_id] = new_name
	_refresh(true)


func _color_of(player_id: int) -> Color:
	var seat := _player_ids.find(player_id)
	if player_colors.is_empty() or seat < 0:
		return Color.GRAY
	return player_colors[seat % player_colors.size()]


func _rebuild_rows() -> void:
	_rows_for = _player_ids.duplicate()
	var parts: Array[Node] = [_rows_box, _share_bar]
	SceneParts.build_rows(parts, _player_ids, _names, _color_of, compact, _rows, _segments)


func _refresh(animate: bool) -> void:
	if _rows_for != _player_ids:
		_rebuild_rows()
	# Worked out on every refresh, so no change to the bag can leave the chances stale.
	_chances = NextColumn.chances(_player_ids, _left, _remaining, _capped_player())
	var seconds := transition_duration if animate else 0.0
	if _round > 0:
		_round_label.text = "Round %d" % _round
	else:
		_round_label.text = "" if rules == null else "Before round 1"
	_remaining_label.text = str(_remaining)
	if _game_over:
		_banner_text = _game_over_text()
		_banner.visible = true
		_banner.modulate = Color.WHITE
	var settle: Tween = null
	if seconds > 0.0 and not _player_ids.is_empty():
		settle = create_tween().set_parallel()
	var next_texts := _next_texts()
	for player_id in _player_ids:
		_refresh_row(player_id, next_texts[player_id], settle, seconds)
	_refresh_texts()
	# One line (cut with "…" where it must be, so the rows below stay put), whole in its tooltip.
	_active_label.tooltip_text = _active_label.text
	_fit_lines()
	_refresh_pulse()


func _game_over_text() -> String:
	if _winner < 0:
		return "Game over: a draw"
	return "Game over: %s wins!" % _names.get(_winner, "Player %d" % _winner)


# What each row says of the next draw (see NextColumn.texts()).
func _next_texts() -> Dictionary[int, String]:
	if _round_over or _game_over or _remaining <= 0:
		return NextColumn.dashes(_player_ids)
	return NextColumn.texts(_player_ids, _left, _chances, _upcoming(), _capped_player())


# The next activations in order as of the change on screen, as the rules foresaw them or the
# views told them; empty for a bag, whose next draw is secret.
func _upcoming() -> PackedInt64Array:
	if rules == null or Engine.is_editor_hint() or not rules.is_set_up():
		return _views.orders.get(_round, PackedInt64Array()).slice(_drawn)
	return _order


func _refresh_row(player_id: int, next_text: String, settle: Tween, seconds: float) -> void:
	var left: int = _left.get(player_id, 0)
	var active := player_id == _active and not _round_over and not _game_over
	var out := OUT_TEXT if _out.has(player_id) else ""
	_rows[player_id].show_name(out + _names.get(player_id, "Player %d" % player_id))
	_rows[player_id].show_state(
		left, _contributed.get(player_id, 0), _most_contributed, next_text, active, settle, seconds
	)
	var segment := _segments[player_id]
	segment.visible = left > 0
	if settle != null:
		settle.tween_property(segment, "size_flags_stretch_ratio", float(left), seconds)
	else:
		segment.size_flags_stretch_ratio = left


# Whether the round shown is the game's last: the game (the rules, or the views given) is over
# in it.
func _is_last_round() -> bool:
	if _views.over:
		return _round == _views.round_number
	var game := rules if is_instance_valid(rules) and rules.is_set_up() else null
	return (
		game != null
		and game.get_phase() == GameRules.PHASE_GAME_OVER
		and _round == game.get_round()
	)


func _refresh_texts() -> void:
	if _game_over:
		_active_label.text = "Game over"
		_active_label.remove_theme_color_override("font_color")
		_hint_text = _game_over_text().trim_prefix("Game over: ")
		return
	if _round_over:
		var lines := StatusLines.round_over(_drawn >= _round_total, _is_last_round())
		_active_label.text = lines[0]
		_active_label.remove_theme_color_override("font_color")
		_hint_text = lines[1]
		return
	if _active >= 0 and _player_ids.has(_active):
		_active_label.text = "%s's token!" % _names.get(_active, "Player %d" % _active)
		if _active_actions > 1:
			_active_label.text += DOUBLE_ACTION_TEXT
		_active_label.add_theme_color_override(
			"font_color", Contrast.readable_on(_color_of(_active).lightened(0.3), PANEL_BACKGROUND)
		)
	else:
		_active_label.text = "Waiting for the %s draw" % ("first" if _streak_player < 0 else "next")
		_active_label.remove_theme_color_override("font_color")
	var next_names := PackedStringArray()
	for player_id in _upcoming().slice(0, 3):
		next_names.append(_names.get(player_id, "Player %d" % player_id))
	_hint_text = StatusLines.hint(_remaining, _round_total, anticipation_threshold, next_names)
	if _active >= 0 and _player_ids.has(_active) and _active_actions > 1:
		_hint_text = DOUBLE_ACTION_HINT + _hint_text


# Shows [param text] in the banner.
func _show_banner(text: String) -> void:
	_banner_text = text
	_fit_lines()


# The hint and the banner, no word broken across lines (see StatusLines.show_words()).
func _fit_lines() -> void:
	StatusLines.show_words(_hint_label, _hint_text)
	StatusLines.show_words(_banner, _banner_text)


# The hint keeps two lines' height whatever it says (a round's end says more; what is longer is
# cut, see StatusLines.show_words()), so the rows below never move. Again when its font changes,
# and the hint is fitted again.
func _reserve_hint_lines() -> void:
	_hint_label.max_lines_visible = 2
	_hint_label.custom_minimum_size.y = (
		2 * _hint_label.get_line_height() + _hint_label.get_theme_constant("line_spacing")
	)
	if _banner != null:
		_fit_lines()


# The hint's font may have changed; the label has it by the next frame (not yet at its
# theme_changed, nor at a call deferred from there when a theme is taken away).
func _on_hint_theme_changed() -> void:
	var tree := get_tree()
	if tree != null and not tree.process_frame.is_connected(_reserve_hint_lines):
		tree.process_frame.connect(_reserve_hint_lines, CONNECT_ONE_SHOT)


# The bag pulses while few tokens are left, faster for the last one.
func _refresh_pulse() -> void:
	var anticipating := not _game_over and _remaining > 0 and _remaining <= anticipation_threshold
	_hint_label.add_theme_color_override(
		"font_color", Color.GOLD if anticipating else Color(0.8, 0.8, 0.8)
	)
	_effects.pulse(_bag, (0.45 if _remaining > 1 else 0.25) if anticipating else 0.0)


func _fly_token(player_id: int) -> void:
	var target: PlayerRow = _rows.get(player_id)
	if draw_duration <= 0.0 or target == null or not is_visible_in_tree() or _hurrying():
		draw_shown.emit(player_id)
		return
	DrawEffects.dress_flyer(_flyer, _color_of(player_id), _active_actions > 1)
	_place_flyer(0.0, player_id)
	_flyer.visible = true
	_flying = player_id
	_busy = true
	_step = create_tween().set_trans(Tween.TRANS_CUBIC).set_ease(Tween.EASE_IN_OUT)
	_step.tween_method(_place_flyer.bind(player_id), 0.0, 1.0, draw_duration)
	_step.tween_callback(_on_flight_landed.bind(player_id))


# The token [param progress] of the way to [param player_id]'s row (see
# DrawEffects.place_flyer()), from the rows as they are now: a display rebuilt in flight puts it
# in the right place.
func _place_flyer(progress: float, player_id: int) -> void:
	var target: PlayerRow = _rows.get(player_id)
	if target != null:
		DrawEffects.place_flyer(_flyer, self, _bag, target, progress)


func _on_flight_landed(player_id: int) -> void:
	_flyer.visible = false
	_flying = -1
	var landed := _step
	draw_shown.emit(player_id)
	# A handler that showed more (show_view(), catch_up(), refresh()) ended this step itself and
	# may have begun the next: that one's end goes on from there, not this one's.
	if _step == landed:
		_step_done()
