extends Node
## A hostile host for one [RulesSession] guest: a node named like the host's session
## ([code]Session[/code]) with the same RPC methods and none of its checks. It keeps what the
## guest sends; what the guest gets is up to the test.

## Each hello: [peer, name, rejoin token, since].
var hellos: Array = []
## Each request: [peer, request].
var requests: Array = []
## Each checkpoint: [peer, seq, digest].
var checkpoints: Array = []

@rpc("any_peer", "call_remote", "reliable")
func _rpc_hello(
	player_name: Variant = null, rejoin_token: Variant = null, since: Variant = null
) -> void:
	hellos.append([multiplayer.get_remote_sender_id(), player_name, rejoin_token, since])


@rpc("any_peer", "call_remote", "reliable")
func _rpc_request(request: Variant = null) -> void:
	requests.append([multiplayer.get_remote_sender_id(), request])


@rpc("any_peer", "call_remote", "reliable")
func _rpc_checkpoint(seq: Variant = null, snapshot_digest: Variant = null) -> void:
	checkpoints.append([multiplayer.get_remote_sender_id(), seq, snapshot_digest])


# Untyped on this side, so that any Variant leaves as it is.
@rpc("authority", "call_remote", "reliable")
func _rpc_welcome(_player_id: Variant = null, _rejoin_token: Variant = null) -> void:
	pass


@rpc("authority", "call_remote", "reliable")
func _rpc_update(_update: Variant = null) -> void:
	pass


@rpc("authority", "call_remote", "reliable")
func _rpc_refused(_reason: Variant = null) -> void:
	pass
