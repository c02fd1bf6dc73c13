class_name SignalLog
extends RefCounted
## Records a GameRules' round signals, each as [code][name, args...][/code], to compare runs.


## Appends every game_started, hand_kept, round_started, token_drawn, bag_emptied, turn_changed,
## action_completed, activation_ended and round_ended of [param rules] to [param seen].
static func record(rules: GameRules, seen: Array) -> void:
	rules.game_started.connect(
		func(ids: PackedInt64Array) -> void: seen.append(["game_started", ids])
	)
	rules.hand_kept.connect(func(id: int, n: int) -> void: seen.append(["hand_kept", id, n]))
	rules.round_started.connect(func(r: int) -> void: seen.append(["round_started", r]))
	rules.token_drawn.connect(func(id: int, n: int) -> void: seen.append(["token_drawn", id, n]))
	rules.bag_emptied.connect(func() -> void: seen.append(["bag_emptied"]))
	rules.turn_changed.connect(func(id: int) -> void: seen.append(["turn_changed", id]))
	rules.action_completed.connect(
		func(id: int, action: Dictionary) -> void: seen.append(["action_completed", id, action])
	)
	rules.activation_ended.connect(func(id: int) -> void: seen.append(["activation_ended", id]))
	rules.round_ended.connect(func(r: int) -> void: seen.append(["round_ended", r]))
