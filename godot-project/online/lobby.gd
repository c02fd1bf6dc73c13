class_name OnlineLobby
extends PanelContainer
## The online lobby: the server's address and port, the player's name and, for a game hosted
## here, its number of seats. It only asks; the online scene hosts or joins and reports back
## with [method show_status].

## The player asked to host a game of [param seats] seats on [param port] and to join it.
signal host_requested(port: int, seats: int, player_name: String)
## The player asked to join the game at [param address]:[param port].
signal join_requested(address: String, port: int, player_name: String)
## The player wants to go back to a game at this table (the bundled game's hot-seat game).
signal back_requested

const DedicatedServer := preload("res://game/dedicated_server.gd")
const RequestChecks := preload("res://addons/horizons_edge/net/request_checks.gd")

@onready var _address: LineEdit = %Address
@onready var _port: SpinBox = %Port
@onready var _player_name: LineEdit = %PlayerName
@onready var _seats: SpinBox = %Seats
@onready var _status: Label = %Status


func _ready() -> void:
	_port.value = DedicatedServer.DEFAULT_PORT
	_seats.value = DedicatedServer.DEFAULTS["players"]
	# A longer name is refused by the server.
	_player_name.max_length = RequestChecks.MAX_NAME_LENGTH
	%Host.pressed.connect(_on_host_pressed)
	%Join.pressed.connect(_on_join_pressed)
	%Back.pressed.connect(back_requested.emit)


## Shows [param text] under the buttons.
func show_status(text: String) -> void:
	_status.text = text


func _on_host_pressed() -> void:
	host_requested.emit(int(_port.value), int(_seats.value), _chosen_name())


func _on_join_pressed() -> void:
	join_requested.emit(_address.text.strip_edges(), int(_port.value), _chosen_name())


func _chosen_name() -> String:
	var chosen := _player_name.text.strip_edges()
	return chosen if chosen != "" else _player_name.placeholder_text
