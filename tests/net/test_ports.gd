extends RefCounted
## The UDP ports the suites that run ENet on 127.0.0.1 listen on, and a way to take one.

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
