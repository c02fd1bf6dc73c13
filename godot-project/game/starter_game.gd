extends RefCounted
## The game the bundled project plays: the starter set's config and the deck every seat plays,
## shared by the table ([code]main.gd[/code]), both servers and the online mode.

## The starter set's config (cards, structures, action kinds).
const STARTER_SET := "res://addons/horizons_edge/starter_set.json"
## Every seat's deck: card ids of the starter set.
const DECK: Array[int] = [1, 2, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 4, 5, 1, 2, 4, 1, 5, 2]
## Rounds in a game unless told otherwise.
const DEFAULT_ROUNDS := 5


## The starter set's config with [param round_limit] rounds.
static func config(round_limit := DEFAULT_ROUNDS) -> Dictionary:
	var loaded: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(STARTER_SET))
	loaded["round_limit"] = round_limit
	return loaded


## The setup of [param count] seats for [method GameRules.setup]: ids from 0, named
## "player N", each with [constant DECK].
static func seats(count: int) -> Array:
	var players: Array = []
	for player_id in count:
		players.append({"id": player_id, "name": "player %d" % player_id, "deck": DECK})
	return players
