extends RefCounted
## The views [method TokenBagDisplay.show_view] is given, as the display follows them: those
## waiting their turn, what the last one shown said, and the steps that show the next one
## (its draws, a round's end and start, a recount, the game's end). The display queues the
## steps ([code]token_bag_display.gd[/code]); the checks of a view are [code]view_check.gd[/code].

const ViewCheck := preload("view_check.gd")

## The round of the last view taken.
var round_number := 0
## Whether a view said the game is over.
var over := false
## The views given that wait to be taken, each its [method TokenBagDisplay.show_view] arguments.
var waiting: Array[Array] = []
## Whether the display is taking the waiting views now.
var taking := false
## How many times the views were forgotten ([method forget]): a view being queued when they
## were stops.
var forgotten := 0
## In seat or initiative order, each round's activations as the views tell them (drawn, then
## upcoming), by round: what the display shows as "next" while it catches up with the views.
var orders: Dictionary[int, PackedInt64Array] = {}
# What the display shows of the bag once it has shown the last view (see ViewCheck.tally_of()).
var _tally := ViewCheck.tally_of({}, {})
# How each change is shown, by the display: "draw" (player_id, remaining, actions),
# "at_once" (a step), "round_end" (round), "round_start" (round, tally), "restored" (tally) and
# "game_over" (winner id).
var _shows: Dictionary


## Views shown by [param shows], the display's steps by name (see the class description).
func _init(shows: Dictionary) -> void:
	_shows = shows


## Forgets every view: those waiting, and what the last one said (a new online game).
func forget() -> void:
	round_number = 0
	waiting.clear()
	forgotten += 1
	orders.clear()
	_tally = ViewCheck.tally_of({}, {})
	over = false


## The steps that show the view [param bag] of round [param round_number] after the last one
## taken ([param names] by player id; [param game_over] and [param winner_id] as
## [method TokenBagDisplay.show_view] takes them), in order; the view is now the last one taken.
func take(
	round_at: int, bag: Dictionary, names: Dictionary, game_over: bool, winner_id: int
) -> Array[Callable]:
	ViewCheck.note_order(orders, round_at, bag)
	var drawn: Array = bag.get("drawn", [])
	var view := ViewCheck.tally_of(bag, names)
	var seen: int = _tally["drawn"]
	var restart := round_at != round_number or drawn.size() < seen
	var more_drawn := not restart and drawn.size() > seen
	var shown := ViewCheck.after_draws(_tally, drawn, seen) if more_drawn else _tally
	var recount := not restart and view != shown
	var last_round := round_number
	round_number = round_at
	_tally = view
	var draw: Callable = _shows["draw"]
	var at_once: Callable = _shows["at_once"]
	var steps: Array[Callable] = []
	if more_drawn:
		steps = ViewCheck.draw_steps(drawn, seen, ViewCheck.left_in(shown), draw, at_once)
	elif restart:
		if last_round > 0 and round_at > last_round:
			steps.append(_shows["round_end"].bind(last_round))
		# A round already drawn from: its start, then its draws, in order (at once for a round
		# the display joins late: whose token is out, and the mercy rule's streak, as they are).
		if not drawn.is_empty():
			var joined := last_round == 0 or round_at == last_round
			steps.append(_shows["round_start"].bind(round_at, ViewCheck.before_draws(view, drawn)))
			steps.append_array(
				ViewCheck.draw_steps(drawn, 0, int(bag["remaining"]), draw, at_once, not joined)
			)
		else:
			steps.append(_shows["round_start"].bind(round_at, view))
	# What changed besides the draws, as the view has it.
	if recount:
		steps.append(_shows["restored"].bind(view))
	if game_over and not over:
		over = true
		steps.append(_shows["game_over"].bind(winner_id))
	return steps
