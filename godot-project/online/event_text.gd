extends RefCounted
## The online table's log in words: one line per event the server sent (see the events of
## [method GameRules.get_events_for]), naming players by their seat's name.

## Commitments and keys are cut to this many hex digits.
const HEX_DIGITS := 8


## The line for [param event]; [param names] by player id, [param card_names] by card id.
static func describe(event: Dictionary, names: Dictionary, card_names: Dictionary) -> String:
	var who := _name(event.get("player"), names)
	match event["type"]:
		"game_started":
			return "The game starts with %d players" % event["players"].size()
		"opening_hand_drawn":
			return "%s draws an opening hand of %d" % [who, event["cards"]]
		"mulligan_taken":
			return "%s takes a mulligan (%d so far)" % [who, event["mulligans"]]
		"hand_kept":
			return "%s keeps their hand, %d to the bottom" % [who, event["bottomed"]]
		"round_started":
			return "Round %d begins" % event["round"]
		"energy_generated":
			return "%s gains %d energy" % [who, event["energy"]]
		"resources_gained":
			return "%s gains %d resources" % [who, event["resources"]]
		"cards_drawn", "private_draw":
			var count: int = event["count"] if event.has("count") else event["cards"].size()
			return "%s draws %d card%s" % [who, count, "" if count == 1 else "s"]
		"round_committed":
			return (
				"Round %d's shuffle is sealed before the first draw (commitment %s…)"
				% [event["round"], _hex(event["commitment"])]
			)
		"entropy_added":
			return "%s adds their secret to the shuffle" % who
		"round_revealed":
			return "Round %d's shuffle key is revealed (%s…)" % [event["round"], _hex(event["key"])]
		"tokens_contributed":
			return "%s puts %d tokens in the bag" % [who, event["tokens"]]
		"bag_filled":
			return "The bag holds %d tokens" % event["tokens"]
		"token_drawn":
			return "%s's token is drawn, %d left" % [who, event["remaining"]]
		"bag_emptied":
			return "The bag is empty: the last activation"
		"turn_changed":
			return "%s acts" % who
		"card_played":
			return "%s plays %s" % [who, card_names.get(event["card"], "card %d" % event["card"])]
		"purse_changed":
			return "%s has %d energy, %d resources" % [who, event["energy"], event["resources"]]
		"victory_points_changed":
			return "%s has %d VP" % [who, event["victory_points"]]
		"command_upgraded":
			return "%s upgrades command: %d tokens a round" % [who, event["tokens"]]
		"object_created":
			return "%s gets a %s" % [_name(event["owner"], names), event["name"]]
		"activation_ended":
			return "%s's activation ends" % who
		"action_undone":
			return "%s takes their action back" % who
		"round_ended":
			return "Round %d is complete" % event["round"]
		"double_action_drawn":
			return "%s's token is a double action: two actions" % who
		"extra_action":
			return "%s takes their second action" % who
		"reactions_dropped":
			return "%s passes without the reactions, refused: %s" % [who, event["reason"]]
		"double_action_granted":
			var when := "this round" if event["this_round"] else "next round"
			return "%s gets a double-action token for %s" % [who, when]
		"reserve_committed":
			return "%s puts a reserve token in the bag (%d held back)" % [who, event["left"]]
		"tokens_added":
			var added: int = event["count"]
			return "%s puts %d more token%s in the bag" % [who, added, "" if added == 1 else "s"]
		"tokens_removed":
			var removed: int = event["count"]
			return "%d of %s's tokens leave the bag" % [removed, who]
		"player_renamed":
			return "Player %d is now called %s" % [event["player"], event["name"]]
		"player_eliminated":
			return "%s is eliminated (%d tokens leave the bag)" % [who, event["tokens_removed"]]
		"game_over":
			var winner: Variant = event["winner"]
			return (
				"Game over: a draw"
				if winner == null
				else "Game over: %s wins" % _name(winner, names)
			)
	return String(event["type"]).replace("_", " ").capitalize()


## The line for a round's fairness audit.
static func audit(round_number: int, fair: bool, detail: String) -> String:
	if fair:
		return "Round %d verified fair ✓ (%s)" % [round_number, detail]
	return "Round %d NOT FAIR ✗ (%s)" % [round_number, detail]


static func _name(player: Variant, names: Dictionary) -> String:
	if player == null:
		return "Nobody"
	return names.get(player, "Player %d" % player)


static func _hex(value: Variant) -> String:
	return str(value).left(HEX_DIGITS)
