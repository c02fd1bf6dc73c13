@icon("res://addons/horizons_edge/icons/agones_sdk.svg")
class_name AgonesSdk
extends Node
## A game server's side of Agones (game servers on Kubernetes): the SDK sidecar's REST
## endpoints, [code]POST http://localhost:$AGONES_SDK_HTTP_PORT/ready[/code],
## [code]/health[/code], [code]/allocate[/code] and [code]/shutdown[/code], each with the body
## [code]{}[/code]. Agones sets [code]AGONES_SDK_HTTP_PORT[/code] in the game server's
## container; without it (run anywhere else) every call does nothing, so a server may always
## have this node.[br][br]
## Once in the tree it says it is healthy every [member health_interval_sec] seconds (Agones
## marks a server that stops saying so Unhealthy and replaces it). Requests go one at a time, in
## order; a failed one is logged as a warning and not retried (the next health call is the
## retry).
## [codeblock]
## var agones := AgonesSdk.new()
## add_child(agones)
## agones.mark_ready()  # listening: Agones may hand this server out
## agones.allocate()  # players are on it: never scale it down
## [/codeblock]

## A request was answered (or failed): [param endpoint] is "ready", "health", "allocate" or
## "shutdown".
signal request_finished(endpoint: String, succeeded: bool)

## The environment variable in which Agones passes the sidecar's HTTP port.
const PORT_VARIABLE := "AGONES_SDK_HTTP_PORT"
## Seconds a request may take.
const TIMEOUT_SEC := 5.0
const SettingCheck := preload("../setting_check.gd")

## Seconds between health calls; keep it below the Fleet's [code]health.periodSeconds[/code].
## A time a script sets outside the inspector's range is refused with an error (it stays).
@export_range(0.5, 60.0, 0.5, "suffix:s") var health_interval_sec := 2.0:
	set(value):
		health_interval_sec = SettingCheck.seconds(
			"AgonesSdk.health_interval_sec", value, health_interval_sec, 60.0, 0.5
		)

var _base_url := ""
var _http: HTTPRequest
# Endpoints waiting, the first one in flight when [member _busy].
var _queue: PackedStringArray = []
var _busy := false


func _ready() -> void:
	var port := OS.get_environment(PORT_VARIABLE)
	if not port.is_valid_int():
		return
	_base_url = "http://localhost:%d" % port.to_int()
	_http = HTTPRequest.new()
	_http.timeout = TIMEOUT_SEC
	_http.request_completed.connect(_on_request_completed)
	add_child(_http)
	var timer := Timer.new()
	timer.wait_time = health_interval_sec
	timer.timeout.connect(health)
	add_child(timer)
	timer.start()


## Whether the sidecar is there ([constant PORT_VARIABLE] set); off, every call does nothing.
func is_enabled() -> bool:
	return _base_url != ""


## Tells Agones the server is listening and may be handed out (GameServer state Ready).
func mark_ready() -> void:
	_post("ready")


## Tells Agones the server is alive (also sent on its own every [member health_interval_sec]).
func health() -> void:
	if not "health" in _queue:
		_post("health")


## Marks the server Allocated: it has players, and a Fleet scaling down must not remove it.
func allocate() -> void:
	_post("allocate")


## Tells Agones the server is done: it will stop it and start another in its place.
func shutdown() -> void:
	_post("shutdown")


func _post(endpoint: String) -> void:
	if not is_enabled():
		return
	_queue.append(endpoint)
	_send_next()


func _send_next() -> void:
	while not _busy and not _queue.is_empty():
		var url := "%s/%s" % [_base_url, _queue[0]]
		var headers := PackedStringArray(["Content-Type: application/json"])
		if _http.request(url, headers, HTTPClient.METHOD_POST, "{}") == OK:
			_busy = true
		else:
			_finish(false, "could not start the request")


func _on_request_completed(
	result: int, status: int, _headers: PackedStringArray, _body: PackedByteArray
) -> void:
	_busy = false
	var succeeded := result == HTTPRequest.RESULT_SUCCESS and status == 200
	_finish(succeeded, "result %d, HTTP status %d" % [result, status])
	_send_next()


func _finish(succeeded: bool, detail: String) -> void:
	var endpoint := _queue[0]
	_queue.remove_at(0)
	if not succeeded:
		push_warning("AgonesSdk: POST /%s failed: %s" % [endpoint, detail])
	elif endpoint != "health":
		print("AgonesSdk: %s" % endpoint)
	request_finished.emit(endpoint, succeeded)
