extends RefCounted
## What each row of a [TokenBagDisplay] says of the next draw: its chance column.

## The column of a player the mercy rule passes over for the next draw.
const CAPPED_TEXT := "waits"
## The column where there is no next draw (or none of that player's).
const NO_DRAW_TEXT := "–"


## A dash for each of [param player_ids]: no next draw (the round or the game is over).
static func dashes(player_ids: Array[int]) -> Dictionary[int, String]:
	var texts: Dictionary[int, String] = {}
	for player_id in player_ids:
		texts[player_id] = NO_DRAW_TEXT
	return texts


## Every one of [param player_ids]' chance that the next draw is theirs: their tokens
## [param left] over all [param remaining], as the bag itself reckons it; under the mercy rule
## ([member GameRules.max_streak]) the player [param capped] on the longest run allowed (-1:
## nobody) has none, and the others share their chance.
static func chances(
	player_ids: Array[int], left: Dictionary[int, int], remaining: int, capped: int
) -> Dictionary[int, float]:
	var found: Dictionary[int, float] = {}
	var pool: int = remaining - (left.get(capped, 0) if capped >= 0 else 0)
	for player_id in player_ids:
		var own: int = 0 if player_id == capped else left[player_id]
		found[player_id] = float(own) / pool if pool > 0 else 0.0
	return found


## The actions the newest token of [param history] (a round's draws) gives its owner: 2 for a
## double-action token. From the token, not the rules' actions left, which a handler that acts
## before the display may already have spent.
static func actions_of(history: Array[CommandToken]) -> int:
	var double := not history.is_empty() and history[-1].kind == CommandToken.KIND_DOUBLE_ACTION
	return 2 if double else 1


## The run of draws the mercy rule counts at the end of [param history] (a round's draws, oldest
## first): [code][whose token was drawn last, how many times in a row][/code], or
## [code][-1, 0][/code] before the first draw.
static func streak_of(history: Array[CommandToken]) -> Array[int]:
	var player_id := history[-1].player_id if not history.is_empty() else -1
	var count := 0
	for index in range(history.size() - 1, -1, -1):
		if history[index].player_id != player_id:
			break
		count += 1
	return [player_id, count]


## The column of each of [param player_ids], with [param left] tokens in the bag by player. In
## seat or initiative order, where the next activations are known ([param upcoming] in order):
## each player's place in it. In bag order ([param upcoming] empty): the chance that the next
## draw is theirs ([param chances], from 0 to 1), each rounded on its own (equal chances show
## equal numbers; "<1%" for a tiny one), and [constant CAPPED_TEXT] for the player
## [param capped] the mercy rule passes over (-1: nobody). A dash for a player with no token left
## or not in the order.
static func texts(
	player_ids: Array[int],
	left: Dictionary[int, int],
	chances: Dictionary[int, float],
	upcoming: PackedInt64Array,
	capped: int
) -> Dictionary[int, String]:
	var texts := dashes(player_ids)
	if not upcoming.is_empty():
		for player_id in player_ids:
			var place := upcoming.find(player_id)
			if place == 0:
				texts[player_id] = "next"
			elif place > 0:
				texts[player_id] = "#%d" % (place + 1)
		return texts
	var percents := _whole_percents(player_ids, chances)
	for player_id in player_ids:
		if player_id == capped:
			texts[player_id] = CAPPED_TEXT
		elif left.get(player_id, 0) > 0:
			texts[player_id] = "%d%%" % percents[player_id] if percents[player_id] > 0 else "<1%"
	return texts


# Each player's chance as a whole percentage, each share rounded on its own so that equal chances
# look equal (so the column need not add up to exactly 100); a chance short of certain never
# shows as 100.
static func _whole_percents(
	player_ids: Array[int], chances: Dictionary[int, float]
) -> Dictionary[int, int]:
	var percents: Dictionary[int, int] = {}
	for player_id in player_ids:
		var exact: float = 100.0 * chances.get(player_id, 0.0)
		percents[player_id] = mini(roundi(exact), 99) if exact < 100.0 else 100
	return percents
