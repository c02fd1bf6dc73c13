extends SceneTree
## Side-by-side benchmark: the original GDScript design of the command token bag and round loop
## (seed 000: an Array of token objects, shuffle, pop_back, per-player counts by scanning)
## against the Rust classes, in one headless process. Run with [code]cargo xtask bench[/code].
##
## Prints one line per case with both times and the ratio. Timing is wall-clock
## ([method Time.get_ticks_usec]) over enough repetitions to last a fraction of a second; each
## side runs five times, the two sides taking turns so that a busy moment of a shared machine
## falls on both, and each side's best run counts.

const PLAYERS := 8
const TOKENS := 6
const LOOP_PLAYERS := 4
const LOOP_TOKENS := 4
const LOOP_ROUNDS := 1000
const RUNS := 5


func _initialize() -> void:
	_report("(a) full round of draws, 8 × 6", _reference_round, _rust_round, 2000)
	_report(
		"(b) 48 × (draw + display queries), 8 players", _reference_draw_query, _rust_draw_query, 500
	)
	_report("(c) 1 000 rounds of the round loop, 4 × 4", _reference_loop, _rust_loop, 1)
	_report("(c) the same, in one GameRules.play_rounds", _reference_loop, _rust_play_rounds, 1)
	quit()


func _report(label: String, reference: Callable, rust: Callable, repetitions: int) -> void:
	var reference_usec := INF
	var rust_usec := INF
	for run in RUNS:
		reference_usec = minf(reference_usec, _time(reference, repetitions))
		rust_usec = minf(rust_usec, _time(rust, repetitions))
	print(
		(
			"%-44s GDScript %10.2f µs   Rust %10.2f µs   ratio %6.1f×"
			% [label, reference_usec, rust_usec, reference_usec / rust_usec]
		)
	)


## Microseconds per call of [param body], over [param repetitions] calls.
func _time(body: Callable, repetitions: int) -> float:
	var started := Time.get_ticks_usec()
	for repetition in repetitions:
		body.call()
	return float(Time.get_ticks_usec() - started) / repetitions


func _reference_round() -> void:
	var bag := ReferenceBag.new()
	for player in PLAYERS:
		bag.add_player_tokens(player, TOKENS)
	bag.shuffle()
	while not bag.is_empty():
		bag.draw_token()


func _rust_round() -> void:
	var bag := CommandTokenBag.new()
	for player in PLAYERS:
		bag.add_player_tokens(player, TOKENS)
	bag.shuffle()
	while not bag.is_empty():
		bag.draw_token()


## Every draw of a full 8 × 6 bag, each followed by what the display asks: remaining, every
## player's count and every player's chance of the next draw. Returns a checksum of the answers.
func _reference_draw_query() -> float:
	var bag := ReferenceBag.new()
	for player in PLAYERS:
		bag.add_player_tokens(player, TOKENS)
	bag.shuffle()
	var checksum := 0.0
	while not bag.is_empty():
		bag.draw_token()
		var remaining := bag.get_remaining_count()
		for player in PLAYERS:
			var count := bag.get_player_remaining_count(player)
			checksum += count + (float(count) / remaining if remaining > 0 else 0.0)
	return checksum


func _rust_draw_query() -> float:
	var bag := CommandTokenBag.new()
	for player in PLAYERS:
		bag.add_player_tokens(player, TOKENS)
	bag.shuffle()
	var checksum := 0.0
	while not bag.is_empty():
		bag.draw_token()
		checksum += bag.get_remaining_count()
		for count: int in bag.get_remaining_counts_array():
			checksum += count
		for chance: float in bag.get_next_draw_chances_array():
			checksum += chance
	return checksum


func _reference_loop() -> void:
	var manager := ReferenceGameManager.new(LOOP_PLAYERS, LOOP_TOKENS)
	for round_number in LOOP_ROUNDS:
		manager.process_round_start()
		while manager.draw_next_token():
			manager.complete_player_action(manager.active_player)


## The loop calling GameRules once per command, as a game would.
func _rust_loop() -> void:
	var rules := _loop_rules()
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		rules.pass_activation(rules.draw_next_token())
	rules.free()


## The same loop inside GameRules: every draw, and every activation passed.
func _rust_play_rounds() -> void:
	var rules := _loop_rules()
	rules.play_rounds(LOOP_ROUNDS, GameRules.AUTOPLAY_PASS)
	rules.free()


## Rules for the loop: 4 players with 4 tokens, no cards, hands kept, round 1 waiting for a draw.
func _loop_rules() -> GameRules:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.opening_hand_size = 0
	rules.round_limit = LOOP_ROUNDS
	rules.setup(range(LOOP_PLAYERS), {"command_tiers": [{"tokens": LOOP_TOKENS}]})
	StarterGame.keep_all(rules)
	return rules


## The seed's CommandTokenBag, as it was written in GDScript.
class ReferenceBag:
	signal token_drawn(player: int, remaining: int)
	signal bag_emptied

	var tokens: Array[ReferenceToken] = []
	var drawn_history: Array[ReferenceToken] = []
	var rng := RandomNumberGenerator.new()

	func add_player_tokens(player: int, count: int) -> void:
		for i in count:
			tokens.append(ReferenceToken.new(player, tokens.size()))

	func shuffle() -> void:
		tokens.shuffle()
		tokens.shuffle()

	func draw_token() -> ReferenceToken:
		if tokens.is_empty():
			bag_emptied.emit()
			return null
		var token: ReferenceToken = tokens.pop_back()
		drawn_history.append(token)
		token_drawn.emit(token.owner, tokens.size())
		return token

	func is_empty() -> bool:
		return tokens.is_empty()

	func get_remaining_count() -> int:
		return tokens.size()

	func get_player_remaining_count(player: int) -> int:
		var count := 0
		for token in tokens:
			if token.owner == player:
				count += 1
		return count

	func clear() -> void:
		tokens.clear()
		drawn_history.clear()


## The seed's token object.
class ReferenceToken:
	var owner: int
	var token_id: int

	func _init(player: int, id: int) -> void:
		owner = player
		token_id = id


## The seed's player state, as much of it as a round touches.
class ReferencePlayer:
	var energy := 0
	var energy_per_round := 10
	var command_tokens := 4
	var max_command_tokens := 4
	var hand: Array[int] = []
	var deck: Array[int] = []
	var hand_limit := 7


## The seed's game-manager round loop: refresh players, fill and shuffle the bag, draw, check the
## active player's action, draw again until the bag is empty.
class ReferenceGameManager:
	var players: Array[ReferencePlayer] = []
	var command_bag := ReferenceBag.new()
	var active_player := -1
	var waiting_for_action := false

	func _init(count: int, tokens: int) -> void:
		for index in count:
			var player := ReferencePlayer.new()
			player.max_command_tokens = tokens
			players.append(player)
		command_bag.token_drawn.connect(_on_token_drawn)

	func process_round_start() -> void:
		for player in players:
			player.energy = player.energy_per_round
			player.command_tokens = player.max_command_tokens
			while player.hand.size() < player.hand_limit and not player.deck.is_empty():
				player.hand.append(player.deck.pop_back())
		command_bag.clear()
		for index in players.size():
			command_bag.add_player_tokens(index, players[index].max_command_tokens)
		command_bag.shuffle()

	func draw_next_token() -> bool:
		if command_bag.is_empty():
			return false
		var token := command_bag.draw_token()
		active_player = token.owner
		waiting_for_action = true
		return true

	func complete_player_action(player: int) -> bool:
		if player != active_player or not waiting_for_action:
			return false
		waiting_for_action = false
		return true

	func _on_token_drawn(_player: int, _remaining: int) -> void:
		pass
