extends RefCounted
## What the suites that run ENet on 127.0.0.1 share: the UDP ports they listen on, a way to take
## one, and the making and closing of the multiplayer branches (nodes with a multiplayer API of
## their own) they run on.

## The first port of the range...
const FIRST := 47200
## ... and how many there are.
const COUNT := 100
## Ports tried before giving up.
const ATTEMPTS := 20


## Calls [param listen] (port -> [enum Error]) with ports of the range, from a random one on,
## until one is [constant OK]; returns that port, or 0 if none was. A port some other process
## holds is skipped first, quietly (ENet logs an error for it).
static func take(listen: Callable) -> int:
	var start := randi() % COUNT
	for attempt in ATTEMPTS:
		var port := FIRST + (start + attempt) % COUNT
		var probe := PacketPeerUDP.new()
		var free := probe.bind(port, "127.0.0.1") == OK
		probe.close()
		if free and listen.call(port) == OK:
			return port
	return 0


## A new node [param branch_name] under [param parent] with a multiplayer API of its own (a
## branch: the host and each client of one process talk through their own), kept in
## [param branches] for [method close].
static func branch(parent: Node, branch_name: String, branches: Array[Node]) -> Node:
	var node := Node.new()
	node.name = branch_name
	parent.add_child(node)
	parent.get_tree().set_multiplayer(SceneMultiplayer.new(), node.get_path())
	branches.append(node)
	return node


## Closes the peer of every node in [param branches] (each a multiplayer branch of
## [param tree]), takes its multiplayer API back, frees it, and empties [param branches].
static func close(tree: SceneTree, branches: Array[Node]) -> void:
	for branch in branches:
		var api := tree.get_multiplayer(branch.get_path())
		if api.multiplayer_peer:
			api.multiplayer_peer.close()
		tree.set_multiplayer(null, branch.get_path())
		branch.free()
	branches.clear()
