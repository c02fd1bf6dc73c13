extends RefCounted
## What a call did, as [code]fuzz.gd[/code] judges it: whether it was refused (an [enum Error]
## other than OK, or -1, null, false or an empty value with an error logged or a new refusal of
## its own in [code]get_last_refusal()[/code]) and the target's serialized state before and
## after.


## What [param target] says of its newest refusal ([code]get_last_refusal()[/code]), if it can.
static func last_refusal(target: Variant) -> Dictionary:
	if is_instance_valid(target) and target.has_method("get_last_refusal"):
		return target.get_last_refusal()
	return {}


## A refusal returns an Error other than OK, or logs an error and returns -1, null, false or
## an empty value.
static func is_refusal(info: Dictionary, result: Variant, own_errors: PackedStringArray) -> bool:
	if info["error"] and result is int:
		return result != OK
	if own_errors.is_empty():
		return false
	return looks_refused(result)


## Whether [param result] is what a refused call returns: null, false, -1 or an empty value.
static func looks_refused(result: Variant) -> bool:
	var fallback := false
	match typeof(result):
		TYPE_NIL:
			fallback = true
		TYPE_BOOL:
			fallback = not result
		TYPE_INT, TYPE_FLOAT:
			fallback = result == -1
		TYPE_OBJECT:
			fallback = false
		_:
			fallback = typeof(result) >= TYPE_STRING and result.is_empty()
	return fallback


## The target's serialized state, to compare before and after a call; for a game its hash, log
## length and phase, and its whole save if [param whole].
static func state_of(target: Variant, whole: bool) -> Variant:
	var state: Variant = null
	if target is GameRules:
		if not target.is_set_up():
			state = ["no game"]
		else:
			state = [target.get_state_hash(), target.get_last_event_seq(), target.get_phase()]
			if whole:
				state.append(target.save_game())
	elif target is CommandTokenBag or target is TurnSystem:
		state = target.to_json()
	elif target is FairnessAuditor:
		state = [target.get_verified_rounds(), target.get_failures()]
	elif target is CommandToken:
		state = [target.get_token_id(), target.get_player_id(), target.get_kind()]
	elif target is CardCatalog:
		state = var_to_str([target.cards, target.structures, target.action_kinds])
	return state


## Where [param text] first differs from [param other], with a little context.
static func difference(text: Variant, other: Variant) -> String:
	var a := str(text)
	var b := str(other)
	var at := 0
	while at < mini(a.length(), b.length()) and a[at] == b[at]:
		at += 1
	return "…%s…" % a.substr(maxi(0, at - 30), 90)
