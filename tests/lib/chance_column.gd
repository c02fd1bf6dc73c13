class_name ChanceColumn
extends RefCounted
## The chance column of a [TokenBagDisplay] against the exact chances of the bag it shows: each
## shown percentage within one point of the exact one, "<1%" only for a chance under 1%, a dash
## for players without tokens, and equal chances shown as equal numbers (each share is rounded on
## its own, so the column may add up to a little more or less than 100%). In seat or initiative
## order, each player's place in the upcoming order instead.


## What is wrong with [param display]'s chance column for [param bag] (empty when nothing is);
## [param upcoming]: the next activations when the order is known (seat or initiative order).
static func problems(
	display: TokenBagDisplay, bag: CommandTokenBag, upcoming := PackedInt64Array()
) -> PackedStringArray:
	if not upcoming.is_empty():
		return _order_problems(display, bag, upcoming)
	var found := PackedStringArray()
	var chances := bag.get_next_draw_chances()
	var shown := {}
	for player_id in bag.get_player_ids():
		var label := display.get_node_or_null("%%Rows/Row%d/Line/Chance" % player_id) as Label
		if label == null:
			found.append("no chance label for player %d" % player_id)
			continue
		var exact: float = 100.0 * chances.get(player_id, 0.0)
		var text := label.text
		if exact == 0.0:
			if text != "–":
				found.append("player %d has no tokens but shows %s" % [player_id, text])
		elif text == "<1%":
			if exact >= 1.0:
				found.append("player %d shows <1%% for %.2f%%" % [player_id, exact])
		elif not text.ends_with("%") or absf(text.to_int() - exact) >= 1.0:
			found.append("player %d shows %s for %.2f%%" % [player_id, text, exact])
		elif text == "100%" and exact < 100.0:
			found.append("player %d shows 100%% for %.4f%%, short of certain" % [player_id, exact])
		# Equal chances (to the float's last bits) show the same text.
		var key := snappedf(exact, 0.0001)
		if shown.has(key) and shown[key] != text:
			found.append("a chance of %.2f%% shows as %s and as %s" % [exact, shown[key], text])
		shown[key] = text
	return found


static func _order_problems(
	display: TokenBagDisplay, bag: CommandTokenBag, upcoming: PackedInt64Array
) -> PackedStringArray:
	var found := PackedStringArray()
	for player_id in bag.get_player_ids():
		var label := display.get_node_or_null("%%Rows/Row%d/Line/Chance" % player_id) as Label
		var place := upcoming.find(player_id)
		var expected := "–" if place < 0 else ("next" if place == 0 else "#%d" % (place + 1))
		if label == null or label.text != expected:
			found.append(
				(
					"player %d shows %s, not %s"
					% [player_id, label.text if label else "nothing", expected]
				)
			)
	return found
