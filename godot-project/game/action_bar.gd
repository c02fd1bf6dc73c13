class_name ActionBar
extends VBoxContainer
## The choices of the human whose token was drawn: the hand as cards (name, cost, what it does)
## in one row that scrolls sideways, however many cards there are, and every other action the
## game has — each build, each action kind (scout, trade, ...), upgrading command and passing. A
## choice the rules would refuse now is disabled and says why: a short word on the button, the
## whole reason in its tooltip ([method GameRules.get_action_refusal]). It reads the rules and
## emits [signal action_chosen]; the scene submits the action.

## The human chose [param action] (a Dictionary for [method GameRules.perform_action]).
signal action_chosen(player_id: int, action: Dictionary)

## Short words for why a choice is disabled, by refusal kind; the full reason is the tooltip.
const SHORT_REASONS := {
	"cannot_afford": "can't afford",
	"command_at_maximum": "top tier",
}
## Words for the rules' names of actions, in a refusal's reason.
const ACTION_WORDS := {
	"play_card": "playing this card",
	"upgrade_command": "upgrading command",
	"build": "building",
	"create_token": "creating a token",
	"custom": "this action",
}
## The font size of the cards and the action buttons.
const FONT_SIZE := 14
## A card's width; its text wraps within it.
const CARD_WIDTH := 132
## Milliseconds after a choice in which a click is the rest of a double-click, not a choice: a
## double action's second offer comes in the same frame as the first choice, and a double-click
## would take it too (on whatever card had moved under the pointer).
const DOUBLE_CLICK_MSEC := 400

var _player_id := -1
# When the last choice was made (Time.get_ticks_msec()).
var _chosen_msec := -DOUBLE_CLICK_MSEC
var _prompt := Label.new()
# The hand, in a row that scrolls sideways rather than widen or heighten the table.
var _hand_scroll := ScrollContainer.new()
var _hand := HBoxContainer.new()
var _actions := HFlowContainer.new()


func _init() -> void:
	_prompt.name = "Prompt"
	# The sentence runs in the UI's direction, whatever script a name in it is written in.
	_prompt.text_direction = Control.TEXT_DIRECTION_INHERITED
	_prompt.add_theme_font_size_override("font_size", 18)
	# A long name wraps the prompt rather than widening the table beyond the window.
	_prompt.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	add_child(_prompt)
	_hand_scroll.name = "HandScroll"
	_hand_scroll.vertical_scroll_mode = ScrollContainer.SCROLL_MODE_DISABLED
	_hand_scroll.add_child(_hand)
	_hand.name = "Hand"
	add_child(_hand_scroll)
	_actions.name = "Actions"
	add_child(_actions)


## Offers [param player_id] their hand and every action, each enabled when the rules allow it.
func offer(rules: GameRules, player_id: int, player_name: String) -> void:
	_player_id = player_id
	_clear()
	var config := rules.get_config()
	var state := rules.get_player_state(player_id)
	# A double-action token: two actions, one after the other.
	var choose := "choose one action"
	if rules.get_actions_left() > 1:
		choose = "choose an action, then one more"
	_prompt.text = (
		"%s, your token was drawn: %s (%d energy, %d res)"
		% [player_name, choose, state["energy"], state["resources"]]
	)
	var hand: Array = state["hand"]
	for index in hand.size():
		var card: Dictionary = config["cards"].get(str(hand[index]), {})
		var cost := {"energy": card.get("energy", 0)}
		var text := (
			"%s\n%s\n%s"
			% [
				card.get("name", "card %d" % hand[index]),
				CardText.cost(cost),
				CardText.effects(card.get("effects", []))
			]
		)
		var action := {"type": "play_card", "hand_index": index}
		var button := _choice(rules, action, text, _hand, cost)
		button.name = "Card%d" % index
		button.custom_minimum_size = Vector2(CARD_WIDTH, 0)
		button.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	for structure: String in config["structures"]:
		var cost: Dictionary = config["structures"][structure].get("cost", {})
		var text := "Build %s\n%s" % [structure.capitalize(), CardText.cost(cost)]
		_choice(rules, {"type": "build", "structure": structure}, text, _actions, cost)
	for kind: String in config["action_kinds"]:
		var custom: Dictionary = config["action_kinds"][kind]
		var cost: Dictionary = custom.get("cost", {})
		var text := (
			"%s\n%s: %s"
			% [kind.capitalize(), CardText.cost(cost), CardText.effects(custom.get("effects", []))]
		)
		_choice(rules, {"type": "custom", "kind": kind}, text, _actions, cost)
	var upgrade := rules.get_upgrade_cost(player_id)
	var upgrade_text := "Upgrade command"
	if not upgrade.is_empty():
		upgrade_text = "Upgrade to %d tokens\n%s" % [upgrade["tokens"], CardText.cost(upgrade)]
	_choice(rules, {"type": "upgrade_command"}, upgrade_text, _actions, upgrade)
	_choice(rules, {"type": "pass"}, "Pass", _actions)
	_hand_scroll.scroll_horizontal = 0


## Disables every choice and shows [param message].
func close(message: String) -> void:
	_player_id = -1
	_prompt.text = message
	_clear()


## Whether a player's choices are on offer (until they choose or [method close]).
func is_offering() -> bool:
	return _player_id >= 0


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


# A button for [param action], enabled when the rules allow it, else saying why; [param cost]
# is what the action costs, for the reason.
func _choice(
	rules: GameRules, action: Dictionary, text: String, row: Container, cost := {}
) -> Button:
	var button := Button.new()
	var why := rules.get_action_refusal(_player_id, action)
	button.disabled = not why.is_empty()
	button.text = text
	button.add_theme_font_size_override("font_size", FONT_SIZE)
	if button.disabled:
		button.text += "\n— %s" % SHORT_REASONS.get(why["kind"], why["kind"].replace("_", " "))
		button.tooltip_text = _reason(rules, why, cost)
	button.pressed.connect(_choose.bind(action))
	row.add_child(button)
	return button


# The whole reason for a refusal, in the words the buttons use: what the choice costs against
# what the player has, or the rules' reason with their names of actions put in words.
func _reason(rules: GameRules, why: Dictionary, cost: Dictionary) -> String:
	var state := rules.get_player_state(_player_id)
	match why["kind"]:
		"cannot_afford":
			return (
				"It costs %s; you have %d energy and %d res."
				% [CardText.cost(cost), state["energy"], state["resources"]]
			)
		"command_at_maximum":
			return "Your command is at its highest tier (%d tokens)." % state["max_command_tokens"]
	var reason: String = why["reason"]
	for word: String in ACTION_WORDS:
		# Whole words only: "build" in "buildings", or in a validator's own text, stays.
		var whole := RegEx.create_from_string("\\b%s\\b" % word)
		reason = whole.sub(reason, ACTION_WORDS[word], true)
	return reason


func _choose(action: Dictionary) -> void:
	if _player_id < 0 or Time.get_ticks_msec() - _chosen_msec < DOUBLE_CLICK_MSEC:
		return
	_chosen_msec = Time.get_ticks_msec()
	var player_id := _player_id
	close("Drawing the next token…")
	action_chosen.emit(player_id, action)
