class_name ActionBar
extends VBoxContainer
## The choices of the human whose token was drawn: the hand as cards (name, cost, what it does)
## and every other action the game has — each build, each action kind (scout, trade, ...),
## upgrading command and passing. A choice the rules would refuse now is disabled and says why
## ([method GameRules.get_action_refusal]). It reads the rules and emits [signal action_chosen];
## the scene submits the action.

## The human chose [param action] (a Dictionary for [method GameRules.perform_action]).
signal action_chosen(player_id: int, action: Dictionary)

## Short words for why a choice is disabled, by refusal kind; the full reason is the tooltip.
const SHORT_REASONS := {
	"cannot_afford": "can't afford",
	"command_at_maximum": "top tier",
}

var _player_id := -1
var _prompt := Label.new()
var _hand := HFlowContainer.new()
var _actions := HFlowContainer.new()


func _init() -> void:
	_prompt.name = "Prompt"
	_prompt.add_theme_font_size_override("font_size", 18)
	# A long name wraps the prompt rather than widening the table beyond the window.
	_prompt.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	add_child(_prompt)
	_hand.name = "Hand"
	add_child(_hand)
	_actions.name = "Actions"
	add_child(_actions)


func _ready() -> void:
	close("Bots are playing…")


## Offers [param player_id] their hand and every action, each enabled when the rules allow it.
func offer(rules: GameRules, player_id: int, player_name: String) -> void:
	_player_id = player_id
	_clear()
	var config := rules.get_config()
	var state := rules.get_player_state(player_id)
	_prompt.text = (
		"%s, your token was drawn: choose one action (%d energy, %d res)"
		% [player_name, state["energy"], state["resources"]]
	)
	var hand: Array = state["hand"]
	for index in hand.size():
		var card: Dictionary = config["cards"].get(str(hand[index]), {})
		var text := (
			"%s\n%s\n%s"
			% [
				card.get("name", "card %d" % hand[index]),
				CardText.cost({"energy": card.get("energy", 0)}),
				CardText.effects(card.get("effects", []))
			]
		)
		var button := _choice(rules, {"type": "play_card", "hand_index": index}, text, _hand)
		button.name = "Card%d" % index
		button.custom_minimum_size = Vector2(150, 84)
	for structure: String in config["structures"]:
		var built: Dictionary = config["structures"][structure]
		var text := "Build %s (%s)" % [structure.capitalize(), CardText.cost(built.get("cost", {}))]
		_choice(rules, {"type": "build", "structure": structure}, text, _actions)
	for kind: String in config["action_kinds"]:
		var custom: Dictionary = config["action_kinds"][kind]
		var text := (
			"%s (%s): %s"
			% [
				kind.capitalize(),
				CardText.cost(custom.get("cost", {})),
				CardText.effects(custom.get("effects", []))
			]
		)
		_choice(rules, {"type": "custom", "kind": kind}, text, _actions)
	var upgrade := rules.get_upgrade_cost(player_id)
	var upgrade_text := "Upgrade command"
	if not upgrade.is_empty():
		upgrade_text = "Upgrade to %d tokens (%s)" % [upgrade["tokens"], CardText.cost(upgrade)]
	_choice(rules, {"type": "upgrade_command"}, upgrade_text, _actions)
	_choice(rules, {"type": "pass"}, "Pass", _actions)


## Disables every choice and shows [param message].
func close(message: String) -> void:
	_player_id = -1
	_prompt.text = message
	_clear()


## The buttons on offer, for checks: each choice's text and whether it is enabled.
func get_choices() -> Array[Button]:
	var buttons: Array[Button] = []
	for row: Node in [_hand, _actions]:
		for child in row.get_children():
			if child is Button and not child.is_queued_for_deletion():
				buttons.append(child)
	return buttons


func _clear() -> void:
	for row: Node in [_hand, _actions]:
		for child in row.get_children():
			row.remove_child(child)
			child.queue_free()


# A button for [param action], enabled when the rules allow it, else saying why.
func _choice(rules: GameRules, action: Dictionary, text: String, row: Container) -> Button:
	var button := Button.new()
	var why := rules.get_action_refusal(_player_id, action)
	button.disabled = not why.is_empty()
	button.text = text
	if button.disabled:
		button.text += "\n— %s" % SHORT_REASONS.get(why["kind"], why["kind"].replace("_", " "))
		button.tooltip_text = why["reason"]
	button.pressed.connect(_choose.bind(action))
	row.add_child(button)
	return button


func _choose(action: Dictionary) -> void:
	if _player_id < 0:
		return
	var player_id := _player_id
	close("Waiting for the other seats…")
	action_chosen.emit(player_id, action)
