class_name DisplayCheck
extends RefCounted
## A [TokenBagDisplay] for the suites, and what it shows checked against the rules' bag.

const SCENE := "res://addons/horizons_edge/token_bag_display/token_bag_display.tscn"


## A display following [param rules] (or nothing, for [code]null[/code]) under [param parent],
## with no animation and "Round Complete!" held [param hold] seconds.
static func make(parent: Node, rules: GameRules, hold := 0.0) -> TokenBagDisplay:
	var display: TokenBagDisplay = (load(SCENE) as PackedScene).instantiate()
	display.draw_duration = 0.0
	display.transition_duration = 0.0
	display.round_complete_hold = hold
	parent.add_child(display)
	display.rules = rules
	return display


## What [param display] shows differently from [param rules]' bag (see [method bag_problems]).
static func problems(display: TokenBagDisplay, rules: GameRules) -> PackedStringArray:
	return bag_problems(display, rules.get_bag())


## What [param display] shows differently from [param bag]: the bag count, each row's tokens left
## and put in, the chance column (see [ChanceColumn]). Empty when nothing is.
static func bag_problems(display: TokenBagDisplay, bag: CommandTokenBag) -> PackedStringArray:
	var found := PackedStringArray()
	var remaining := (display.get_node("%RemainingLabel") as Label).text
	if remaining != str(bag.get_remaining_count()):
		found.append("the bag count shows %s, not %d" % [remaining, bag.get_remaining_count()])
	for player_id in bag.get_player_ids():
		var count := display.get_node_or_null("%%Rows/Row%d/Line/Count" % player_id) as Label
		var expected := (
			"%d / %d"
			% [
				bag.get_player_remaining_count(player_id),
				bag.get_player_contributed_count(player_id)
			]
		)
		var shown := count.text if count != null else "no row"
		if shown != expected:
			found.append("player %d's tokens show %s, not %s" % [player_id, shown, expected])
	found.append_array(ChanceColumn.problems(display, bag))
	return found
