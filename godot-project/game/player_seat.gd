class_name PlayerSeat
extends Node
## One seat at the table: who sits there and how they are shown. The seat's rules state
## (energy, hand, tokens...) lives in [GameRules]; read it with
## [method GameRules.get_player_state].

## The player's id in [GameRules].
@export var player_id := 0
## The name shown in the log and the UI.
@export var display_name := ""
## The player's colour in the UI.
@export var color := Color.WHITE
## Whether a bot decides for this seat.
@export var is_bot := true
## The deck, as card ids from the card catalog; top card last.
@export var deck := PackedInt64Array()
