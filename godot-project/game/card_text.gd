class_name CardText
extends RefCounted
## Words for what cards, structures and actions cost and do, from the game's config (the same
## Dictionaries [method GameRules.get_config] returns), for the hand and the action buttons; and
## names cut to fit where they are shown.


## [param text] cut to [param most] characters, ending in "…" when it was cut.
static func shortened(text: String, most: int) -> String:
	return text if text.length() <= most else text.left(most - 1).strip_edges() + "…"


## "1 energy", "60 res + 5 energy", "free".
static func cost(cost_of: Dictionary) -> String:
	var parts := PackedStringArray()
	if cost_of.get("resources", 0) > 0:
		parts.append("%d res" % cost_of["resources"])
	if cost_of.get("energy", 0) > 0:
		parts.append("%d energy" % cost_of["energy"])
	return " + ".join(parts) if not parts.is_empty() else "free"


## What [param effects] do, one short phrase each: "+1 VP, draw 2".
static func effects(effect_list: Array) -> String:
	var phrases := PackedStringArray()
	for effect: Dictionary in effect_list:
		phrases.append(_effect(effect))
	return ", ".join(phrases)


static func _effect(effect: Dictionary) -> String:
	match effect.get("effect", ""):
		"gain_victory_points":
			return "+%d VP" % effect.get("amount", 0)
		"gain_resources":
			return "+%d res" % effect.get("amount", 0)
		"gain_energy_per_round":
			return "+%d energy a round" % effect.get("amount", 0)
		"draw_cards":
			return "draw %d" % effect.get("count", 0)
		"create_object":
			var made: Dictionary = effect.get("object", {})
			return (
				"a %s %d/%d"
				% [made.get("name", "?"), made.get("power", 0), made.get("toughness", 0)]
			)
		"modify_power_toughness":
			var until := " this round" if effect.get("until_end_of_round", false) else ""
			return (
				"your units %+d/%+d%s" % [effect.get("power", 0), effect.get("toughness", 0), until]
			)
	return str(effect.get("effect", "?")).replace("_", " ")
