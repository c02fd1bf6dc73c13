extends SceneTree
## The server of the multiplayer test: hosts a seeded starter-set game on 127.0.0.1 and checks,
## as it goes, that nothing secret leaves the server, that every refused request left the game
## as it was, and that every client's state after every round equals the server's view for that
## player. Prints one `SERVER RESULT` line and exits 0 only if all held.
##
## A client that leaves for good is, once --reconnect-timeout runs out, eliminated
## (--policy eliminate) or has its activations passed (--policy pass) while the others play on.
##
## With --entropy 1 every client adds a nonce to every round's shuffle; with
## --expect-nonce-timeout 1 one of them must be late and the server add it. With
## --expect-mulligan-timeout 1 one client must leave the mulligan undecided and the server keep
## its hand, bottoming as many cards as its mulligans that count.
##
## Arguments after `--`: --port N --players N --rounds N --seed N --deadline SECONDS
## --reconnect-timeout SECONDS --policy pass|eliminate --entropy 0|1 --expect-nonce-timeout 0|1
## --expect-mulligan-timeout 0|1

const GRACE_MSEC := 15000
## The whole game must be over by then; the process ends itself either way.
const WATCHDOG_SEC := 180.0
## How many of each round's next draws seat 0 sees.
const FORESIGHT := 2

var _options := {
	"port": 0,
	"players": 3,
	"rounds": 5,
	"seed": 1,
	"deadline": 0.0,
	"reconnect_timeout": 30.0,
	"policy": "pass",
	"entropy": 0,
	"expect_nonce_timeout": 0,
	"expect_mulligan_timeout": 0,
}
var _rules: GameRules
var _session := RulesSession.new()
var _failures: PackedStringArray = []
## Private peeks sent, all to seat 0 (token prediction).
var _peeks_sent := 0
var _hash_after_update := 0
var _refusals := 0
var _timeouts := 0
var _nonce_timeouts := 0
## Players whose hands the server kept at the deadline.
var _kept_late: Array[int] = []
var _updates := 0
## player_id -> rounds whose checkpoint matched.
var _synced := {}
## player_id -> whether a client holds the seat now.
var _present := {}
var _over_at := 0


func _process(_delta: float) -> bool:
	if _over_at == 0:
		return false
	var all_synced := true
	for player_id in _present:
		if _present[player_id]:
			all_synced = all_synced and _rules.get_round() in _synced.get(player_id, [])
	if all_synced or Time.get_ticks_msec() - _over_at > GRACE_MSEC:
		_finish(all_synced)
	return false


func _initialize() -> void:
	_options = NetOptions.parse(OS.get_cmdline_user_args(), _options)
	var overrides := {"round_limit": _options["rounds"], "player_entropy": _options["entropy"] == 1}
	_rules = StarterGame.rules(_options["seed"], _options["players"], overrides)
	# Seat 0 sees the next draws (token prediction): nobody else may receive them.
	var seats := StarterGame.players(_options["players"])
	seats[0]["foresight"] = FORESIGHT
	_rules.setup(seats, StarterGame.config(overrides))
	root.add_child(_rules)
	_session.name = "Session"
	_session.turn_deadline = _options["deadline"]
	_session.reconnect_timeout = _options["reconnect_timeout"]
	if _options["policy"] == "eliminate":
		_session.reconnect_policy = RulesSession.ReconnectPolicy.ELIMINATE
	_session.peer_seated.connect(func(player_id: int, _peer_id: int): _present[player_id] = true)
	_session.peer_left.connect(func(player_id: int): _present[player_id] = false)
	root.add_child(_session)
	_session.update_sent.connect(_on_update_sent)
	_session.request_rejected.connect(_on_request_rejected)
	_session.checkpoint_checked.connect(_on_checkpoint_checked)
	_session.activation_timed_out.connect(func(_player_id: int): _timeouts += 1)
	_session.nonce_timed_out.connect(func(_player_id: int): _nonce_timeouts += 1)
	_session.mulligan_timed_out.connect(func(player_id: int): _kept_late.append(player_id))
	_rules.game_over.connect(func(_winner: int): _over_at = Time.get_ticks_msec())
	create_timer(WATCHDOG_SEC).timeout.connect(_on_watchdog)
	# The multiplayer API is there once the root is in the tree: after this method.
	_listen.call_deferred()


func _listen() -> void:
	if _session.host_game(_rules, _options["port"], "127.0.0.1") != OK:
		quit(2)
		return
	print("SERVER listening on %d" % _options["port"])


func _on_watchdog() -> void:
	_failures.append("the game was not over within %d s" % WATCHDOG_SEC)
	_finish(false)


func _on_update_sent(player_id: int, update: Dictionary) -> void:
	_updates += 1
	_hash_after_update = _rules.get_state_hash()
	_check_no_secrets(player_id, update)


func _on_request_rejected(peer_id: int, reason: String) -> void:
	_refusals += 1
	print("SERVER refused peer %d: %s" % [peer_id, reason])
	if _rules.get_state_hash() != _hash_after_update:
		_failures.append("a refused request changed the game: %s" % reason)


func _on_checkpoint_checked(player_id: int, round_number: int, in_sync: bool) -> void:
	if not in_sync:
		_failures.append("player %d out of sync after round %d" % [player_id, round_number])
		return
	if not _synced.has(player_id):
		_synced[player_id] = []
	_synced[player_id].append(round_number)
	print("SERVER player %d in sync after round %d" % [player_id, round_number])


## Fails the run if [param update] (bound for [param player_id]) holds the seed, a random
## stream, a deck's order, another player's hand, or another player's private draw or foresight.
func _check_no_secrets(player_id: int, update: Dictionary) -> void:
	var text := JSON.stringify(update)
	if str(_options["seed"]) in text:
		_failures.append("the seed went to player %d" % player_id)
	for key in ['"seed"', '"rng"', '"deck"', '"bot_rng"', '"deck_rng"']:
		if key in text:
			_failures.append("%s went to player %d" % [key, player_id])
	for seat: Dictionary in update["snapshot"]["players"]:
		if seat["id"] != player_id and seat["hand"] != null:
			_failures.append("player %d's hand went to player %d" % [seat["id"], player_id])
	for seat: Dictionary in update["snapshot"]["players"]:
		if seat["id"] != player_id and seat.get("foreseen") != null:
			_failures.append("player %d's foresight went to player %d" % [seat["id"], player_id])
	for event: Dictionary in update["events"]:
		var private: bool = event["type"] in ["private_draw", "private_peek"]
		if private and event["player"] != player_id:
			_failures.append(
				"player %d's %s went to player %d" % [event["player"], event["type"], player_id]
			)
		if event["type"] == "private_peek":
			_peeks_sent += 1


## Every player who put tokens into a round added a nonce to its shuffle (no one is eliminated in
## the entropy scenario).
func _check_entropy() -> void:
	var nonces := {}
	var contributions := {}
	for event in _rules.get_events_since(0):
		if event["type"] in ["tokens_contributed", "entropy_added"]:
			var counts := nonces if event["type"] == "entropy_added" else contributions
			counts[event["round"]] = counts.get(event["round"], 0) + 1
	for round_number in range(1, _rules.get_round() + 1):
		var added: int = nonces.get(round_number, 0)
		var seats: int = contributions.get(round_number, -1)
		if added != seats:
			_failures.append("round %d: %d nonces for %d seats" % [round_number, added, seats])


## Players whose clients left for good were eliminated or passed, as the policy says, and the
## others played every round.
func _check_leavers() -> void:
	var living := _rules.get_living_player_ids()
	for player_id in _present:
		var eliminated: bool = player_id not in living
		if _present[player_id] and eliminated:
			_failures.append("player %d was eliminated while connected" % player_id)
		elif not _present[player_id] and eliminated != (_options["policy"] == "eliminate"):
			_failures.append(
				"player %d left; policy %s not applied" % [player_id, _options["policy"]]
			)
	if _rules.get_round() != _options["rounds"]:
		_failures.append(
			"the game ended in round %d of %d" % [_rules.get_round(), _options["rounds"]]
		)


## The server kept a hand at the mulligan's deadline, with the right number of cards on the
## bottom (the mulligans that count: all of them, unless the config makes the first free).
func _check_kept_late() -> void:
	if _kept_late.is_empty():
		_failures.append("no hand was kept by the server after the deadline")
	var free_first: bool = _rules.get_config().get("free_first_mulligan", false) == true
	var free := 1 if free_first and _rules.get_player_ids().size() > 2 else 0
	for event in _rules.get_events_since(0):
		if event["type"] == "hand_kept" and event["player"] in _kept_late:
			var mulligans: int = _rules.get_player_state(event["player"])["mulligans"]
			if event["bottomed"] != maxi(mulligans - free, 0):
				_failures.append("player %d kept late with a wrong bottom" % event["player"])
			print(
				(
					"SERVER kept player %d's hand at the deadline: %d mulligans, %d bottomed"
					% [event["player"], mulligans, event["bottomed"]]
				)
			)


func _finish(all_synced: bool) -> void:
	if not all_synced:
		_failures.append(
			"not every client still here reported the last round in sync: %s" % _synced
		)
	_check_leavers()
	if _peeks_sent == 0:
		_failures.append("seat 0 has foresight, but no private peek was sent")
	if _options["entropy"] == 1:
		_check_entropy()
	if _options["deadline"] > 0.0 and _timeouts == 0:
		_failures.append("no activation ran past the deadline")
	if _options["expect_nonce_timeout"] == 1 and _nonce_timeouts == 0:
		_failures.append("no nonce was added by the server after the deadline")
	if _options["expect_mulligan_timeout"] == 1:
		_check_kept_late()
	var replayed := GameRules.new()
	if replayed.load_replay(_rules.save_replay()) != OK:
		_failures.append("the game's replay does not load")
	elif replayed.get_state_hash() != _rules.get_state_hash():
		_failures.append("the replay (deadline passes included) does not reproduce the game")
	replayed.free()
	var verdict := "ok" if _failures.is_empty() else "FAILED"
	print(
		(
			"SERVER RESULT %s: rounds %d, updates %d, refused %d, timed out %d + %d nonces + %d hands"
			% [
				verdict,
				_rules.get_round(),
				_updates,
				_refusals,
				_timeouts,
				_nonce_timeouts,
				_kept_late.size(),
			]
		)
	)
	for failure in _failures:
		print("SERVER FAILURE %s" % failure)
	_session.close()
	quit(0 if _failures.is_empty() else 1)
