extends TestSuite
## The classes are main-thread only, like the scene tree: a call from a Thread or the
## WorkerThreadPool is refused with an error before it reaches the object, and an object made
## there is null with an error. A call from another thread ran and panicked at its first engine
## call, after its change (the game was gone from the node, a drawn token lost), or took the
## engine down.


func test_a_call_from_a_thread_is_refused_and_the_game_is_as_it_was() -> void:
	var rules := StarterGame.rules(41, 3)
	StarterGame.keep_all(rules)
	var heard: Array = []
	rules.token_drawn.connect(func(player_id: int, _left: int) -> void: heard.append(player_id))
	var before := rules.save_game()
	_expect_refused(_on_a_thread.bind(rules.draw_next_token))
	check_equal(rules.save_game(), before, "the game")
	check_equal(heard, [], "signals")
	var player := rules.draw_next_token()
	check_equal(heard, [player], "the main thread's draw")
	_expect_refused(_on_a_thread.bind(rules.bot_decide.bind(player, 2)))
	check_equal(rules.get_phase(), GameRules.PHASE_ACTIVATION, "still the drawn player's turn")
	rules.free()


func test_a_bag_called_from_a_worker_thread_keeps_its_tokens() -> void:
	var bag := CommandTokenBag.new()
	for player in 4:
		bag.add_player_tokens(player, 4)
	bag.shuffle()
	var before := bag.to_json()
	var draw := func() -> void: bag.draw_token()
	_expect_refused(
		func() -> void: WorkerThreadPool.wait_for_task_completion(WorkerThreadPool.add_task(draw))
	)
	check_equal(bag.to_json(), before, "the bag")
	check_equal(bag.get_remaining_count(), 16, "tokens left")


func test_an_object_made_on_a_thread_is_null_with_an_error() -> void:
	for make: Callable in [CommandTokenBag.new, GameRules.new, TurnSystem.new]:
		var made: Variant = _expect_refused(_on_a_thread.bind(make))
		check_equal(made, null, "what %s gave" % make)


## Runs [param action] and checks that the class refused it as main-thread only, without a panic
## (the engine adds an error of its own: the thread's function, or [code]new()[/code], failed).
## Returns what [param action] returned.
func _expect_refused(action: Callable) -> Variant:
	var result: Variant = action.call()
	var errors := Array(error_log.take())
	check(errors.any(func(error: String) -> bool: return "main-thread only" in error), "refused")
	check_equal(errors.filter(func(error: String) -> bool: return "panic" in error), [], "panics")
	return result


## What [param call] returns, called on a new thread.
func _on_a_thread(call: Callable) -> Variant:
	var thread := Thread.new()
	thread.start(call)
	return thread.wait_to_finish()
