extends Node
## One connection of the lobby rogue (see [code]lobby_rogue.gd[/code]): a node named like the
## server's [RulesServer] ([code]Server[/code]) on a branch of the tree with a multiplayer API of
## its own, so that one process holds many peers. It has the lobby's RPCs, sends whatever it is
## given (any Variant, any number of arguments, or a hand-made packet) and keeps every answer of
## the lobby, in order, untouched.

## What this connection is for, in messages.
var label := ""
## The server's answers so far, oldest first (each whatever arrived).
var replies: Array = []
## Whether the server disconnected this peer (or it could not connect).
var dropped := false
## Whether the connection is up.
var connected := false


## Connects to the server on 127.0.0.1:[param port] through a multiplayer API of this node's
## parent's own.
func open(port: int) -> Error:
	var api := SceneMultiplayer.new()
	get_tree().set_multiplayer(api, get_parent().get_path())
	var peer := ENetMultiplayerPeer.new()
	var error := peer.create_client("127.0.0.1", port)
	if error != OK:
		return error
	api.multiplayer_peer = peer
	api.connected_to_server.connect(func(): connected = true)
	api.server_disconnected.connect(func(): dropped = true)
	api.connection_failed.connect(func(): dropped = true)
	return OK


## Sends the lobby [param message], as [method RulesServer.create_table] and the others do.
func send(message: Variant) -> void:
	_rpc_lobby.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, message)


## Calls the lobby's RPC with [param arguments], however many.
func send_arguments(arguments: Array) -> void:
	multiplayer.rpc(MultiplayerPeer.TARGET_PEER_SERVER, self, &"_rpc_lobby", arguments)


## Sends a hand-made RPC packet calling the lobby with one argument encoded as
## [param argument] (raw [method @GlobalScope.var_to_bytes] bytes, which may be more than Godot
## would encode: nested too deep, a whole object). The format is Godot 4's SceneMultiplayer's:
## meta byte, node given by path, method id, argument count, arguments, path.
func send_raw(argument: PackedByteArray) -> void:
	var methods: Array = get_script().get_rpc_config().keys().map(
		func(method: StringName) -> String: return str(method)
	)
	methods.sort()
	var packet := PackedByteArray([0x20, 0, 0, 0, 0, methods.find("_rpc_lobby"), 1])
	packet.append_array(argument)
	packet.encode_u32(1, 0x80000000 | packet.size())
	packet.append_array(String(name).to_utf8_buffer())
	packet.append(0)
	var peer := multiplayer.multiplayer_peer
	peer.set_target_peer(MultiplayerPeer.TARGET_PEER_SERVER)
	peer.transfer_mode = MultiplayerPeer.TRANSFER_MODE_RELIABLE
	peer.transfer_channel = 0
	peer.put_packet(packet)


## Leaves after what was sent so far has gone out (ENet's graceful disconnect).
func leave_later() -> void:
	var peer := multiplayer.multiplayer_peer as ENetMultiplayerPeer
	peer.get_peer(MultiplayerPeer.TARGET_PEER_SERVER).peer_disconnect_later()


@rpc("any_peer", "call_remote", "reliable")
func _rpc_lobby(_message: Variant = null) -> void:
	pass


@rpc("authority", "call_remote", "reliable")
func _rpc_lobby_reply(reply: Variant = null) -> void:
	replies.append(reply)
