class_name ActionBar
extends VBoxContainer
## The choices of the human whose token was drawn: play a card from the hand, build, upgrade
## command (with the next tier's cost, disabled with the reason when maxed or unaffordable) or
## pass. It reads the rules and emits [signal action_chosen]; the scene submits the action.

## The human chose [param action] (a Dictionary for [method GameRules.perform_action]).
signal action_chosen(player_id: int, action: Dictionary)

var _player_id := -1
var _hand_indices: Array[int] = []
var _structure_names: Array[String] = []

@onready var _prompt: Label = $Prompt
@onready var _cards: OptionButton = $Buttons/Cards
@onready var _play: Button = $Buttons/Play
@onready var _structures: OptionButton = $Buttons/Structures
@onready var _build: Button = $Buttons/Build
@onready var _upgrade: Button = $Buttons/Upgrade
@onready var _pass: Button = $Buttons/Pass


func _ready() -> void:
	_play.pressed.connect(_on_play_pressed)
	_build.pressed.connect(_on_build_pressed)
	_upgrade.pressed.connect(_choose.bind({"type": "upgrade_command"}))
	_pass.pressed.connect(_choose.bind({"type": "pass"}))
	close("Bots are playing…")


## Offers [param player_id]'s legal actions; [param card_names] names card ids.
func offer(rules: GameRules, player_id: int, player_name: String, card_names: Dictionary) -> void:
	_player_id = player_id
	var legal := rules.legal_actions(player_id)
	var state := rules.get_player_state(player_id)
	_prompt.text = "%s, your token was drawn: choose one action" % player_name
	_cards.clear()
	_hand_indices.clear()
	var hand: Array = state["hand"]
	for action in legal:
		if action["type"] == "play_card":
			var index: int = action["hand_index"]
			_hand_indices.append(index)
			_cards.add_item(card_names.get(hand[index], "card %d" % hand[index]))
	_play.disabled = _hand_indices.is_empty()
	_play.tooltip_text = "No card you can pay for" if _play.disabled else ""
	_structures.clear()
	_structure_names.clear()
	for action in legal:
		if action["type"] == "build":
			_structure_names.append(action["structure"])
			_structures.add_item(action["structure"])
	_build.disabled = _structure_names.is_empty()
	_build.tooltip_text = "No structure you can pay for" if _build.disabled else ""
	_offer_upgrade(rules, player_id, legal, state)
	_pass.disabled = false
	_cards.disabled = _play.disabled
	_structures.disabled = _build.disabled


## Disables every choice and shows [param message].
func close(message: String) -> void:
	_player_id = -1
	_prompt.text = message
	for button: BaseButton in [_cards, _play, _structures, _build, _upgrade, _pass]:
		button.disabled = true


func _offer_upgrade(rules: GameRules, player_id: int, legal: Array, state: Dictionary) -> void:
	var cost := rules.get_upgrade_cost(player_id)
	if cost.is_empty():
		_upgrade.text = "Upgrade command (maxed)"
		_upgrade.disabled = true
		_upgrade.tooltip_text = "Command is at the top tier"
		return
	_upgrade.text = (
		"Upgrade to tier %d: %d res, %d energy" % [cost["tier"], cost["resources"], cost["energy"]]
	)
	var allowed := legal.any(
		func(action: Dictionary) -> bool: return action["type"] == "upgrade_command"
	)
	_upgrade.disabled = not allowed
	_upgrade.tooltip_text = (
		""
		if allowed
		else (
			"Needs %d resources and %d energy; you have %d and %d"
			% [cost["resources"], cost["energy"], state["resources"], state["energy"]]
		)
	)


func _on_play_pressed() -> void:
	if _cards.selected >= 0:
		_choose({"type": "play_card", "hand_index": _hand_indices[_cards.selected]})


func _on_build_pressed() -> void:
	if _structures.selected >= 0:
		_choose({"type": "build", "structure": _structure_names[_structures.selected]})


func _choose(action: Dictionary) -> void:
	if _player_id < 0:
		return
	var player_id := _player_id
	close("Waiting for the other seats…")
	action_chosen.emit(player_id, action)
