extends RefCounted
## The online table's log in words: one line per event the server sent (see the events of
## [method GameRules.get_events_for]), naming players by their seat's name.

## Commitments and keys are cut to this many hex digits.
const HEX_DIGITS := 8


## The line for [param event]; [param names] by player id, [param card_names] by card id,
## [param object_names] by object id (as [method object_name] names them when they enter play).
## Any event reads as a line, whatever its fields hold: a field missing or of another type than
## the rules send is shown as it is (or as "?"), never an error.
static func describe(
	event: Dictionary, names: Dictionary, card_names: Dictionary, object_names := {}
) -> String:
	var who := name_of(event.get("player"), names)
	var field := func(key: String) -> String: return str(event.get(key, "?"))
	var object := str(object_names.get(event.get("object"), "Object %s" % field.call("object")))
	match event.get("type"):
		"game_started":
			var count := _size(event.get("players"))
			return "The game starts with %d player%s" % [count, "" if count == 1 else "s"]
		"opening_hand_drawn":
			return "%s draws an opening hand of %s" % [who, field.call("cards")]
		"mulligan_taken":
			return "%s takes a mulligan (%s so far)" % [who, field.call("mulligans")]
		"hand_kept":
			return "%s keeps their hand, %s to the bottom" % [who, field.call("bottomed")]
		"round_started":
			return "Round %s begins" % field.call("round")
		"energy_generated":
			return "%s has %s energy for the round" % [who, field.call("energy")]
		"resources_gained":
			return "%s now has %s resources" % [who, field.call("resources")]
		"cards_drawn":
			var count: Variant = event.get("count", _size(event.get("cards")))
			return "%s draws %s card%s" % [who, count, "" if count is int and count == 1 else "s"]
		"private_draw":
			# Only the drawing seat gets it, right after the draw's public line: which cards.
			var drawn := PackedStringArray()
			for card: Variant in _list(event.get("cards")):
				var card_name: Variant = card_names.get(card) if card is int else null
				drawn.append(str(card_name) if card_name != null else "card %s" % [card])
			return "(you drew %s)" % ", ".join(drawn)
		"round_committed":
			return (
				"Round %s's shuffle is sealed before the first draw (commitment %s…)"
				% [field.call("round"), _hex(event.get("commitment"))]
			)
		"entropy_added":
			return "%s adds their secret to the shuffle" % who
		"round_revealed":
			return (
				"Round %s's shuffle key is revealed (%s…)"
				% [field.call("round"), _hex(event.get("key"))]
			)
		"tokens_contributed":
			return "%s puts %s tokens in the bag" % [who, field.call("tokens")]
		"bag_filled":
			return "The bag holds %s tokens" % field.call("tokens")
		"token_drawn":
			return "%s's token is drawn, %s left" % [who, field.call("remaining")]
		"bag_emptied":
			return "The bag is empty: the last activation"
		"turn_changed":
			return "%s acts" % who
		"card_played":
			var card: Variant = event.get("card")
			var card_name: Variant = card_names.get(card) if card is int else null
			return "%s plays %s" % [who, card_name if card_name != null else "card %s" % [card]]
		"purse_changed":
			return (
				"%s has %s energy, %s resources"
				% [who, field.call("energy"), field.call("resources")]
			)
		"energy_per_round_changed":
			return "%s now makes %s energy a round" % [who, field.call("energy_per_round")]
		"private_peek":
			if _list(event.get("upcoming")).is_empty():
				return "Your foresight shows no draws to come for now"
			return (
				"You see the next draws: %s"
				% ", ".join(
					PackedStringArray(
						_list(event.get("upcoming")).map(
							func(p: Variant) -> String: return name_of(p, names)
						)
					)
				)
			)
		"object_changed":
			return "%s is now %s/%s" % [object, field.call("power"), field.call("toughness")]
		"object_destroyed":
			return "%s is destroyed" % object
		"effect_added":
			return "An effect takes hold of %s" % object
		"effect_expired":
			return "An effect ends"
		"victory_points_changed":
			return "%s has %s VP" % [who, field.call("victory_points")]
		"command_upgraded":
			return "%s upgrades command: %s tokens a round" % [who, field.call("tokens")]
		"object_created":
			return "%s gets a %s" % [name_of(event.get("owner"), names), field.call("name")]
		"activation_ended":
			return "%s's activation ends" % who
		"action_undone":
			return "%s takes their action back" % who
		"round_ended":
			return "Round %s is complete" % field.call("round")
		"double_action_drawn":
			return "%s's token is a double action: two actions" % who
		"extra_action":
			return "%s takes their second action" % who
		"reactions_dropped":
			return "%s passes without the reactions, refused: %s" % [who, field.call("reason")]
		"reaction_skipped":
			var kind: Variant = field.call("kind")
			return "%s's %s is skipped: its target left play" % [who, kind]
		"double_action_granted":
			var when := "this round" if event.get("this_round") == true else "next round"
			return "%s is granted a double-action token for %s" % [who, when]
		"reserve_committed":
			return "%s commits a reserve token (%s held back)" % [who, field.call("left")]
		"tokens_added":
			# After a grant or a reserve, this is the same token going in, not one more.
			var added: Variant = event.get("count", "?")
			var plural := "" if added is int and added == 1 else "s"
			return "→ %s token%s of %s's into the bag" % [added, plural, who]
		"tokens_removed":
			return "%s of %s's tokens leave the bag" % [field.call("count"), who]
		"player_renamed":
			return "Player %s is now called %s" % [field.call("player"), field.call("name")]
		"player_eliminated":
			return (
				"%s is eliminated (%s tokens leave the bag)" % [who, field.call("tokens_removed")]
			)
		"game_over":
			var winner: Variant = event.get("winner")
			return (
				"Game over: a draw"
				if winner == null
				else "Game over: %s wins" % name_of(winner, names)
			)
	return str(event.get("type", "an event")).replace("_", " ").capitalize()


## How the log names the object an [code]object_created[/code] [param event] brings into play,
## from then on: its owner's and its own name ("Ada's Garrison").
static func object_name(event: Dictionary, names: Dictionary) -> String:
	return "%s's %s" % [name_of(event.get("owner"), names), str(event.get("name", "?"))]


## The line for a round's fairness audit.
static func audit(round_number: int, fair: bool, detail: String) -> String:
	if fair:
		return "Round %d verified fair ✓ (%s)" % [round_number, detail]
	return "Round %d NOT FAIR ✗ (%s)" % [round_number, detail]


## The name of [param player] in [param names] (by player id), "Player N" for an id it lacks,
## "Nobody" for null, and what a value that is no id holds as it is.
static func name_of(player: Variant, names: Dictionary) -> String:
	if player == null:
		return "Nobody"
	if not player is int:
		return str(player)
	return str(names.get(player, "Player %d" % player))


# How many items [param value] holds (0 if it is not an Array).
static func _size(value: Variant) -> int:
	return _list(value).size()


# [param value] if it is an Array, else an empty one.
static func _list(value: Variant) -> Array:
	return value if value is Array else []


static func _hex(value: Variant) -> String:
	return str(value).left(HEX_DIGITS)
