extends RefCounted
## The peers of a [RulesSessionHost]: each one's record (when it connected, its message and refusal
## buckets, whether it was disconnected), the admission of each message it sends, the refusals
## sent back and the disconnects. Counts into the host's stats (see [method
## RulesSessionHost.get_stats]).

const Bucket := preload("token_bucket.gd")
## Messages (hello, request, checkpoint) a peer may send at once...
const BURST := 40.0
## ... and per second after that.
const RATE_PER_SEC := 10.0
## Messages over the rate after which the peer is disconnected (the debt drains at the rate).
const FLOOD_DEBT := 200.0
## Refusals sent to one peer at once, and per second after that; the rest are only counted.
const REFUSAL_BURST := 10.0
## ... and per second after that.
const REFUSALS_PER_SEC := 2.0
## A connected peer that has not taken a seat by then is disconnected.
const HELLO_TIMEOUT_MSEC := 10000
## At most this many connected peers wait without a seat: one more connecting disconnects the
## one that has waited longest (an honest client says hello at once; connections that never do
## cannot keep the seats' owners out).
const MAX_WAITING := 16

# peer_id -> {"connected_at" (msec), "messages", "refusals" ([code]Bucket[/code]s), "kicked"}.
var _records := {}
var _session: RulesSession
# The host's stats, counted into.
var _stats: Dictionary


## Disconnects [param peer_id] from [param api]'s peer once what was already sent to it (a
## refusal saying why) has arrived: on ENet, a peer disconnected at once loses what is still on
## its way, and a client drops what came with the disconnect. Meanwhile what the peer sends is
## dropped unread by the caller; a peer that never acknowledges is dropped by ENet's timeout.
## Nothing happens for a peer that is gone already.
static func disconnect_peer(api: MultiplayerAPI, peer_id: int) -> void:
	var peer := api.multiplayer_peer
	if peer == null or peer_id not in api.get_peers():
		return
	var enet := peer as ENetMultiplayerPeer
	var enet_peer := enet.get_peer(peer_id) if enet else null
	if enet_peer:
		enet_peer.peer_disconnect_later()
	else:
		peer.disconnect_peer(peer_id)


func _init(session: RulesSession, stats: Dictionary) -> void:
	_session = session
	_stats = stats


## Counts one message from [param peer_id]; false (the message is dropped) if the peer was
## disconnected or is over its rate. A peer deep enough in debt is disconnected.
func admit(peer_id: int) -> bool:
	var peer := record(peer_id)
	_stats["messages"] += 1
	if peer["kicked"]:
		_stats["dropped"] += 1
		return false
	var messages: Bucket = peer["messages"]
	if messages.take():
		return true
	_stats["dropped"] += 1
	if messages.tokens <= -FLOOD_DEBT:
		kick(peer_id, "flooding: over %d messages a second" % RATE_PER_SEC)
	else:
		tell(peer_id, "too many messages: this one was dropped unread")
	return false


## Returns the token of a message that moved the game on.
func give_back(peer_id: int) -> void:
	record(peer_id)["messages"].give_back()


## The record of [param peer_id], made on first sight.
func record(peer_id: int) -> Dictionary:
	if not _records.has(peer_id):
		_records[peer_id] = {
			"connected_at": Time.get_ticks_msec(),
			"messages": Bucket.new(BURST, RATE_PER_SEC, -FLOOD_DEBT),
			"refusals": Bucket.new(REFUSAL_BURST, REFUSALS_PER_SEC),
			"kicked": false,
		}
	return _records[peer_id]


## Forgets [param peer_id] (it disconnected).
func forget(peer_id: int) -> void:
	_records.erase(peer_id)


## Whether [param peer_id] was disconnected by this host (and is not gone yet).
func is_kicked(peer_id: int) -> bool:
	return _records.has(peer_id) and _records[peer_id]["kicked"]


## Disconnects every peer that connected more than [constant HELLO_TIMEOUT_MSEC] before
## [param now_msec] and holds no seat (not in [param seated], peer_id -> player_id).
func kick_silent(now_msec: int, seated: Dictionary) -> void:
	for peer_id in _records.keys():
		var peer: Dictionary = _records[peer_id]
		var silent: bool = now_msec - int(peer["connected_at"]) > HELLO_TIMEOUT_MSEC
		if silent and not peer["kicked"] and not seated.has(peer_id):
			kick(peer_id, "no hello within %d ms" % HELLO_TIMEOUT_MSEC)


## Disconnects the peer without a seat (not in [param seated], peer_id -> player_id) that has
## waited longest, while more than [constant MAX_WAITING] wait.
func evict_waiting(seated: Dictionary) -> void:
	var waiting: Array = _records.keys().filter(
		func(peer_id: int) -> bool:
			return not _records[peer_id]["kicked"] and not seated.has(peer_id)
	)
	if waiting.size() <= MAX_WAITING:
		return
	var oldest: int = waiting[0]
	for peer_id: int in waiting:
		if _records[peer_id]["connected_at"] < _records[oldest]["connected_at"]:
			oldest = peer_id
	kick(oldest, "more than %d connections wait for a seat" % MAX_WAITING)


## Disconnects [param peer_id]; what it still sends is dropped unread until it is gone.
func kick(peer_id: int, reason: String) -> void:
	record(peer_id)["kicked"] = true
	_stats["kicked"] += 1
	_session.peer_kicked.emit(peer_id, reason)
	disconnect_peer(_session.multiplayer, peer_id)


## Counts a refusal and tells the peer (see [method tell]).
func refuse(peer_id: int, reason: String) -> void:
	_stats["refused"] += 1
	_session.request_rejected.emit(peer_id, reason)
	tell(peer_id, reason)


## Sends [param peer_id] a refusal, only while its refusal bucket has a token.
func tell(peer_id: int, reason: String) -> void:
	if record(peer_id)["refusals"].take():
		_stats["refusals_sent"] += 1
		_session._rpc_refused.rpc_id(peer_id, reason)
